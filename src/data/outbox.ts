// The write path every repository uses: the row change and its outbox op commit in ONE Dexie
// transaction, so the UI never shows a change the sync engine doesn't know about (and vice versa).
import type { Table } from 'dexie';
import type { MotorlyDb } from './db';
import { STATE_KEYS, setState } from './sync-state';
import type { OpData, OpType, OutboxOp, SyncTableName, TableRows } from './types';

export class NotSignedInError extends Error {
  constructor() {
    super('Please sign in to save this.');
    this.name = 'NotSignedInError';
  }
}

/** Tables only the server writes (listing_price_history: the listing triggers); clients read them. */
export const READ_ONLY_TABLES: ReadonlySet<SyncTableName> = new Set<SyncTableName>(['listing_price_history']);

export class ReadOnlyTableError extends Error {
  constructor(table: string) {
    super(`${table} is read-only: only the server writes it.`);
    this.name = 'ReadOnlyTableError';
  }
}

/** Columns the server owns: never sent, the trigger sets them. */
const SERVER_COLUMNS = new Set(['updated_at']);

function stripServerColumns(row: object): OpData {
  const out: OpData = {};
  for (const [k, v] of Object.entries(row)) if (!SERVER_COLUMNS.has(k) && v !== undefined) out[k] = v;
  return out;
}

/**
 * What a write needs to know, read in ONE round trip at the start of its transaction: the signed-in
 * user, this client's id and its last sequence number. Each await inside an IndexedDB transaction
 * costs a round trip to the browser's storage process, so the three are not read one by one.
 */
export interface WriteContext {
  userId: string | null;
  clientId: string | undefined;
  /** Last sequence number used; appendOp advances it. */
  seq: number;
}

/** Reads the write context; call inside a rw transaction that includes outbox and sync_state. */
export async function readWriteContext(db: MotorlyDb): Promise<WriteContext> {
  const [user, clientId, seq] = await db.sync_state.bulkGet([STATE_KEYS.user, STATE_KEYS.clientId, STATE_KEYS.seq]);
  return {
    userId: (user?.value as string | null | undefined) ?? null,
    clientId: clientId?.value as string | undefined,
    seq: (seq?.value as number | undefined) ?? 0,
  };
}

/**
 * Appends an op with the next sequence number of this client; must run inside a rw transaction
 * that includes outbox and sync_state, with `ctx` read in that same transaction. The requests go
 * out together (IndexedDB applies them in order) and settle in one round trip.
 */
