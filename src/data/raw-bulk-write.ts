// The one place that writes around Dexie. A first catalogue download puts ~30,000 rows; through
// Dexie every page would be announced to every tab at once and each page's live queries would
// re-scan the growing tables while the worker waits (that doubled the first download; bench:sync).
// So pulled pages go straight to IndexedDB and the caller announces them when it chooses, in the
// format Dexie itself uses for its cross-context 'storagemutated' event. raw-bulk-write.test.ts
// pins that format to the installed Dexie version: a Dexie upgrade that changes it fails there.
import { Dexie, RangeSet, type ObservabilitySet } from 'dexie';
import { deriveOnWrite, modelPricesCurrent } from './catalogue/listing-derived';
import type { MotorlyDb } from './db';
import { STATE_KEYS } from './sync-state';
import type { Cursor, SyncTableName } from './types';

/** The Dexie version whose event keys notifyTablesChanged reproduces (checked by the pinned test). */
export const DEXIE_FORMAT_VERSION = '4.4.7';

/** Stores whose ops keep a pulled row from overwriting a pending local change. */
const PENDING_STORES = ['outbox', 'needs_attention'] as const;

/** The name of the error a pulled page's write fails with when the stored cursor is not the one it follows. */
export const OUT_OF_ORDER = 'PulledPageOutOfOrder';

/** Whether a write failed because the page it follows was not stored (see putPulledRaw's `after`). */
export function isOutOfOrder(err: unknown): boolean {
  return err instanceof Error && err.name === OUT_OF_ORDER;
}

/** The error of a write whose previous page is not stored (isOutOfOrder). */
export function outOfOrder(table: string): Error {
  const err = new Error(`The page before this one of ${table} is not stored`);
  err.name = OUT_OF_ORDER;
  return err;
}

/** Whether two cursors are the same position (null: none). */
export const sameCursor = (a: Cursor | null, b: Cursor | null): boolean =>
  a === null || b === null ? a === b : a.updated_at === b.updated_at && a.id === b.id;

/**
 * When `after` is given, reads the stored cursor first in the transaction and aborts it unless that is
 * `after` (null: none). Requests run in order, so the answer comes before the transaction can commit.
 * @returns whether the transaction was aborted for it, read once the transaction has ended
 */
function guardAfter(tx: IDBTransaction, table: SyncTableName, after: Cursor | null | undefined): () => boolean {
  let aborted = false;
  if (after === undefined) return () => false;
  const req = tx.objectStore('sync_state').get(STATE_KEYS.cursor(table));
  req.onsuccess = () => {
    const stored = (req.result as { value?: Cursor } | undefined)?.value ?? null;
    if (sameCursor(stored, after)) return;
    aborted = true;
    tx.abort();
  };
  return () => aborted;
}

/**
 * More stores written in a pulled page's own transaction (the offline pack's list and progress): one commit
 * instead of a second transaction queued behind the rows'. `write` runs after the rows' puts are queued, and
 * again if the write is retried on the checked path, so it must only put.
 */
export interface AlongsideWrite {
  stores: readonly string[];
  write(tx: IDBTransaction): void;
}

/**
 * Puts pulled rows (derived fields added as the middleware would) in ONE transaction with the
 * pending-op check and the table's cursor; rows with queued or parked ops are skipped. With `after`,
 * the write commits only if the stored cursor is `after` (null: none), else it fails with
 * OUT_OF_ORDER and stores nothing: a download queues a page's write before the previous page's has
 * committed, and a page must never be stored, with its cursor, over a page that was not.
 * @returns how many rows were written
 */
