import { useState } from 'react';
import { notificationWrites, useNotifications } from '@/data/notifications';
import { reportError } from '@/shared/lib/report-error';
import { Button } from '@/shared/ui';
import { newCountLabel } from '../notification-link';
import { NotificationList } from './notification-list';
import { NotificationSettings } from './notification-settings';
import '../notifications.css';

/** The bell's side-sheet body (SPEC §2): list and settings views. */
export function NotificationPanel() {
  const [view, setView] = useState<'list' | 'settings'>('list');
  const notifications = useNotifications();
  const unread = notifications?.filter((n) => !n.dismissed_at).length ?? 0;
  return (
    <div className="ntf-panel">
      <div className="ntf-panel__bar">
        <span className="ntf-panel__count" data-testid="notification-new-count">
          {newCountLabel(unread)}
        </span>
        <div className="ntf-panel__tools">
          {view === 'list' && unread > 0 && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                void notificationWrites
                  .markAllRead()
                  .catch((e: unknown) => reportError(e, { component: 'notifications', action: 'mark-all-read' }))
              }
            >
              Mark all read
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={view === 'settings'}
            onClick={() => setView(view === 'list' ? 'settings' : 'list')}
          >
            {view === 'list' ? 'Settings' : 'Back to notifications'}
          </Button>
        </div>
      </div>
      {view === 'list' ? (
        <NotificationList notifications={notifications} onSetUp={() => setView('settings')} />
      ) : (
        <NotificationSettings />
      )}
    </div>
  );
}
