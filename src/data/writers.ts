// The signed-in user's writes, bound to the app's store: views and their helpers call these instead of
// handing `db` to a repository (eslint.config.js refuses `db` outside src/data).
import { bound } from './hooks/bound';
import { dismissNotification, markAllNotificationsRead, markNotificationRead } from './repositories/notifications';
import { createPriceAlert, deletePriceAlert, setPriceAlertActive } from './repositories/price-alerts';
import {
  createSavedSearch,
  deleteSavedSearch,
  markSavedSearchViewed,
  renameSavedSearch,
} from './repositories/saved-searches';
import { saveNotificationPreferences, saveProfile } from './repositories/preferences';

export const notificationWrites = {
  markRead: bound(markNotificationRead),
  markAllRead: bound(markAllNotificationsRead),
  dismiss: bound(dismissNotification),
};

export const priceAlertWrites = {
  create: bound(createPriceAlert),
  setActive: bound(setPriceAlertActive),
  remove: bound(deletePriceAlert),
};

export const savedSearchWrites = {
  create: bound(createSavedSearch),
  rename: bound(renameSavedSearch),
  remove: bound(deleteSavedSearch),
  markViewed: bound(markSavedSearchViewed),
};

export const preferenceWrites = {
  saveNotificationPreferences: bound(saveNotificationPreferences),
  saveProfile: bound(saveProfile),
};
