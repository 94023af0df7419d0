// Key/value sync state kept in the same database as the data it describes, so a reload (or another
// tab, the worker, the service worker) sees the same client id, sequence, cursors and signed-in user.
import type { MotorlyDb } from './db';
import type { Cursor, SyncTableName } from './types';

export const STATE_KEYS = {
  clientId: 'client_id',
  seq: 'seq',
  user: 'session_user',
  lastSyncedAt: 'last_synced_at',
  deletedCursor: 'cursor:deleted_rows',
  reportedParked: 'reported_parked',
  cursor: (table: SyncTableName) => `cursor:${table}`,
} as const;

export async function getState<T>(db: MotorlyDb, key: string): Promise<T | undefined> {
  const row = await db.sync_state.get(key);
  return row?.value as T | undefined;
}

export async function setState(db: MotorlyDb, key: string, value: unknown): Promise<void> {
  await db.sync_state.put({ key, value });
}

/** This browser profile's client id (stable across reloads; one per origin database). */
export async function getClientId(db: MotorlyDb): Promise<string> {
  // Set once, never changed: a plain read, so the engine's every push does not take a write lock
  // on sync_state (which every local write needs too).
  const known = await getState<string>(db, STATE_KEYS.clientId);
  if (known) return known;
  return db.transaction('rw', db.sync_state, async () => {
    const existing = await getState<string>(db, STATE_KEYS.clientId);
    if (existing) return existing;
    const id = crypto.randomUUID();
    await setState(db, STATE_KEYS.clientId, id);
    return id;
  });
}

/** The signed-in user the local store currently belongs to (null when signed out). */
export async function getSessionUserId(db: MotorlyDb): Promise<string | null> {
  return (await getState<string | null>(db, STATE_KEYS.user)) ?? null;
}

export async function getCursor(db: MotorlyDb, table: SyncTableName): Promise<Cursor | null> {
  return (await getState<Cursor>(db, STATE_KEYS.cursor(table))) ?? null;
}

export async function setCursor(db: MotorlyDb, table: SyncTableName, cursor: Cursor | null): Promise<void> {
  if (cursor) await setState(db, STATE_KEYS.cursor(table), cursor);
  else await db.sync_state.delete(STATE_KEYS.cursor(table));
}

export async function getLastSyncedAt(db: MotorlyDb): Promise<number | null> {
  return (await getState<number>(db, STATE_KEYS.lastSyncedAt)) ?? null;
}

/** The parked-op count this device last reported to the server (sync health), and for which user. */
export interface ReportedParked {
  userId: string | null;
  parked: number;
}

export const getReportedParked = (db: MotorlyDb) => getState<ReportedParked>(db, STATE_KEYS.reportedParked);

export const setReportedParked = (db: MotorlyDb, value: ReportedParked) =>
  setState(db, STATE_KEYS.reportedParked, value);
