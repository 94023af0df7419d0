import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { getLastSyncedAt, getSessionUserId } from '../sync-state';
import type { OutboxOp, ParkedOp } from '../types';

export interface SyncQueueView {
  queued: OutboxOp[];
  parked: ParkedOp[];
  lastSyncedAt: number | null;
  sessionUserId: string | null;
}

/** The outbox, the "needs attention" list and the last sync time, live in every tab. */
export function useSyncQueue(): SyncQueueView | undefined {
  return useLiveQuery(async () => ({
    queued: await db.outbox.orderBy('seq').toArray(),
    parked: await db.needs_attention.orderBy('seq').toArray(),
    lastSyncedAt: await getLastSyncedAt(db),
    sessionUserId: await getSessionUserId(db),
  }), []);
}
