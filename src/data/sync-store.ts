// What the sync engine needs from the local store, implemented on Dexie. The engine only talks to
// this interface, so tests can run several simulated clients (one database each) side by side.
import { Dexie, type ObservabilitySet } from 'dexie';
import type { MotorlyDb } from './db';
import { MAX_TRIES } from './db';
import {
  mutatedTables,
  notifyRowsChanged,
  notifyTablesChanged,
  outOfOrder,
  putPulledRaw,
  sameCursor,
  type AlongsideWrite,
} from './raw-bulk-write';
import { STATE_KEYS, getClientId, getCursor, getSessionUserId, getState, setCursor, setState } from './sync-state';
import { USER_TABLES, type Cursor, type FailureKind, type OutboxOp, type ParkedOp, type SyncTableName } from './types';

export interface FailureInfo {
  code: string | null;
  message: string;
  /** When the op may be tried again (ms). */
  nextAttemptAt: number;
  failure: FailureKind;
}

export type FailureOutcome = 'retry' | 'parked';

export interface SyncStore {
  clientId(): Promise<string>;
  sessionUserId(): Promise<string | null>;
  /** Queued ops in replay order (seq). */
  pendingOps(): Promise<OutboxOp[]>;
  /** At most `limit` queued ops with seq above `afterSeq`, in replay order: a batch reads only what it needs. */
  pendingOpsAfter(afterSeq: number, limit: number): Promise<OutboxOp[]>;
  /** "table:row_id" keys of parked ops: later ops on those rows must wait. */
  parkedRowKeys(): Promise<Set<string>>;
  /** The server has the ops (applied or duplicate): forget them. */
  ackOps(ids: string[]): Promise<void>;
  /** Spends one try; after the last one the op moves to "needs attention". */
  recordFailure(id: string, info: FailureInfo): Promise<FailureOutcome>;
  /** Moves transiently-failed parked ops back to the queue with fresh tries. */
  resumeTransient(): Promise<number>;
  /** Writes pulled rows unless they have pending local ops; returns how many were written. */
  applyPulled(table: SyncTableName, rows: Record<string, unknown>[], opts?: PullWriteOptions): Promise<number>;
  /** Tells live queries in every tab that these tables changed (after `notify: false` writes). */
  notifyChanged(tables: readonly string[]): void;
  /**
   * Tells live queries in every tab that these rows of a table changed (after `notify: false` writes):
   * the in-memory listing indexes patch just those rows instead of re-reading the table.
   */
  notifyRowsChanged(table: SyncTableName, ids: readonly string[]): void;
  /** Deletes rows removed on the server unless they have pending local ops. */
  applyDeleted(table: SyncTableName, ids: string[]): Promise<number>;
  getCursor(table: SyncTableName): Promise<Cursor | null>;
  setCursor(table: SyncTableName, cursor: Cursor | null): Promise<void>;
  getDeletedCursor(): Promise<Cursor | null>;
  setDeletedCursor(cursor: Cursor | null): Promise<void>;
  setLastSyncedAt(ms: number): Promise<void>;
  /** Discards every parked op of these tables and queues their rows for a re-read; returns how many. */
  discardParked(tables: readonly SyncTableName[]): Promise<number>;
  /** Rows whose server copy must be re-read (e.g. after a Discard), grouped by table. */
  takeRefetch(): Promise<Map<SyncTableName, string[]>>;
  /** Forget user-table cursors so the next pull re-reads everything for the new user. */
  resetUserCursors(): Promise<void>;
  /**
   * Calls back with the counts now and after outbox / needs-attention changes made in any tab or
   * worker; changes within `delayMs` of the first are reported once.
   */
  observeQueue(cb: (counts: QueueCounts) => void, opts?: ObserveQueueOptions): () => void;
}

export interface ObserveQueueOptions {
  /** Changes within this long of the first are reported once. */
  delayMs?: number;
  /** Reading the counts failed (database closed or deleted); the next change reads again. */
  onError?: (err: unknown) => void;
}

export interface PullWriteOptions {
  /** Wake live queries now (default). A bulk download passes false and calls notifyChanged itself. */
  notify?: boolean;
  /** Stored as the table's pull cursor in the same transaction as the rows. */
  cursor?: Cursor;
  /**
   * Written only if the table's stored cursor is this one (null: none), else the write fails
   * (isOutOfOrder) and stores nothing: a download queues a page before the previous page's write has
   * committed, and must not store a page and its cursor over one that was not stored.
   */
  after?: Cursor | null;
  /** Other stores written in the rows' own transaction (raw-bulk-write's AlongsideWrite; not for car_models). */
  alongside?: AlongsideWrite;
  /**
   * Leave out rows held in the same version (same updated_at): a catch-up re-reads an overlap of rows it
   * mostly holds already (a seeded table's rows share one timestamp, so all of them), and writing those
   * again woke every screen reading the table for nothing.
   */
  onlyChanged?: boolean;
}

