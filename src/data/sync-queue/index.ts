// The outbox, sync state, session and the queue: what the sync engine and the sync-status screens share.
export { createRow, updateRow, deleteRow, NotSignedInError, type WriteOptions } from '../outbox';
export {
  getClientId,
  getSessionUserId,
  getLastSyncedAt,
  getCursor,
  getReportedParked,
  setReportedParked,
  type ReportedParked,
} from '../sync-state';
export {
  createSyncStore,
  type SyncStore,
  type FailureInfo,
  type FailureOutcome,
  type QueueCounts,
  type ObserveQueueOptions,
} from '../sync-store';
export {
  SYNCED_TABLES,
  realtimeTables,
  syncedLabels,
  type RealtimeScope,
  type SyncedTableEntry,
} from '../synced-tables';
export { isOutOfOrder, type AlongsideWrite } from '../raw-bulk-write';
export { setSessionUser, pendingCountForUser, clearUserData, claimSignedOutBookmarks } from '../session';
export { retryParkedOp, retryAllParked, discardParkedOp } from '../needs-attention';
export { useSyncQueue, type SyncQueueView } from '../hooks/use-sync-queue';
export { useQueueCounts } from '../hooks/use-queue-counts';
export { useParkedOpActions, type ParkedOpActions } from '../hooks/use-write-actions';
export { PULL_COLUMNS, pullSelect } from '../pull-columns';