export async function putPulledRaw(
  db: MotorlyDb,
  table: SyncTableName,
  rows: readonly object[],
  cursor?: Cursor,
  after?: Cursor | null,
  alongside?: AlongsideWrite,
): Promise<number> {
  if (!db.isOpen()) await db.open();
  if (table === 'vehicle_listings') await modelPricesCurrent(db);
  const values = deriveOnWrite(db, table, rows);
  const optimistic =
    !cursor && after === undefined && !alongside && values.length <= OPTIMISTIC_ROWS
      ? await putUnlessPending(db, table, values)
      : await putUnlessAnyPending(db, table, values, cursor, after, alongside);
  if (optimistic !== null) return optimistic;
  // A row of this write has a queued or parked op: check first, then put the others.
  // Relaxed: committed once the OS has the write, without waiting for the disk flush. The rows and the
  // cursor still commit together (a write lost to a power cut is pulled again from the older cursor).
  const tx = db.backendDB().transaction(scope(table, cursor, after, alongside), 'readwrite', RELAXED);
  const unordered = guardAfter(tx, table, after);
  return new Promise<number>((resolve, reject) => {
    let written = 0;
    tx.oncomplete = () => resolve(written);
    tx.onerror = () => {
      if (!unordered()) reject(tx.error ?? new Error('IndexedDB write failed'));
    };
    tx.onabort = () => reject(unordered() ? outOfOrder(table) : (tx.error ?? new Error('IndexedDB write aborted')));
    const pending = new Set<string>();
    let scanning = PENDING_STORES.length;
    const write = () => {
      const store = tx.objectStore(table);
      for (const row of values) {
        if (pending.size && pending.has(String(Reflect.get(row, 'id')))) continue;
        store.put(row);
        written++;
      }
      if (cursor) tx.objectStore('sync_state').put({ key: STATE_KEYS.cursor(table), value: cursor });
      alongside?.write(tx);
    };
    const range = IDBKeyRange.bound([table, ''], [table, '\uffff']);
    for (const name of PENDING_STORES) {
      const req = tx.objectStore(name).index('[table+row_id]').openKeyCursor(range);
      req.onsuccess = () => {
        const c = req.result;
        if (c) {
          const key = c.key;
          if (Array.isArray(key)) pending.add(String(key[1]));
          c.continue();
        } else if (--scanning === 0) write();
      };
    }
  });
}

const RELAXED: IDBTransactionOptions = { durability: 'relaxed' };

/**
 * The stores a pulled page's write touches: sync_state only with a cursor to write or check, so a write
 * without one (the offline pack's pages) never waits on the sync engine's cursor writes, nor they on it.
 */
const scope = (
  table: SyncTableName,
  cursor: Cursor | undefined,
  after: Cursor | null | undefined,
  alongside?: AlongsideWrite,
): string[] => [
  table,
  ...PENDING_STORES,
  ...(cursor || after !== undefined ? ['sync_state'] : []),
  ...(alongside?.stores ?? []),
];

/** Up to this many rows (a realtime change, say), a write does not wait for its pending-op check. */
const OPTIMISTIC_ROWS = 4;

/**
 * The few-row write: each row's pending-op lookup and its put are queued at once, one round trip to
 * IndexedDB fewer than check-then-put (a realtime change reaches the store sooner). A row with a queued
 * or parked op aborts the whole write, so nothing is stored, and resolves null: the caller takes the
 * checked path, which skips just that row.
 */
function putUnlessPending(db: MotorlyDb, table: SyncTableName, values: readonly object[]): Promise<number | null> {
  const tx = db.backendDB().transaction([table, ...PENDING_STORES], 'readwrite', RELAXED);
  return new Promise<number | null>((resolve, reject) => {
    let clash = false;
    tx.oncomplete = () => resolve(values.length);
    // Aborting fails the requests still queued (AbortError): expected, not a write failure.
    tx.onerror = () => {
      if (!clash) reject(tx.error ?? new Error('IndexedDB write failed'));
    };
    tx.onabort = () => (clash ? resolve(null) : reject(tx.error ?? new Error('IndexedDB write aborted')));
    for (const row of values) {
      const key = IDBKeyRange.only([table, String(Reflect.get(row, 'id'))]);
      for (const name of PENDING_STORES) {
        const req = tx.objectStore(name).index('[table+row_id]').getKey(key);
        req.onsuccess = () => {
          if (req.result === undefined || clash) return;
          clash = true;
          tx.abort();
        };
      }
    }
    const store = tx.objectStore(table);
    for (const row of values) store.put(row);
  });
}

/**
 * A pulled page's write: the pending-op scans of the table and every put (and the cursor) are queued at
 * once, one IndexedDB round trip per page instead of two (check, then put). Requests run in order, so
 * the scans answer before the transaction can commit: a queued or parked op on a row of this page aborts
 * it, nothing is stored, and it resolves null for the caller's checked path. A first download writes
 * some 140 pages at 50,000 listings, while the outbox is nearly always empty.
 */
