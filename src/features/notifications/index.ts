// Notifications: the bell's panel (list + settings), the settings on their own (for /account) and
// the live toasts for new arrivals.
export { NotificationPanel } from './components/notification-panel';
export { NotificationSettings } from './components/notification-settings';
export { useLiveNotificationToasts } from './use-live-notification-toasts';
export { notificationHref } from './notification-link';
