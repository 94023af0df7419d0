import { BellIcon, formatCount } from '@/shared/ui';

export interface NotificationBellProps {
  /** Unread notifications; the badge shows up to 99, then '99+'. */
  unreadCount: number;
  onOpen: () => void;
  expanded?: boolean;
}

export function NotificationBell({ unreadCount, onOpen, expanded }: NotificationBellProps) {
  const hasUnread = unreadCount > 0;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--icon nav-bell"
      aria-label="Notifications"
      aria-describedby={hasUnread ? 'nav-bell-count' : undefined}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onOpen}
    >
      <BellIcon />
      {hasUnread && (
        <span id="nav-bell-count" className="nav-bell__badge" data-testid="unread-badge">
          {formatCount(unreadCount)}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </button>
  );
}
