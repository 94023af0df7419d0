// What this device holds for the person using it: the signed-in user's rows in the local store
// (including rows only on this device, such as signed-out bookmarks and unsynced writes), the queued
// and parked ops, and a way to wipe the whole store. Used by the data-rights export and
// "clear local data" in privacy settings.
import type { MotorlyDb } from './db';
import { getSessionUserId } from './sync-state';
import { USER_TABLES, type OutboxOp, type ParkedOp, type UserTable } from './types';

export interface DeviceUserData {
  /** The account the store belongs to (null when signed out). */
  sessionUserId: string | null;
  /** Table -> the rows of that user (and, for bookmarks, the signed-out ones kept on this device). */
  tables: Record<UserTable, Record<string, unknown>[]>;
  /** Writes not yet on the server, in replay order. */
  queued: OutboxOp[];
  /** Writes that used up their tries and wait for Retry / Discard. */
  parked: ParkedOp[];
}

/** Reads the user's rows and pending writes in one read transaction. */
export async function readDeviceUserData(db: MotorlyDb): Promise<DeviceUserData> {
  const stores = [...USER_TABLES.map((t) => db.table(t)), db.outbox, db.needs_attention, db.sync_state];
  return db.transaction('r', stores, async () => {
    const userId = await getSessionUserId(db);
    const mine = (row: { user_id?: unknown }) =>
      row.user_id === userId || row.user_id === null || row.user_id === undefined;
    const tables = {} as DeviceUserData['tables'];
    for (const t of USER_TABLES) {
      const rows = (await db.table(t).toArray()) as Record<string, unknown>[];
      // lead_messages have no user_id: every stored one belongs to a lead of this account.
      tables[t] = rows.filter((r) => mine(r as { user_id?: unknown }));
    }
    const [queued, parked] = await Promise.all([
      db.outbox.orderBy('seq').toArray(),
      db.needs_attention.orderBy('seq').toArray(),
    ]);
    const own = <T extends OutboxOp>(ops: T[]) => ops.filter((op) => op.user_id === userId || op.user_id === null);
    return { sessionUserId: userId, tables, queued: own(queued), parked: own(parked) };
  });
}

/** Empties every table of the local store (catalogue, user rows, outbox, sync state) in one transaction. */
export async function clearLocalStore(db: MotorlyDb): Promise<void> {
  if (!db.isOpen()) await db.open();
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) await table.clear();
  });
}

/** Rows per table of the local store, outbox and sync state included. */
export async function countLocalTables(db: MotorlyDb): Promise<Record<string, number>> {
  if (!db.isOpen()) await db.open();
  const counts: Record<string, number> = {};
  await db.transaction('r', db.tables, async () => {
    for (const table of db.tables) counts[table.name] = await table.count();
  });
  return counts;
}