function putUnlessAnyPending(
  db: MotorlyDb,
  table: SyncTableName,
  values: readonly object[],
  cursor: Cursor | undefined,
  after: Cursor | null | undefined,
  alongside?: AlongsideWrite,
): Promise<number | null> {
  const tx = db.backendDB().transaction(scope(table, cursor, after, alongside), 'readwrite', RELAXED);
  const unordered = guardAfter(tx, table, after);
  return new Promise<number | null>((resolve, reject) => {
    let clash = false;
    let ids: Set<string> | undefined;
    tx.oncomplete = () => resolve(values.length);
    // Aborting fails the requests still queued (AbortError): expected, not a write failure.
    tx.onerror = () => {
      if (!clash && !unordered()) reject(tx.error ?? new Error('IndexedDB write failed'));
    };
    tx.onabort = () => {
      if (unordered()) reject(outOfOrder(table));
      else if (clash) resolve(null);
      else reject(tx.error ?? new Error('IndexedDB write aborted'));
    };
    const range = IDBKeyRange.bound([table, ''], [table, '\uffff']);
    for (const name of PENDING_STORES) {
      const req = tx.objectStore(name).index('[table+row_id]').openKeyCursor(range);
      req.onsuccess = () => {
        const c = req.result;
        if (!c || clash || unordered()) return;
        ids ??= new Set(values.map((row) => String(Reflect.get(row, 'id'))));
        const key = c.key;
        if (Array.isArray(key) && ids.has(String(key[1]))) {
          clash = true;
          tx.abort();
        } else c.continue();
      };
    }
    const store = tx.objectStore(table);
    for (const row of values) store.put(row);
    if (cursor) tx.objectStore('sync_state').put({ key: STATE_KEYS.cursor(table), value: cursor });
    alongside?.write(tx);
  });
}

/** Every 'storagemutated' key of a table starts with this (Dexie: idb://<database>/<table>/<index>). */
export function mutationPrefix(dbName: string, table: string): string {
  return `idb://${dbName}/${table}/`;
}

/** The "database/table" names a 'storagemutated' event touches. */
export function mutatedTables(parts: ObservabilitySet): Set<string> {
  const tables = new Set<string>();
  for (const key of Object.keys(parts)) {
    const m = /^idb:\/\/(.+\/[^/]+)\//.exec(key);
    if (m) tables.add(m[1]);
  }
  return tables;
}

/** The 'storagemutated' keys Dexie fires for a write to any row of `table` (every index included). */
export function mutationKeys(db: MotorlyDb, table: string): string[] {
  const prefix = mutationPrefix(db.name, table);
  return [prefix, `${prefix}:dels`, ...db.table(table).schema.indexes.map((idx) => prefix + idx.name)];
}

/**
 * Tells live queries in every tab and worker that these rows of a table changed (any of its index
 * entries may have moved): the primary keys are named, as Dexie names them for a put, so a live
 * query that read other rows by primary key need not run again.
 */
export function notifyRowsChanged(db: MotorlyDb, table: SyncTableName, ids: readonly string[]): void {
  if (!ids.length) return;
  const parts: Record<string, RangeSet> = {};
  for (const key of mutationKeys(db, table)) parts[key] = new RangeSet(-Infinity, [[[]]]);
  const named = new RangeSet().addKeys([...ids]);
  parts[mutationPrefix(db.name, table)] = named;
  parts[`${mutationPrefix(db.name, table)}:dels`] = new RangeSet().addKeys([...ids]);
  Dexie.on.storagemutated.fire(parts);
}

/**
 * Tells live queries in every tab and worker that anything in these stores may have changed (synced
 * tables or local ones, such as the offline pack's, written raw alongside a page).
 */
export function notifyTablesChanged(db: MotorlyDb, tables: readonly string[]): void {
  const parts: Record<string, RangeSet> = {};
  for (const name of new Set(tables))
    for (const key of mutationKeys(db, name)) parts[key] = new RangeSet(-Infinity, [[[]]]);
  if (Object.keys(parts).length) Dexie.on.storagemutated.fire(parts);
}
