// Public surface of the local-first store: the database, repositories (the only writers) and
// live-query and write hooks. Catalogue queries live in data/catalogue/.
export * from './types';
export { db, createDatabase, MotorlyDb, MAX_TRIES, DEFAULT_DB_NAME } from './db';
export { createRow, updateRow, deleteRow, NotSignedInError } from './outbox';
export type { WriteOptions } from './outbox';
export { getClientId, getSessionUserId, getLastSyncedAt, getCursor } from './sync-state';
export { getReportedParked, setReportedParked, type ReportedParked } from './sync-state';
export { createSyncStore } from './sync-store';
export { SYNCED_TABLES, realtimeTables, syncedLabels } from './synced-tables';
export type { RealtimeScope, SyncedTableEntry } from './synced-tables';
export { isOutOfOrder } from './raw-bulk-write';
export type { SyncStore, FailureInfo, FailureOutcome, QueueCounts, ObserveQueueOptions } from './sync-store';
export { setSessionUser, pendingCountForUser, clearUserData, claimSignedOutBookmarks } from './session';
export { retryParkedOp, retryAllParked, discardParkedOp } from './needs-attention';
export * from './repositories/bookmarks';
export * from './repositories/notifications';
export * from './repositories/price-alerts';
export * from './repositories/preferences';
export * from './repositories/activity';
export * from './repositories/error-reports';
export * from './repositories/saved-searches';
export { savedSearchFiltersFromQuery, savedSearchMatcher } from './catalogue/filters';
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
export { useToggleBookmark, useParkedOpActions, type ParkedOpActions } from './hooks/use-write-actions';
export type { SyncQueueView } from './hooks/use-sync-queue';
export * from './repositories/search-interactions';
export {
  useRecommendations,
  loadRecommendations,
  storeServerRecommendations,
  profileOf,
  RECOMMENDATIONS_SHOWN,
} from './recommendations';
export type { RecommendationCard, RecommendationsView } from './recommendations';
export { useSearchInteractionWrites, useSaveProfile, useRecommendationWrites } from './hooks/use-ai-writes';
export { storeErrorReport } from './error-report-writer';
export * from './repositories/leads';
export * from './repositories/lead-threads';
export * from './repositories/dealer-listings';
export { useMyLeads, useMyLead, useDealerHub, useListingWithDealer } from './hooks/use-leads';
export { useIsDealerMember, isDealerMember } from './hooks/use-dealer-membership';
export { useLeadWrites, useDealerListingWrites } from './hooks/use-lead-writes';
export { notificationWrites, priceAlertWrites, savedSearchWrites, preferenceWrites } from './writers';
export { readDeviceUserData, clearLocalStore, countLocalTables, type DeviceUserData } from './device-data';
export { useTableCounts, readAppDeviceUserData } from './hooks/use-table-counts';
export { useAdminWrites } from './hooks/use-admin-writes';
export { useAdminReviews } from './hooks/use-admin-reviews';
export type { AdminReviewRow, AdminReviewsView, ModelOption } from './hooks/use-admin-reviews';
export * from './repositories/reviews-admin';
export { PULL_COLUMNS, pullSelect } from './pull-columns';
