// The write path every repository uses: the row change and its outbox op commit in ONE Dexie
// transaction, so the UI never shows a change the sync engine doesn't know about (and vice versa).
import type { Table } from 'dexie';
import type { MotorlyDb } from './db';
import { STATE_KEYS, getState, setState } from './sync-state';
import type { OpData, OpType, OutboxOp, SyncTableName, TableRows } from './types';

export class NotSignedInError extends Error {
  constructor() {
    super('Please sign in to save this.');
    this.name = 'NotSignedInError';
  }
}

/** Columns the server owns: never sent, the trigger sets them. */
const SERVER_COLUMNS = new Set(['updated_at']);

function stripServerColumns(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!SERVER_COLUMNS.has(k) && v !== undefined) out[k] = v;
  return out;
}

/** Appends an op; must run inside a rw transaction that includes outbox and sync_state. */
async function appendOp(
  db: MotorlyDb,
  userId: string | null,
  type: OpType,
  table: SyncTableName,
  rowId: string,
  data: OpData,
): Promise<OutboxOp> {
  let clientId = await getState<string>(db, STATE_KEYS.clientId);
  if (!clientId) {
    clientId = crypto.randomUUID();
    await setState(db, STATE_KEYS.clientId, clientId);
  }
  const seq = ((await getState<number>(db, STATE_KEYS.seq)) ?? 0) + 1;
  await setState(db, STATE_KEYS.seq, seq);
  const op: OutboxOp = {
    id: crypto.randomUUID(),
    seq,
    client_id: clientId,
    user_id: userId,
    type,
    table,
    row_id: rowId,
    data,
    timestamp: Date.now(),
    retries: 0,
    last_error: null,
    last_error_code: null,
    next_attempt_at: 0,
  };
  await db.outbox.add(op);
  return op;
}

export interface WriteOptions {
  /** Allow a signed-out write: stored locally with user_id null and no outbox op. */
  allowSignedOut?: boolean;
}

type RowOf<K extends SyncTableName> = TableRows[K];

function rwTables(db: MotorlyDb, table: SyncTableName): Table[] {
  return [db.table(table), db.outbox, db.sync_state];
}

async function currentUser(db: MotorlyDb): Promise<string | null> {
  return (await getState<string | null>(db, STATE_KEYS.user)) ?? null;
}

/**
 * Inserts a row (client-generated UUID unless given) and queues a create op. Rows with a user_id
 * column get the signed-in user's id.
 * @returns the stored row
 */
export async function createRow<K extends SyncTableName>(
  db: MotorlyDb,
  table: K,
  input: Omit<RowOf<K>, 'id' | 'user_id'> & { id?: string },
  opts: WriteOptions & { ownedByUser?: boolean } = {},
): Promise<RowOf<K>> {
  return db.transaction('rw', rwTables(db, table), async () => {
    const userId = await currentUser(db);
    if (!userId && !opts.allowSignedOut) throw new NotSignedInError();
    const now = new Date().toISOString();
    const row = {
      created_at: now,
      ...input,
      id: input.id ?? crypto.randomUUID(),
      ...(opts.ownedByUser === false ? {} : { user_id: userId }),
    } as unknown as RowOf<K>;
    await db.tableOf(table).put(row);
    if (userId) await appendOp(db, userId, 'create', table, row.id, stripServerColumns(row as unknown as Record<string, unknown>));
    return row;
  });
}

/**
 * Changes columns of a row (and applies `inc` increments locally) and queues an update op whose
 * increments are sent as "$inc" so a replay never counts twice.
 * @returns the row after the change, or undefined when it doesn't exist locally
 */
export async function updateRow<K extends SyncTableName>(
  db: MotorlyDb,
  table: K,
  id: string,
  patch: Partial<RowOf<K>>,
  inc: Partial<Record<keyof RowOf<K> & string, number>> = {},
  opts: WriteOptions = {},
): Promise<RowOf<K> | undefined> {
  return db.transaction('rw', rwTables(db, table), async () => {
    const userId = await currentUser(db);
    if (!userId && !opts.allowSignedOut) throw new NotSignedInError();
    const t = db.tableOf(table);
    const existing = (await t.get(id)) as Record<string, unknown> | undefined;
    if (!existing) return undefined;
    const next: Record<string, unknown> = { ...existing, ...patch };
    const incEntries = Object.entries(inc).filter((e): e is [string, number] => typeof e[1] === 'number');
    for (const [col, n] of incEntries) next[col] = Number(existing[col] ?? 0) + n;
    await t.put(next as unknown as RowOf<K>);
    if (userId && existing.user_id !== null) {
      const data: OpData = stripServerColumns(patch as Record<string, unknown>);
      if (incEntries.length) data.$inc = Object.fromEntries(incEntries);
      await appendOp(db, userId, 'update', table, id, data);
    }
    return next as unknown as RowOf<K>;
  });
}

/** Deletes a row locally and queues a delete op (no op for a signed-out local-only row). */
export async function deleteRow(db: MotorlyDb, table: SyncTableName, id: string, opts: WriteOptions = {}): Promise<void> {
  await db.transaction('rw', rwTables(db, table), async () => {
    const userId = await currentUser(db);
    if (!userId && !opts.allowSignedOut) throw new NotSignedInError();
    const t = db.table(table);
    const existing = (await t.get(id)) as Record<string, unknown> | undefined;
    await t.delete(id);
    const localOnly = existing !== undefined && 'user_id' in existing && existing.user_id === null;
    if (userId && !localOnly) await appendOp(db, userId, 'delete', table, id, {});
  });
}

/** Queues a create op for a row already stored locally (used when claiming signed-out rows). */
export async function enqueueCreateForExisting(db: MotorlyDb, userId: string, table: SyncTableName, row: Record<string, unknown>): Promise<void> {
  await appendOp(db, userId, 'create', table, String(row.id), stripServerColumns(row));
}