export interface QueueCounts {
  queued: number;
  parked: number;
  /** Highest seq in the outbox (0 when empty): a new write always raises it. */
  lastSeq: number;
}

export const REFETCH_KEY = 'refetch';

const rowKey = (table: string, rowId: string) => `${table}:${rowId}`;

/** Row ids of a table that have queued or parked ops. */
async function pendingRowIds(db: MotorlyDb, table: SyncTableName): Promise<Set<string>> {
  const range = (t: typeof db.outbox | typeof db.needs_attention) =>
    t.where('[table+row_id]').between([table, ''], [table, '\uffff']).keys();
  const [a, b] = await Promise.all([range(db.outbox), range(db.needs_attention)]);
  const ids = new Set<string>();
  for (const k of [...a, ...b]) if (Array.isArray(k)) ids.add(String(k[1]));
  return ids;
}

const PENDING_STORES = ['outbox', 'needs_attention'] as const;

/**
 * Written through Dexie after all: catalogue/listing-derived's middleware keeps the model list
 * prices (for listings' annual tax) from car_models writes. One small page, so the notice is cheap.
 */
const VIA_DEXIE = new Set<SyncTableName>(['car_models']);

/** The rows not held in this version (another updated_at, or not held at all). */
async function changedRows(
  db: MotorlyDb,
  table: SyncTableName,
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (!rows.length) return rows;
  const held = (await db.table(table).bulkGet(rows.map((r) => r.id as string))) as (
    { updated_at?: unknown } | undefined
  )[];
  return rows.filter((row, i) => held[i]?.updated_at !== row.updated_at);
}

export function createSyncStore(db: MotorlyDb): SyncStore {
  return {
    clientId: () => getClientId(db),
    sessionUserId: () => getSessionUserId(db),
    pendingOps: () => db.outbox.orderBy('seq').toArray(),
    pendingOpsAfter: (afterSeq, limit) => db.outbox.where('seq').above(afterSeq).limit(limit).toArray(),
    async parkedRowKeys() {
      const parked = await db.needs_attention.toArray();
      return new Set(parked.map((op) => rowKey(op.table, op.row_id)));
    },
    async ackOps(ids) {
      await db.outbox.bulkDelete(ids);
    },
    async recordFailure(id, info) {
      return db.transaction('rw', db.outbox, db.needs_attention, async () => {
        const op = await db.outbox.get(id);
        if (!op) return 'retry';
        const retries = op.retries + 1;
        const updated: OutboxOp = {
          ...op,
          retries,
          last_error: info.message,
          last_error_code: info.code,
          next_attempt_at: info.nextAttemptAt,
        };
        if (retries >= MAX_TRIES) {
          await db.outbox.delete(id);
          await db.needs_attention.put({ ...updated, parked_at: Date.now(), failure: info.failure });
          return 'parked';
        }
        await db.outbox.put(updated);
        return 'retry';
      });
    },
    async resumeTransient() {
      return db.transaction('rw', db.outbox, db.needs_attention, async () => {
        const parked = await db.needs_attention.where('failure').equals('transient').toArray();
        if (!parked.length) return 0;
        await db.outbox.bulkPut(parked.map(unpark));
        await db.needs_attention.bulkDelete(parked.map((p) => p.id));
        return parked.length;
      });
    },
    async applyPulled(table, pulled, opts = {}) {
      const rows = opts.onlyChanged ? await changedRows(db, table, pulled) : pulled;
      if (!rows.length && !opts.cursor) return 0;
      if (VIA_DEXIE.has(table)) {
        if (opts.alongside) throw new Error(`${table} is written through Dexie: no raw write alongside it`);
        const t = db.table(table);
        return db.transaction('rw', [t, db.outbox, db.needs_attention, db.sync_state], async () => {
          if (opts.after !== undefined && !sameCursor(await getCursor(db, table), opts.after)) throw outOfOrder(table);
          const pending = await pendingRowIds(db, table);
          const fresh = pending.size ? rows.filter((r) => !pending.has(String(r.id))) : rows;
          await t.bulkPut(fresh);
          if (opts.cursor) await setCursor(db, table, opts.cursor);
          return fresh.length;
        });
      }
      // Raw IndexedDB (see raw-bulk-write.ts for why); announced now, row by row (realtime and
      // small pulls: the listing indexes patch just those rows), unless the caller batches.
      const written = await putPulledRaw(db, table, rows, opts.cursor, opts.after, opts.alongside);
      if (opts.notify !== false && written > 0)
        notifyRowsChanged(
          db,
          table,
          rows.map((r) => String(r.id)),
        );
      return written;
    },
    notifyChanged: (tables) => notifyTablesChanged(db, tables),
    notifyRowsChanged: (table, ids) => notifyRowsChanged(db, table, ids),
    async applyDeleted(table, ids) {
      if (!ids.length) return 0;
      const t = db.table(table);
      return db.transaction('rw', t, db.outbox, db.needs_attention, async () => {
        const pending = await pendingRowIds(db, table);
        const gone = ids.filter((id) => !pending.has(id));
        await t.bulkDelete(gone);
        return gone.length;
      });
    },
    getCursor: (table) => getCursor(db, table),
    setCursor: (table, cursor) => setCursor(db, table, cursor),
    getDeletedCursor: async () => (await getState<Cursor>(db, STATE_KEYS.deletedCursor)) ?? null,
    setDeletedCursor: async (cursor) => {
      if (cursor) await setState(db, STATE_KEYS.deletedCursor, cursor);
      else await db.sync_state.delete(STATE_KEYS.deletedCursor);
    },
    setLastSyncedAt: (ms) => setState(db, STATE_KEYS.lastSyncedAt, ms),
    async discardParked(tables) {
      if (!tables.length) return 0;
      return db.transaction('rw', db.needs_attention, db.sync_state, async () => {
        const parked = await db.needs_attention.filter((op) => tables.includes(op.table)).toArray();
        if (!parked.length) return 0;
        await db.needs_attention.bulkDelete(parked.map((op) => op.id));
        const list = (await getState<{ table: SyncTableName; id: string }[]>(db, REFETCH_KEY)) ?? [];
        await setState(db, REFETCH_KEY, [...list, ...parked.map((op) => ({ table: op.table, id: op.row_id }))]);
        return parked.length;
      });
    },
    async takeRefetch() {
      return db.transaction('rw', db.sync_state, async () => {
        const list = (await getState<{ table: SyncTableName; id: string }[]>(db, REFETCH_KEY)) ?? [];
        await db.sync_state.delete(REFETCH_KEY);
        const byTable = new Map<SyncTableName, string[]>();
        for (const { table, id } of list) byTable.set(table, [...(byTable.get(table) ?? []), id]);
        return byTable;
      });
    },
    async resetUserCursors() {
      await db.sync_state.bulkDelete(USER_TABLES.map((t) => STATE_KEYS.cursor(t)));
      // The deletion log is shared by catalogue and user rows; re-reading it is idempotent.
      await db.sync_state.delete(STATE_KEYS.deletedCursor);
    },
    observeQueue(cb, opts = {}) {
      return observeQueueCounts(db, cb, opts.delayMs ?? 0, opts.onError);
    },
  };
}

