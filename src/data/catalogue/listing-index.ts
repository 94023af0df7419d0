/**
 * The listing indexes' orders held in memory, so a marketplace query reads IndexedDB only for a few
 * counts and the page's rows. Reading an index's keys costs ~3 µs a key in Chromium (a 10,000-key
 * range is ~30 ms), but counting a range of it is ~1 ms. So each index's whole order (primary keys
 * in index order, as small integers) is read once per catalogue state, and a query turns each
 * filter into positions in that order with two counts: the entries below its lower bound and those
 * up to its upper bound. The cached orders are dropped whenever vehicle_listings changes (count or
 * newest updated_at differ, or Dexie reports a write from any tab or worker).
 */
import { Dexie, type IndexableType, type ObservabilitySet, type Table, type Transaction } from 'dexie';
import type { MotorlyDb } from '../db';
import { mutatedTables } from '../raw-bulk-write';
import { listingsDerivedComplete } from './listing-derived';

/**
 * The catalogue tables bound to one read transaction. Bound tables don't depend on Dexie's async
 * zone, which a native await of an already-cached value can drop (the reads would then run in
 * transactions of their own while the search's transaction commits early).
 */
export interface CatalogueTx {
  /** The database itself: the identity the in-memory caches are kept under. */
  readonly db: MotorlyDb;
  readonly listings: MotorlyDb['vehicle_listings'];
  readonly dealers: MotorlyDb['dealers'];
  readonly brands: MotorlyDb['brands'];
  readonly models: MotorlyDb['car_models'];
  readonly history: MotorlyDb['listing_price_history'];
}

/** The tables a catalogue read transaction must include. */
export function catalogueTables(db: MotorlyDb): Table[] {
  return [db.vehicle_listings, db.dealers, db.brands, db.car_models, db.listing_price_history];
}

/** The catalogue tables outside any transaction (each read runs in its own). */
export function unboundCatalogue(db: MotorlyDb): CatalogueTx {
  return {
    db,
    listings: db.vehicle_listings,
    dealers: db.dealers,
    brands: db.brands,
    models: db.car_models,
    history: db.listing_price_history,
  };
}

/** Binds the catalogue tables to a transaction opened over `catalogueTables(db)`. */
export function bindCatalogue(db: MotorlyDb, tx: Transaction): CatalogueTx {
  return {
    db,
    listings: tx.table('vehicle_listings'),
    dealers: tx.table('dealers'),
    brands: tx.table('brands'),
    models: tx.table('car_models'),
    history: tx.table('listing_price_history'),
  };
}

/** Listing ids as dense integers, and the index orders read so far in this catalogue state. */
export interface IndexSnapshot {
  readonly stamp: string;
  /** Integer id -> primary key (ascending). */
  readonly pks: string[];
  readonly idOf: Map<string, number>;
  /** Every row has its derived index fields (listing-derived.ts); if not, the search scans. */
  readonly derivedComplete: boolean;
  /** Only finished reads are kept: a pending one belongs to another transaction, which may end first. */
  readonly orders: Map<string, Int32Array>;
  dealerPostings?: Map<string, Int32Array>;
}

/** Bumped by any committed write to a table, per "database/table" (from any tab or worker). */
const generations = new Map<string, number>();
let listening = false;

/** A number that changes whenever the table is written (Dexie's 'storagemutated' event). */
export function tableGeneration(db: MotorlyDb, table: string): number {
  if (!listening) {
    listening = true;
    Dexie.on('storagemutated', (parts: ObservabilitySet) => {
      for (const name of mutatedTables(parts)) generations.set(name, (generations.get(name) ?? 0) + 1);
    });
  }
  return generations.get(`${db.name}/${table}`) ?? 0;
}

const snapshots = new WeakMap<MotorlyDb, IndexSnapshot>();

/**
 * The state stamp, read in the caller's transaction. Counting the whole table also makes a live
 * query that calls this re-run on any listing change.
 */
export async function readStamp(t: CatalogueTx): Promise<string> {
  tableGeneration(t.db, 'vehicle_listings'); // starts listening before the reads
  const L = t.listings;
  const [count, newest] = await Promise.all([L.count(), L.orderBy('updated_at').reverse().limit(1).keys()]);
  return `${tableGeneration(t.db, 'vehicle_listings')}|${count}|${String(newest[0] ?? '')}`;
}

