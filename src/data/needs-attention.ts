// The user's side of "needs attention": Retry puts a parked op back in the queue with fresh tries;
// Discard drops it and asks the engine to re-read the row, so the local copy returns to the server's.
import type { MotorlyDb } from './db';
import { REFETCH_KEY, unpark } from './sync-store';
import { getState, setState } from './sync-state';
import type { SyncTableName } from './types';

/** Moves a parked op back to the outbox (keeps its place: same seq). */
export async function retryParkedOp(db: MotorlyDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.needs_attention, async () => {
    const op = await db.needs_attention.get(id);
    if (!op) return;
    await db.outbox.put(unpark(op));
    await db.needs_attention.delete(id);
  });
}

/** Retries every parked op. */
export async function retryAllParked(db: MotorlyDb): Promise<void> {
  const ids = await db.needs_attention.toCollection().primaryKeys();
  for (const id of ids) await retryParkedOp(db, id);
}

/** Gives up on a parked op; the row is re-read from the server (or removed if it isn't there). */
export async function discardParkedOp(db: MotorlyDb, id: string): Promise<void> {
  await db.transaction('rw', db.needs_attention, db.sync_state, async () => {
    const op = await db.needs_attention.get(id);
    if (!op) return;
    await db.needs_attention.delete(id);
    const list = (await getState<{ table: SyncTableName; id: string }[]>(db, REFETCH_KEY)) ?? [];
    list.push({ table: op.table, id: op.row_id });
    await setState(db, REFETCH_KEY, list);
  });
}
