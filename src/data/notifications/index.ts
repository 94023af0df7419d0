// Notifications: the repository, the live-query hooks and the write hook.
export { useNotifications, useUnreadNotificationCount, NOTIFICATIONS_LIMIT } from '../hooks/use-notifications';
export { notificationWrites } from '../writers';
export {
  hiddenNotificationsKey,
  markNotificationRead,
  dismissNotification,
  markAllNotificationsRead,
  HIDDEN_PREFIX,
} from '../repositories/notifications';
