// Public surface of the local-first store: the database, repositories (the only writers) and
// live-query hooks. Catalogue queries are added in catalogue*.ts by the catalogue feature.
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
export * from './repositories/saved-searches';
export { savedSearchFiltersFromQuery, listingMatches } from './saved-searches/filters';
export { useBookmarks, useIsBookmarked } from './hooks/use-bookmarks';
export { useNotifications, useUnreadNotificationCount, NOTIFICATIONS_LIMIT } from './hooks/use-notifications';
export { usePriceAlerts, usePriceAlertForListing, useListingForAlert } from './hooks/use-price-alerts';
export { useSavedSearches, loadSavedSearches } from './hooks/use-saved-searches';
export type { SavedSearchView } from './hooks/use-saved-searches';
export { useNotificationPreferences, useProfile } from './hooks/use-preferences';
export type { PreferencesView } from './hooks/use-preferences';
export type { PriceAlertView } from './hooks/use-price-alerts';
export { useSyncQueue } from './hooks/use-sync-queue';
export { useQueueCounts } from './hooks/use-queue-counts';
export type { SyncQueueView } from './hooks/use-sync-queue';
