import { useLiveQuery } from './use-live-query';
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
  // One read transaction, all four requests in flight together (re-run on every write while the
  // detail card is open).
  return useLiveQuery(
    () =>
      db.transaction('r', db.outbox, db.needs_attention, db.sync_state, async () => {
        const [queued, parked, lastSyncedAt, sessionUserId] = await Promise.all([
          db.outbox.orderBy('seq').toArray(),
          db.needs_attention.orderBy('seq').toArray(),
          getLastSyncedAt(db),
          getSessionUserId(db),
        ]);
        return { queued, parked, lastSyncedAt, sessionUserId };
      }),
    [],
  );
}
