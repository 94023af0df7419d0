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

/**
 * Puts pulled rows (derived fields added as the middleware would) in ONE transaction with the
 * pending-op check and the table's cursor; rows with queued or parked ops are skipped.
 * @returns how many rows were written
 */
export async function putPulledRaw(
  db: MotorlyDb,
  table: SyncTableName,
  rows: readonly object[],
  cursor?: Cursor,
): Promise<number> {
  if (!db.isOpen()) await db.open();
  if (table === 'vehicle_listings') await modelPricesCurrent(db);
  const values = deriveOnWrite(db, table, rows);
  if (!cursor && values.length <= OPTIMISTIC_ROWS) {
    const written = await putUnlessPending(db, table, values);
    if (written !== null) return written;
  }
  // Relaxed: committed once the OS has the write, without waiting for the disk flush. The rows and the
  // cursor still commit together (a write lost to a power cut is pulled again from the older cursor).
  const tx = db.backendDB().transaction([table, ...PENDING_STORES, 'sync_state'], 'readwrite', RELAXED);
  return new Promise<number>((resolve, reject) => {
    let written = 0;
    tx.oncomplete = () => resolve(written);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
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
export function mutationKeys(db: MotorlyDb, table: SyncTableName): string[] {
  const prefix = mutationPrefix(db.name, table);
  return [prefix, `${prefix}:dels`, ...db.table(table).schema.indexes.map((idx) => prefix + idx.name)];
}

/**
 * Tells live queries in every tab and worker that these rows of a table changed (any of its index
 * entries may have moved): the primary keys are named, as Dexie names them for a put, so the
 * in-memory listing indexes (catalogue/listing-index.ts) can patch just those rows.
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

/** Tells live queries in every tab and worker that anything in these tables may have changed. */
export function notifyTablesChanged(db: MotorlyDb, tables: readonly SyncTableName[]): void {
  const parts: Record<string, RangeSet> = {};
  for (const name of new Set(tables))
    for (const key of mutationKeys(db, name)) parts[key] = new RangeSet(-Infinity, [[[]]]);
  if (Object.keys(parts).length) Dexie.on.storagemutated.fire(parts);
}
