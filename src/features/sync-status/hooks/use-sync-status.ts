import { useSyncExternalStore } from 'react';
import { useQueueCounts } from '@/data/sync-queue';
import { getPageSyncState, subscribePageSyncState, type SyncErrorEvent, type SyncStatus } from '@/sync';

export interface SyncStatusView {
  online: boolean;
  status: SyncStatus;
  isLeaderTab: boolean;
  queuedCount: number;
  parkedCount: number;
  /** Ops waiting to upload (queued + needing attention). */
  pendingCount: number;
  /** Recent sync problems, newest first. */
  problems: SyncErrorEvent[];
}

/**
 * Online state, the leader's status and the queue counts, for the badge. Counts only: the badge
 * is on every screen, and re-reading every queued op after each write would grow with the queue
 * (the detail card reads the ops themselves while it is open).
 */
export function useSyncStatus(): SyncStatusView {
  const page = useSyncExternalStore(subscribePageSyncState, getPageSyncState, getPageSyncState);
  const counts = useQueueCounts();
  const queuedCount = counts?.queued ?? 0;
  const parkedCount = counts?.parked ?? 0;
  return {
    online: page.online,
    status: page.status,
    isLeaderTab: page.isLeaderTab,
    queuedCount,
    parkedCount,
    pendingCount: queuedCount + parkedCount,
    problems: page.problems,
  };
}