/** The snapshot for this state: the cached one, or a new one with the primary keys numbered. */
export async function snapshotFor(t: CatalogueTx, stamp: string): Promise<IndexSnapshot> {
  const cached = snapshots.get(t.db);
  if (cached?.stamp === stamp) return cached;
  const [pks, derivedComplete] = await Promise.all([
    t.listings.toCollection().primaryKeys() as Promise<string[]>,
    listingsDerivedComplete(t.listings),
  ]);
  const snap: IndexSnapshot = {
    stamp,
    pks,
    idOf: new Map(pks.map((k, i) => [k, i])),
    derivedComplete,
    orders: new Map(),
  };
  snapshots.set(t.db, snap);
  if (cached) rewarmLater(t.db, snap, [...cached.orders.keys()]);
  return snap;
}

/**
 * After a change, re-reads in the background the orders the previous state had, so the shopper's
 * next filter change is fast again (its own transaction: the caller's may be a live query's).
 */
function rewarmLater(db: MotorlyDb, snap: IndexSnapshot, indexes: string[]): void {
  setTimeout(() => {
    void db
      .transaction('r', catalogueTables(db), async (tx) => {
        const t = bindCatalogue(db, tx);
        if (snapshots.get(db) !== snap || (await readStamp(t)) !== snap.stamp) return;
        for (const index of indexes) await orderOf(t, snap, index);
      })
      .catch(() => undefined); // closed or changed again: the next query reads what it needs
  }, 50);
}

/** Primary keys in an index's order (ties by primary key, as IndexedDB orders them), as integer ids. */
export async function orderOf(t: CatalogueTx, snap: IndexSnapshot, index: string): Promise<Int32Array> {
  const cached = snap.orders.get(index);
  if (cached) return cached;
  const order = toIds(snap, (await t.listings.orderBy(index).primaryKeys()) as string[]);
  snap.orders.set(index, order);
  return order;
}

function toIds(snap: IndexSnapshot, keys: readonly string[]): Int32Array {
  const ids = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) ids[i] = snap.idOf.get(keys[i]) ?? -1;
  return ids;
}

/** A key range on one index; an absent bound is open-ended. */
export interface IndexRange {
  index: string;
  lower?: IndexableType;
  upper?: IndexableType;
}

/** The integer ids of the entries in a range: a slice of the index's order found with two counts. */
export async function idsInRange(t: CatalogueTx, snap: IndexSnapshot, range: IndexRange): Promise<Int32Array> {
  const where = () => t.listings.where(range.index);
  const [order, from, to] = await Promise.all([
    orderOf(t, snap, range.index),
    range.lower === undefined ? 0 : where().below(range.lower).count(),
    range.upper === undefined ? undefined : where().belowOrEqual(range.upper).count(),
  ]);
  return order.subarray(from, to ?? order.length);
}

/** Integer ids of each dealer's listings (the dealer_id index as posting lists), once per state. */
export async function dealerPostings(t: CatalogueTx, snap: IndexSnapshot): Promise<Map<string, Int32Array>> {
  if (snap.dealerPostings) return snap.dealerPostings;
  const dealers = (await t.dealers.toCollection().primaryKeys()) as string[];
  const lists = await Promise.all(
    dealers.map((d) => t.listings.where('dealer_id').equals(d).primaryKeys() as Promise<string[]>),
  );
  snap.dealerPostings = new Map(dealers.map((d, i) => [d, toIds(snap, lists[i])]));
  return snap.dealerPostings;
}

/**
 * Marks the ids every filter holds. Each filter is a union of disjoint id lists; `exclude` ids never
 * match. Returns a test for an id.
 */
export function intersection(
  size: number,
  filters: readonly (readonly Int32Array[])[],
  exclude: Int32Array,
): (id: number) => boolean {
  const hits = new Uint8Array(size);
  filters.forEach((parts, k) => {
    for (const part of parts) {
      for (let i = 0; i < part.length; i++) {
        const id = part[i];
        if (hits[id] === k) hits[id] = k + 1;
      }
    }
  });
  const EXCLUDED = 255;
  for (let i = 0; i < exclude.length; i++) hits[exclude[i]] = EXCLUDED;
  const want = filters.length;
  return (id) => hits[id] === want;
}

/** Forgets the in-memory orders (the benchmark measures the first query after a change with it). */
export function dropIndexSnapshot(db: MotorlyDb): void {
  snapshots.delete(db);
}
