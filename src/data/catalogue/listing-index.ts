/**
 * The listing indexes' orders held in memory, so a marketplace query reads IndexedDB only for a few
 * counts and the page's rows. Reading an index's keys costs ~3 µs a key in Chromium (a 10,000-key
 * range is ~30 ms), but counting a range of it is ~1 ms. So each index's whole order (primary keys
 * in index order, as small integers) is read once per catalogue state, and a query turns each
 * filter into positions in that order with two counts: the entries below its lower bound and those
 * up to its upper bound. The cached orders are dropped whenever vehicle_listings changes (count or
 * newest updated_at differ, or Dexie reports a write from any tab or worker).
 */
import { Dexie, type IndexableType, type ObservabilitySet } from 'dexie';
import type { MotorlyDb } from '../db';

/** Listing ids as dense integers, and the index orders read so far in this catalogue state. */
export interface IndexSnapshot {
  readonly stamp: string;
  /** Integer id -> primary key (ascending). */
  readonly pks: string[];
  readonly idOf: Map<string, number>;
  /** Only finished reads are kept: a pending one belongs to another transaction, which may end first. */
  readonly orders: Map<string, Int32Array>;
  dealerPostings?: Map<string, Int32Array>;
}

/** Bumped by any committed write to vehicle_listings, per database name (from any context). */
const generations = new Map<string, number>();
let listening = false;

function listenForWrites(): void {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts: ObservabilitySet) => {
    for (const key of Object.keys(parts)) {
      const m = /^idb:\/\/(.+)\/vehicle_listings\//.exec(key);
      if (m) generations.set(m[1], (generations.get(m[1]) ?? 0) + 1);
    }
  });
}

const snapshots = new WeakMap<MotorlyDb, IndexSnapshot>();

/**
 * The state stamp, read in the caller's transaction. Counting the whole table also makes a live
 * query that calls this re-run on any listing change.
 */
export async function readStamp(db: MotorlyDb): Promise<string> {
  listenForWrites();
  const L = db.vehicle_listings;
  const [count, newest] = await Promise.all([L.count(), L.orderBy('updated_at').reverse().limit(1).keys()]);
  return `${generations.get(db.name) ?? 0}|${count}|${String(newest[0] ?? '')}`;
}

/** The snapshot for this state: the cached one, or a new one with the primary keys numbered. */
export async function snapshotFor(db: MotorlyDb, stamp: string): Promise<IndexSnapshot> {
  const cached = snapshots.get(db);
  if (cached?.stamp === stamp) return cached;
  const pks = (await db.vehicle_listings.toCollection().primaryKeys()) as string[];
  const snap: IndexSnapshot = { stamp, pks, idOf: new Map(pks.map((k, i) => [k, i])), orders: new Map() };
  snapshots.set(db, snap);
  if (cached) rewarmLater(db, snap, [...cached.orders.keys()]);
  return snap;
}

/**
 * After a change, re-reads in the background the orders the previous state had, so the shopper's
 * next filter change is fast again (its own transaction: the caller's may be a live query's).
 */
function rewarmLater(db: MotorlyDb, snap: IndexSnapshot, indexes: string[]): void {
  setTimeout(() => {
    void db
      .transaction('r', db.vehicle_listings, async () => {
        if (snapshots.get(db) !== snap || (await readStamp(db)) !== snap.stamp) return;
        for (const index of indexes) await orderOf(db, snap, index);
      })
      .catch(() => undefined); // closed or changed again: the next query reads what it needs
  }, 50);
}

/** Primary keys in an index's order (ties by primary key, as IndexedDB orders them), as integer ids. */
export async function orderOf(db: MotorlyDb, snap: IndexSnapshot, index: string): Promise<Int32Array> {
  const cached = snap.orders.get(index);
  if (cached) return cached;
  const order = toIds(snap, (await db.vehicle_listings.orderBy(index).primaryKeys()) as string[]);
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
export async function idsInRange(db: MotorlyDb, snap: IndexSnapshot, range: IndexRange): Promise<Int32Array> {
  const where = () => db.vehicle_listings.where(range.index);
  const [order, from, to] = await Promise.all([
    orderOf(db, snap, range.index),
    range.lower === undefined ? 0 : where().below(range.lower).count(),
    range.upper === undefined ? undefined : where().belowOrEqual(range.upper).count(),
  ]);
  return order.subarray(from, to ?? order.length);
}

/** Integer ids of each dealer's listings (the dealer_id index as posting lists), once per state. */
export async function dealerPostings(db: MotorlyDb, snap: IndexSnapshot): Promise<Map<string, Int32Array>> {
  if (snap.dealerPostings) return snap.dealerPostings;
  const dealers = (await db.dealers.toCollection().primaryKeys()) as string[];
  const lists = await Promise.all(dealers.map((d) => db.vehicle_listings.where('dealer_id').equals(d).primaryKeys() as Promise<string[]>));
  snap.dealerPostings = new Map(dealers.map((d, i) => [d, toIds(snap, lists[i])]));
  return snap.dealerPostings;
}

/**
 * Marks the ids every filter holds. Each filter is a union of disjoint id lists; `exclude` ids never
 * match. Returns a test for an id.
 */
export function intersection(size: number, filters: readonly (readonly Int32Array[])[], exclude: Int32Array): (id: number) => boolean {
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