/**
 * Watches Dexie's change notices (they reach every tab and worker) instead of a live query: a live
 * query would count both stores at the moment a write commits, in every context, competing with
 * the screen that is re-reading what the user just changed. The counts are read after `delayMs`,
 * one read at a time, so callbacks arrive in order.
 */
function observeQueueCounts(
  db: MotorlyDb,
  cb: (counts: QueueCounts) => void,
  delayMs: number,
  onError: (err: unknown) => void = () => undefined,
): () => void {
  const watched = new Set(PENDING_STORES.map((name) => `${db.name}/${name}`));
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reading = false;
  let dirty = false;
  const read = async () => {
    timer = null;
    if (reading) {
      dirty = true;
      return;
    }
    reading = true;
    try {
      const [queued, parked, lastSeq] = await db.transaction('r', db.outbox, db.needs_attention, () =>
        Promise.all([db.outbox.count(), db.needs_attention.count(), db.outbox.orderBy('seq').lastKey()]),
      );
      if (!closed) cb({ queued, parked, lastSeq: typeof lastSeq === 'number' ? lastSeq : 0 });
    } catch (err) {
      // Database closed or deleted (sign-out in another tab, tests): the next change reads again.
      if (!closed) onError(err);
    } finally {
      reading = false;
      if (dirty && !closed) {
        dirty = false;
        void read();
      }
    }
  };
  const onMutated = (parts: ObservabilitySet) => {
    if (closed || timer !== null) return;
    if (![...mutatedTables(parts)].some((t) => watched.has(t))) return;
    timer = setTimeout(() => void read(), delayMs);
  };
  Dexie.on('storagemutated', onMutated);
  void read();
  return () => {
    closed = true;
    Dexie.on.storagemutated.unsubscribe(onMutated);
    if (timer !== null) clearTimeout(timer);
  };
}

/** A parked op back in the queue with fresh tries. */
export function unpark(p: ParkedOp): OutboxOp {
  const { parked_at: _a, failure: _f, ...op } = p;
  return { ...op, retries: 0, next_attempt_at: 0 };
}
