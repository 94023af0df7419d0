import { useSyncExternalStore } from 'react';
import { useSyncQueue, type OutboxOp, type ParkedOp } from '@/data';
import { getPageSyncState, subscribePageSyncState, type SyncStatus } from '@/sync';

export interface SyncStatusView {
  online: boolean;
  status: SyncStatus;
  isLeaderTab: boolean;
  queued: OutboxOp[];
  parked: ParkedOp[];
  lastSyncedAt: number | null;
  /** Ops waiting to upload (queued + needing attention). */
  pendingCount: number;
}

/** Online state, the leader's status and the live queue, for the badge and its card. */
export function useSyncStatus(): SyncStatusView {
  const page = useSyncExternalStore(subscribePageSyncState, getPageSyncState, getPageSyncState);
  const queue = useSyncQueue();
  const queued = queue?.queued ?? [];
  const parked = queue?.parked ?? [];
  return {
    online: page.online,
    status: page.status,
    isLeaderTab: page.isLeaderTab,
    queued,
    parked,
    lastSyncedAt: queue?.lastSyncedAt ?? page.status.lastSyncedAt,
    pendingCount: queued.length + parked.length,
  };
}
