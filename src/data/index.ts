// Public surface of the local-first store: the database, repositories (the only writers) and
// live-query and write hooks. Catalogue queries live in data/catalogue/.
export * from './types';
export { db, createDatabase, MotorlyDb, MAX_TRIES, DEFAULT_DB_NAME } from './db';
export { createRow, updateRow, deleteRow, NotSignedInError } from './outbox';
export type { WriteOptions } from './outbox';
export { getClientId, getSessionUserId, getLastSyncedAt, getCursor } from './sync-state';
export { createSyncStore, knownTable } from './sync-store';
export type { SyncStore, FailureInfo, FailureOutcome, QueueCounts } from './sync-store';
export { setSessionUser, pendingCountForUser, clearUserData, claimSignedOutBookmarks } from './session';
export { retryParkedOp, retryAllParked, discardParkedOp } from './needs-attention';
export * from './repositories/bookmarks';
export * from './repositories/notifications';
export * from './repositories/price-alerts';
export * from './repositories/preferences';
export * from './repositories/activity';
export { useBookmarks, useIsBookmarked } from './hooks/use-bookmarks';
export { useNotifications, useUnreadNotificationCount, NOTIFICATIONS_LIMIT } from './hooks/use-notifications';
export { usePriceAlerts } from './hooks/use-price-alerts';
export type { PriceAlertView } from './hooks/use-price-alerts';
export { useSyncQueue } from './hooks/use-sync-queue';
export { useQueueCounts } from './hooks/use-queue-counts';
export { useToggleBookmark, useParkedOpActions, type ParkedOpActions } from './hooks/use-write-actions';
export type { SyncQueueView } from './hooks/use-sync-queue';
export { readDeviceUserData, clearLocalStore, countLocalTables, type DeviceUserData } from './device-data';
export { useTableCounts, readAppDeviceUserData } from './hooks/use-table-counts';