async function appendOp(
  db: MotorlyDb,
  ctx: WriteContext,
  userId: string | null,
  type: OpType,
  table: SyncTableName,
  rowId: string,
  data: OpData,
): Promise<OutboxOp> {
  if (READ_ONLY_TABLES.has(table)) throw new ReadOnlyTableError(table);
  const writes: Promise<unknown>[] = [];
  if (!ctx.clientId) {
    ctx.clientId = crypto.randomUUID();
    writes.push(setState(db, STATE_KEYS.clientId, ctx.clientId));
  }
  ctx.seq += 1;
  const op: OutboxOp = {
    id: crypto.randomUUID(),
    seq: ctx.seq,
    client_id: ctx.clientId,
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
  writes.push(setState(db, STATE_KEYS.seq, ctx.seq), db.outbox.add(op));
  await Promise.all(writes);
  return op;
}

export interface WriteOptions {
  /** Allow a signed-out write: stored locally with user_id null and no outbox op. */
  allowSignedOut?: boolean;
  /**
   * A signed-out create still queues its op, with user_id null (error reports: the sync worker
   * sends those as plain inserts, since apply_mutations requires a user).
   */
  queueSignedOut?: boolean;
  /** The row came from the server (an admin list): its update is queued even when its user_id is null. */
  serverRow?: boolean;
  /** Columns sent with an update but never stored locally: write-only flags (a listing's confirmed_price). */
  opOnly?: OpData;
}

type RowOf<K extends SyncTableName> = TableRows[K];

/** The stores a write to `table` uses: the table, the outbox and sync state. */
export function writeTables(db: MotorlyDb, table: SyncTableName): Table[] {
  return [db.table(table), db.outbox, db.sync_state];
}

export type NewRow<K extends SyncTableName> = Omit<RowOf<K>, 'id' | 'user_id'> & { id?: string };

/**
 * Inserts a row and queues its create op inside the caller's transaction (over writeTables), with
 * `ctx` from readWriteContext in that transaction. Rows with a user_id column get the user's id.
 */
export async function insertRowInTx<K extends SyncTableName>(
  db: MotorlyDb,
  ctx: WriteContext,
  table: K,
  input: NewRow<K>,
  opts: WriteOptions & { ownedByUser?: boolean } = {},
): Promise<RowOf<K>> {
  const userId = ctx.userId;
  if (!userId && !opts.allowSignedOut && !opts.queueSignedOut) throw new NotSignedInError();
  const now = new Date().toISOString();
  // NewRow<K> is RowOf<K> without the two columns filled in here; TypeScript cannot see through
  // Omit over a generic row type, hence the one assertion.
  const row = {
    created_at: now,
    ...input,
    id: input.id ?? crypto.randomUUID(),
    ...(opts.ownedByUser === false ? {} : { user_id: userId }),
  } as RowOf<K>;
  const put = db.tableOf(table).put(row);
  if (userId || opts.queueSignedOut)
    await Promise.all([put, appendOp(db, ctx, userId, 'create', table, row.id, stripServerColumns(row))]);
  else await put;
  return row;
}

/**
 * Deletes a row and queues its delete op inside the caller's transaction (over writeTables);
 * `existing` is the stored row as read in that transaction (a signed-out local-only row gets no op).
 */
export async function deleteRowInTx<K extends SyncTableName>(
  db: MotorlyDb,
  ctx: WriteContext,
  table: K,
  id: string,
  existing: RowOf<K> | undefined,
  opts: WriteOptions = {},
): Promise<void> {
  const userId = ctx.userId;
  if (!userId && !opts.allowSignedOut) throw new NotSignedInError();
  const del = db.tableOf(table).delete(id);
  const localOnly = existing !== undefined && 'user_id' in existing && existing.user_id === null;
  if (userId && !localOnly) await Promise.all([del, appendOp(db, ctx, userId, 'delete', table, id, {})]);
  else await del;
}

/**
 * Inserts a row (client-generated UUID unless given) and queues a create op. Rows with a user_id
 * column get the signed-in user's id.
 * @returns the stored row
 */
export async function createRow<K extends SyncTableName>(
  db: MotorlyDb,
  table: K,
  input: NewRow<K>,
  opts: WriteOptions & { ownedByUser?: boolean } = {},
): Promise<RowOf<K>> {
  return db.transaction('rw', writeTables(db, table), async () =>
    insertRowInTx(db, await readWriteContext(db), table, input, opts),
  );
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
  return db.transaction('rw', writeTables(db, table), async () => {
    const t = db.tableOf(table);
    const [ctx, existing] = await Promise.all([readWriteContext(db), t.get(id)]);
    const userId = ctx.userId;
    if (!userId && !opts.allowSignedOut) throw new NotSignedInError();
    if (!existing) return undefined;
    const incEntries = Object.entries(inc).filter((e): e is [string, number] => typeof e[1] === 'number');
    const incremented: Record<string, number> = {};
    for (const [col, n] of incEntries) incremented[col] = Number(Reflect.get(existing, col) ?? 0) + n;
    const next: RowOf<K> = { ...existing, ...patch, ...incremented };
    const put = t.put(next);
    const localOnly = !opts.serverRow && 'user_id' in existing && existing.user_id === null;
    if (userId && !localOnly) {
      const data = { ...stripServerColumns(patch), ...opts.opOnly };
      if (incEntries.length) data.$inc = Object.fromEntries(incEntries);
      await Promise.all([put, appendOp(db, ctx, userId, 'update', table, id, data)]);
    } else await put;
    return next;
  });
}

/** Deletes a row locally and queues a delete op (no op for a signed-out local-only row). */
export async function deleteRow<K extends SyncTableName>(
  db: MotorlyDb,
  table: K,
  id: string,
  opts: WriteOptions = {},
): Promise<void> {
  await db.transaction('rw', writeTables(db, table), async () => {
    const [ctx, existing] = await Promise.all([readWriteContext(db), db.tableOf(table).get(id)]);
    await deleteRowInTx(db, ctx, table, id, existing, opts);
  });
}

/**
 * Queues a create op for a row already stored locally (used when claiming signed-out rows); runs
 * inside the caller's transaction over outbox and sync_state, `ctx` read in it (ops share it).
 */
export async function enqueueCreateForExisting<K extends SyncTableName>(
  db: MotorlyDb,
  ctx: WriteContext,
  userId: string,
  table: K,
  row: RowOf<K>,
): Promise<void> {
  await appendOp(db, ctx, userId, 'create', table, String(row.id), stripServerColumns(row));
}
