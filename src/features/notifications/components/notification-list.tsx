import { notificationWrites } from '@/data/notifications';
import type { AppNotification } from '@/data/types';
import { reportError } from '@/shared/lib/report-error';
import { BellIcon, Button, CloseIcon, EmptyState } from '@/shared/ui';
import { notificationHref, timeAgo } from '../notification-link';

export interface NotificationListProps {
  notifications: AppNotification[] | undefined;
  onSetUp: () => void;
}

function open(n: AppNotification): void {
  // Marking read is a local write (synced later); the page opens in a new tab either way.
  void notificationWrites
    .markRead(n.id)
    .catch((e: unknown) => reportError(e, { component: 'notifications', action: 'mark-read' }));
  const url = notificationHref(n);
  if (url) window.open(url, '_blank', 'noopener');
}

export function NotificationList({ notifications, onSetUp }: NotificationListProps) {
  if (notifications === undefined) {
    return (
      <p className="ntf-status" role="status">
        Loading notifications...
      </p>
    );
  }
  if (notifications.length === 0) {
    return (
      <EmptyState
        headingLevel="h3"
        icon={<BellIcon />}
        title="No notifications yet"
        description="We'll notify you about price drops, new matches, and updates."
        actions={
          <Button variant="primary" onClick={onSetUp}>
            Set up notifications
          </Button>
        }
      />
    );
  }
  return (
    <ul className="ntf-list" aria-label="Notifications" data-testid="notification-list">
      {notifications.map((n) => {
        const unread = !n.dismissed_at;
        return (
          <li key={n.id} className={unread ? 'ntf-item ntf-item--unread' : 'ntf-item'} data-testid="notification-item">
            <button type="button" className="ntf-item__main" onClick={() => open(n)}>
              <span className="ntf-item__title">
                {unread && <span className="ntf-dot" aria-hidden="true" />}
                {n.title}
                {unread && <span className="sr-only"> (unread)</span>}
              </span>
              {n.message && <span className="ntf-item__message">{n.message}</span>}
              <span className="ntf-item__time">{timeAgo(n.created_at)}</span>
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--icon btn--sm ntf-item__dismiss"
              aria-label={`Dismiss: ${n.title}`}
              onClick={() =>
                void notificationWrites
                  .dismiss(n.id)
                  .catch((e: unknown) => reportError(e, { component: 'notifications', action: 'dismiss' }))
              }
            >
              <CloseIcon size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
