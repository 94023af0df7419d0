/**
 * The listing indexes held in memory, per tab (and worker), so a marketplace query reads IndexedDB
 * only for a state check and the page's rows. Every field the search reads (LISTING_ORDER_FIELDS) is
 * kept as IndexedDB would order an index on it: the primary keys (as small integer ids) in (key,
 * primary key) order, with the keys beside them. A filter's range is then a slice found by binary
 * search, no IDB read.
 *
 * The orders are built once from one read of the table, then patched: every listing write, in this
 * tab, another tab or the sync worker, reaches every context as Dexie's 'storagemutated' event with
 * the written primary keys (listing-changes.ts). The next query re-reads those rows in its own
 * transaction and moves each one to where its new keys sort (or drops it when gone). A write the
 * event doesn't name (a range delete, a clear, an unannounced raw write), a log that no longer
 * reaches back, or a state whose row count or newest updated_at the patched orders don't reproduce,
 * falls back to a full re-read: correctness first.
 */
import { cmp, Dexie, type IndexableType, type ObservabilitySet, type Table, type Transaction } from 'dexie';
import type { MotorlyDb } from '../db';
import { mutatedTables } from '../raw-bulk-write';
import { sortIdsByKey } from './key-order';
import { listingChangeSeq, listingChangesSince } from './listing-changes';

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

/**
 * The tables a catalogue read transaction must include. The price history only when the reader asks for
 * it (a sort by reduction): an open read transaction holds back every write to the stores it covers, and a
 * first download writes the price history last, while the open page re-reads the listings it has just
 * announced (a whole-table read of 50,000 listings held the history's first page for seconds).
 */
export function catalogueTables(db: MotorlyDb, opts: { history?: boolean } = {}): Table[] {
  const tables: Table[] = [db.vehicle_listings, db.dealers, db.brands, db.car_models];
  if (opts.history !== false) tables.push(db.listing_price_history);
  return tables;
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

/**
 * Binds the catalogue tables to a transaction opened over `catalogueTables(db)`. The price history is
 * bound when first read: a transaction opened without it fails only if it reads it.
 */
export function bindCatalogue(db: MotorlyDb, tx: Transaction): CatalogueTx {
  return {
    db,
    listings: tx.table('vehicle_listings'),
    dealers: tx.table('dealers'),
    brands: tx.table('brands'),
    models: tx.table('car_models'),
    get history() {
      return tx.table('listing_price_history') as MotorlyDb['listing_price_history'];
    },
  };
}

/**
 * One index in memory: ids in IndexedDB's order for it (key, then primary key), and each row's key in
 * this state. The ids are held in chunks (typed arrays, off the JS heap) and a patch replaces only the
 * chunks its rows leave or enter: the other chunks are shared with the state it was patched from, so a
 * change copies a few thousand ids, not the whole order (at 50,000 listings 200 KB an order, several
 * orders a change, each kept alive until the next). The keys are not copied per state either: a state's
 * lookup is its root's keys by id with the rows changed since laid over them.
 */
export interface IndexOrder {
  /** The ids in order, chunk after chunk (no chunk is empty). */
  readonly chunks: readonly Int32Array[];
  /** The position of each chunk's first id. */
  readonly starts: Int32Array;
  readonly length: number;
  /** The key of row `id` in this index (undefined when the row is not in it). */
  readonly key: KeyLookup;
}

/** A row's key in one index by integer id, in one state (undefined: not in the index). */
export type KeyLookup = (id: number) => IndexKey | undefined;

/** Ids a chunk holds when an order is cut; a patched chunk is split again past twice this (tests set it small). */
export const orderChunk = { size: 1024 };

/** An order of these ids (cut into chunks that are views of the array, not copies). */
export function orderFromIds(ids: Int32Array, key: KeyLookup): IndexOrder {
  const size = orderChunk.size;
  const chunks: Int32Array[] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.subarray(i, Math.min(ids.length, i + size)));
  return withChunks(chunks, key);
}

function withChunks(chunks: Int32Array[], key: KeyLookup): IndexOrder {
  const starts = new Int32Array(chunks.length);
  let length = 0;
  chunks.forEach((c, i) => {
    starts[i] = length;
    length += c.length;
  });
  return { chunks, starts, length, key };
}

/** The chunk holding position `pos` (0 <= pos < length). */
function chunkAt(order: IndexOrder, pos: number): number {
  const { starts } = order;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The id at a position of an order. */
function idAt(order: IndexOrder, pos: number): number {
  const c = chunkAt(order, pos);
  return order.chunks[c][pos - order.starts[c]];
}

/** The key at a position of an order. */
function keyAt(order: IndexOrder, pos: number): IndexKey {
  return order.key(idAt(order, pos)) as IndexKey;
}

/** The ids between two positions, as views of the chunks. */
function slice(order: IndexOrder, from: number, to: number): Int32Array[] {
  const out: Int32Array[] = [];
  if (to <= from) return out;
  for (let c = chunkAt(order, from); c < order.chunks.length && order.starts[c] < to; c++) {
    const start = order.starts[c];
    const chunk = order.chunks[c];
    out.push(chunk.subarray(Math.max(0, from - start), Math.min(chunk.length, to - start)));
  }
  return out;
}

/** Every id of an order, in order, in one array (tests, and a root's keys written out). */
export function idsOf(order: IndexOrder): Int32Array {
  const out = new Int32Array(order.length);
  order.chunks.forEach((c, i) => out.set(c, order.starts[i]));
  return out;
}

/** The keys these indexes hold (IndexedDB leaves a row out of an index when its value is not a key). */
export type IndexKey = string | number | Date;

/** Listing ids as dense integers, and every kept field's order, for one catalogue state. */
export interface IndexSnapshot {
  /** The listing-change log position whose changes are all in this state (listing-changes.ts). */
  readonly seq: number;
  /** How many listings the state holds, and its newest updated_at (the state check). */
  readonly size: number;
  /** Integer id -> primary key (append-only, shared by patched states; ids of deleted rows stay). */
  readonly pks: string[];
  readonly idOf: Map<string, number>;
  /** Every row has its derived index fields (listing-derived.ts); if not, the search scans. */
  readonly derivedComplete: boolean;
  /** The orders built so far, by index; read them through orderFor(), which builds the others. */
  readonly orders: Map<string, IndexOrder>;
  /** The fields kept as orders (LISTING_ORDER_FIELDS). */
  readonly indexes: readonly string[];
  /** While some orders are unbuilt: the state this one was patched from, and the patch. */
  pending?: PendingPatch;
  /** After a full read, the keys by id of the orders not sorted yet. */
  unsorted?: Map<string, (IndexKey | undefined)[]>;
  /** By id: 1 for the rows of this state (ids of deleted rows stay numbered). */
  readonly live: Uint8Array;
  /** The states sharing this one's id numbering, and this state's place among them (changedBetween). */
  readonly lineage: Lineage;
  readonly version: number;
}

/**
 * The states patched from one full read (they share its id numbering): each patch's changed ids, so
 * that what is derived from one state (a dealer number per id, the price indicators' comparables) can
 * be carried to a later one by redoing only the rows changed in between.
 */
interface Lineage {
  last: number;
  /** The most recent patches: the state each made, the state it was patched from, the ids it changed. */
  readonly steps: { version: number; parent: number; ids: readonly number[] }[];
}

/** Patches a lineage remembers; a state further back is derived afresh. */
const KEEP_STEPS = 64;

function newLineage(): Lineage {
  return { last: 0, steps: [] };
}

/**
 * The ids whose rows may differ between `from` and the later state `to` (the rows every patch between
 * them changed), or undefined when `to` was not patched from `from` or the steps no longer reach back.
 */
export function changedBetween(from: IndexSnapshot, to: IndexSnapshot): number[] | undefined {
  if (from.lineage !== to.lineage || from.pks !== to.pks) return undefined;
  const { steps } = to.lineage;
  const ids: number[] = [];
  let version = to.version;
  let i = steps.length - 1;
  while (version !== from.version) {
    if (version < from.version) return undefined;
    while (i >= 0 && steps[i].version > version) i--;
    if (i < 0 || steps[i].version !== version) return undefined;
    for (const id of steps[i].ids) ids.push(id);
    version = steps[i].parent;
  }
  return ids;
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

/** The state check, read in the caller's transaction (the log position is taken before any read). */
export interface ListingStamp {
  /** Changes logged up to here were committed before the transaction began, so it sees them. */
  readonly seq: number;
  readonly count: number;
  readonly newest: IndexableType | undefined;
}

/**
 * Reads the state check. Counting the whole table also makes a live query that calls this re-run on
 * any listing change. Call it first in the transaction: the log position must predate its reads.
 */
export async function readStamp(t: CatalogueTx): Promise<ListingStamp> {
  const seq = listingChangeSeq(t.db.name);
  const L = t.listings;
  const [count, newest] = await Promise.all([L.count(), L.orderBy('updated_at').reverse().limit(1).keys()]);
  return { seq, count, newest: newest[0] };
}

/** More changed rows than this are re-read as a whole table instead of patched. */
const MAX_PATCHED = 2000;

/**
 * The in-memory indexes for the state the caller's transaction sees: the cached ones when nothing
 * changed, patched for the logged changes, or read afresh.
 */
export async function snapshotFor(t: CatalogueTx, stamp: ListingStamp): Promise<IndexSnapshot> {
  const cached = snapshots.get(t.db);
  const stats = statsOf(t.db);
  let snap: IndexSnapshot | undefined;
  if (cached) {
    // Every write logged by now is in this transaction's view: it committed before this read, and
    // IndexedDB runs a read-write transaction over these stores wholly before or wholly after a read
    // transaction that overlaps it. (A live query often starts before the write's event is logged,
    // so the stamp's position can be older than this one.)
    const position = listingChangeSeq(t.db.name);
    const changes = listingChangesSince(t.db.name, cached.seq);
    if (changes && changes.size === 0 && matches(cached, stamp)) snap = cached;
    else if (changes)
      snap =
        (await sharedPatch(t, cached, stamp)) ?? (await patchFor(t, cached, changes, Math.max(position, stamp.seq)));
  }
  if (!snap || !matches(snap, stamp)) {
    snap = await readAll(t, stamp.seq);
    stats.reads++;
    sortWhenIdle(t.db, snap);
  }
  if (snap !== cached && (snapshots.get(t.db)?.seq ?? -1) <= snap.seq) snapshots.set(t.db, snap);
  return snap;
}

/**
 * A patch being built by another query from the same cached state. A realtime change wakes every live
 * query at once (the results, the price indicators, a second panel); the first patches and the others
 * wait for its answer instead of re-reading the same rows and copying every order again.
 */
interface PatchInFlight {
  readonly from: IndexSnapshot;
  readonly seq: number;
  readonly done: Promise<IndexSnapshot | undefined>;
}

const inFlight = new WeakMap<MotorlyDb, PatchInFlight>();

/**
 * The in-flight patch's answer when it covers this transaction's view: built from the same cached
 * state, with every change logged before this transaction began, and passing the state check.
 */
async function sharedPatch(t: CatalogueTx, cached: IndexSnapshot, stamp: ListingStamp) {
  const other = inFlight.get(t.db);
  if (!other || other.from !== cached || other.seq < stamp.seq) return undefined;
  const snap = await whileAlive(t, other.done);
  if (!snap || !matches(snap, stamp)) return undefined;
  statsOf(t.db).shared++;
  return snap;
}

/** Patches `cached` for the logged changes (and recent writes), or undefined when there are too many. */
async function patchFor(t: CatalogueTx, cached: IndexSnapshot, logged: Set<string>, seq: number) {
  if (logged.size > MAX_PATCHED) return undefined;
  let finish: (snap: IndexSnapshot | undefined) => void = () => undefined;
  const entry: PatchInFlight = { from: cached, seq, done: new Promise((r) => (finish = r)) };
  inFlight.set(t.db, entry);
  let snap: PatchedSnapshot | undefined;
  try {
    snap = await patched(t, cached, logged, seq);
    if (snap) {
      const stats = statsOf(t.db);
      stats.patches++;
      stats.patchedRows += snap.patchedRows;
    }
    return snap;
  } finally {
    if (inFlight.get(t.db) === entry) inFlight.delete(t.db);
    finish(snap);
  }
}

/**
 * Waits for another transaction's promise while keeping this one open: an IndexedDB transaction
 * commits once a task ends with no request pending, so it asks for one small read at a time.
 */
async function whileAlive<T>(t: CatalogueTx, p: Promise<T>): Promise<T | undefined> {
  let settled = false;
  let value: T | undefined;
  p.then(
    (v) => {
      value = v;
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) await breath(t);
  return value;
}

/** How often the orders were read whole and patched, per database (tests and the benchmark). */
export interface IndexStats {
  reads: number;
  patches: number;
  patchedRows: number;
  /** Queries that took another query's patch of the same change instead of patching again. */
  shared: number;
}

const statsByDb = new WeakMap<MotorlyDb, IndexStats>();

export function indexStats(db: MotorlyDb): IndexStats {
  return { ...statsOf(db) };
}

function statsOf(db: MotorlyDb): IndexStats {
  let s = statsByDb.get(db);
  if (!s) statsByDb.set(db, (s = { reads: 0, patches: 0, patchedRows: 0, shared: 0 }));
  return s;
}

/** How far before the cached newest updated_at the look-back starts (server commits land out of order). */
const LOOK_BACK_MS = 1000;

function newestOf(snap: IndexSnapshot): IndexKey | undefined {
  const updated = snap.indexes.includes('updated_at') ? orderFor(snap, 'updated_at') : undefined;
  return updated && updated.length ? keyAt(updated, updated.length - 1) : undefined;
}

/**
 * The rows whose updated_at is at most LOOK_BACK_MS before the snapshot's newest, or newer (at most
 * MAX_PATCHED + 1 of them: more means a full re-read).
 */
async function recentlyUpdated(t: CatalogueTx, snap: IndexSnapshot): Promise<Row[]> {
  const newest = newestOf(snap);
  if (typeof newest !== 'string') return [];
  const ms = Date.parse(newest);
  const from = Number.isNaN(ms) ? newest : new Date(ms - LOOK_BACK_MS).toISOString();
  return (await t.listings
    .where('updated_at')
    .aboveOrEqual(from)
    .limit(MAX_PATCHED + 1)
    .toArray()) as unknown as Row[];
}

/** The state check: the orders hold as many rows as the table, with the same newest updated_at. */
function matches(snap: IndexSnapshot, stamp: ListingStamp): boolean {
  if (snap.size !== stamp.count) return false;
  const last = newestOf(snap);
  return last === undefined || stamp.newest === undefined ? last === stamp.newest : cmp(last, stamp.newest) === 0;
}

/** A listing as the indexes read it. */
export type IndexRow = Record<string, unknown> & { id: string };
type Row = IndexRow;

/**
 * The listing fields kept as orders in memory: every field the search filters or sorts on, and
 * status (sold rows leave the results), updated_at (the state check) and ulez (derivedComplete).
 * Each order is built from the rows' own values (keyOf), in IndexedDB's key order, so none of these
 * needs an IndexedDB index: the store indexes only what is read through IndexedDB (db.ts, version 6).
 */
export const LISTING_ORDER_FIELDS: readonly string[] = [
  'price',
  'mileage',
  'year',
  'listed_at',
  'car_model_id',
  'brand_id',
  'dealer_id',
  'fuel_type',
  'body_style',
  'status',
  'updated_at',
  'gearbox',
  'seats',
  'insurance_group',
  'colour_key',
  'annual_tax',
  'ulez',
];

/** A value as IndexedDB would key it, or undefined when it leaves the row out of the index. */
function keyOf(row: Row, index: string): IndexKey | undefined {
  const v = row[index];
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isNaN(v) ? undefined : v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v;
  return undefined;
}

/** IndexedDB's key order (numbers < dates < strings), fast for the common same-type pairs. */
function cmpKey(a: IndexKey, b: IndexKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return cmp(a, b);
}

/**
 * Rows read per request, and the step between the index sorts. Each IndexedDB answer arrives as a task
 * of its own, so a whole-table read in chunks, with a tiny request between the sorts, leaves the main
 * thread free every few milliseconds instead of holding it for the whole build (a first download re-reads
 * 10,000+ rows about once a second). The requests stay in the caller's transaction, so its view is one.
 */
export const READ_CHUNK = 500;

/**
 * Rows a patch reads per request. IndexedDB has no batched get by keys: Dexie's bulkGet makes one request
 * per key, every one of them in the task that calls it (a call to the browser process each, tens of
 * microseconds of the main thread), so a notice naming a download's page of 1,000 rows held the page's
 * main thread for 40+ ms in one task (a long task under Lighthouse's 4x CPU). A chunk a request, the next
 * made when the one before answers (in a task of its own), keeps each task a few milliseconds long.
 */
export const PATCH_READ_CHUNK = 100;

/** Hands the main thread back without leaving the transaction: one request, answered in a later task. */
function breath(t: CatalogueTx): Promise<unknown> {
  return t.dealers.get('');
}

/**
 * Every listing, in primary-key order, read a chunk at a time; each chunk is handed to `take` and then
 * let go, so a whole-table read never holds every row at once (at 50,000 listings the rows are several
 * times the size of the keys kept from them).
 */
async function readRows(t: CatalogueTx, take: (rows: readonly Row[]) => void): Promise<void> {
  let page = (await t.listings.orderBy(':id').limit(READ_CHUNK).toArray()) as unknown as Row[];
  for (;;) {
    take(page);
    if (page.length < READ_CHUNK) return;
    const last = page[page.length - 1].id;
    page = (await t.listings.where(':id').above(last).limit(READ_CHUNK).toArray()) as unknown as Row[];
  }
}

/** Reads every listing once and sorts each index's entries as IndexedDB orders them. */
async function readAll(t: CatalogueTx, seq: number): Promise<IndexSnapshot> {
  const pks: string[] = []; // primary-key order
  // Each index's keys by id (the rows go chunk by chunk); an order is sorted when first read (orderFor):
  // a query reads three to six of the twenty, and the sorts are most of a full read's time.
  const keys = LISTING_ORDER_FIELDS.map(() => [] as (IndexKey | undefined)[]);
  await readRows(t, (rows) => {
    for (const row of rows) {
      pks.push(row.id);
      for (let f = 0; f < LISTING_ORDER_FIELDS.length; f++) keys[f].push(keyOf(row, LISTING_ORDER_FIELDS[f]));
    }
  });
  const idOf = new Map(pks.map((k, i) => [k, i]));
  const unsorted = new Map<string, (IndexKey | undefined)[]>();
  LISTING_ORDER_FIELDS.forEach((index, f) => unsorted.set(index, keys[f]));
  const live = new Uint8Array(pks.length).fill(1);
  const indexes = [...unsorted.keys()];
  const snap: Building<IndexSnapshot> = {
    seq,
    size: pks.length,
    pks,
    idOf,
    orders: new Map(),
    indexes,
    live,
    unsorted,
    derivedComplete: false,
    lineage: newLineage(),
    version: 0,
  };
  for (const index of ALWAYS_BUILT) {
    if (!unsorted.has(index)) continue;
    await breath(t);
    orderFor(snap, index);
  }
  snap.derivedComplete = derivedCompleteOf(snap);
  return snap;
}

/** Idle time an order's sort waits for (a sort of 50,000 keys takes a few milliseconds, 10-20 on a slow core). */
const IDLE_SORT_MS = 12;

type IdleCallback = (deadline: { timeRemaining(): number }) => void;

/** requestIdleCallback where there is one (a window); a short timer elsewhere (a worker, the tests). */
const whenIdle: (cb: IdleCallback) => void =
  typeof requestIdleCallback === 'function'
    ? (cb) => requestIdleCallback(cb)
    : (cb) => setTimeout(() => cb({ timeRemaining: () => IDLE_SORT_MS }), 20);

/**
 * After a full read, the orders no query has read yet are sorted while the thread is idle, one an idle
 * period, so that the first query with a new filter or sort (or after a realtime change, which patches
 * from this state) finds its orders built instead of paying their sorts. Stops once the state is no
 * longer the one queries patch from.
 */
function sortWhenIdle(db: MotorlyDb, root: IndexSnapshot): void {
  const step: IdleCallback = (deadline) => {
    const unsorted = root.unsorted;
    if (!unsorted || unsorted.size === 0) return;
    const current = snapshots.get(db);
    if (current !== root && current?.pending?.root !== root) return;
    if (deadline.timeRemaining() >= IDLE_SORT_MS) orderFor(root, unsorted.keys().next().value as string);
    whenIdle(step);
  };
  whenIdle(step);
}

/** An index's order from its keys by id: ids with a key, by key, ties by id (ids ascend with the primary key). */
function sortedOrder(keyById: readonly (IndexKey | undefined)[]): IndexOrder {
  return orderFromIds(sortIdsByKey(keyById, cmpKey), arrayLookup(keyById));
}

function arrayLookup(keyById: readonly (IndexKey | undefined)[]): KeyLookup {
  return (id) => keyById[id];
}

/** Rows written around Dexie lack the derived fields and so are missing from the 'ulez' index. */
function derivedCompleteOf(s: Pick<IndexSnapshot, 'orders' | 'size'>): boolean {
  return (s.orders.get('ulez')?.length ?? 0) === s.size;
}

/**
 * A copy of `snap` with the changed rows re-read in the caller's transaction and moved in every
 * order: each is taken out, then put back where its new key sorts (binary search), or left out
 * when the row is gone. The id numbering is shared and only grows, so a query still reading `snap`
 * is unaffected. An order is copied in runs between the changed positions (a memory copy each), not
 * entry by entry: a patch of a few rows costs well under a millisecond over 10,000 listings.
 */
async function patched(
  t: CatalogueTx,
  snap: IndexSnapshot,
  logged: ReadonlySet<string>,
  seq: number,
): Promise<PatchedSnapshot | undefined> {
  // Both reads side by side: the logged rows (undefined when deleted), a chunk a request, each made once
  // the one before has answered (PATCH_READ_CHUNK), and, because another context's write can be visible
  // before its event arrives, the rows stamped since (or just before) the cached state's newest updated_at.
  const named = [...logged];
  const byKey = new Map<string, Row | undefined>();
  const readNamed = async () => {
    for (let i = 0; i < named.length; i += PATCH_READ_CHUNK) {
      const keys = named.slice(i, i + PATCH_READ_CHUNK);
      const rows = await t.listings.bulkGet(keys);
      rows.forEach((row, j) => byKey.set(keys[j], row as Row | undefined));
    }
  };
  const [recent] = await Promise.all([recentlyUpdated(t, snap), readNamed()]);
  for (const row of recent) byKey.set(row.id, row);
  if (byKey.size > MAX_PATCHED) return undefined;
  const list = [...byKey.keys()];
  const found = [...byKey.values()];
  const { pks, idOf } = snap;
  const changed: number[] = [];
  const present: { id: number; row: Row }[] = [];
  list.forEach((pk, i) => {
    const row = found[i];
    let id = idOf.get(pk);
    if (row && id === undefined) {
      id = pks.length;
      pks.push(pk);
      idOf.set(pk, id);
    }
    if (id === undefined) return; // never seen and not there now
    changed.push(id);
    if (row) present.push({ id, row });
  });
  const live = new Uint8Array(pks.length);
  live.set(snap.live);
  let size = snap.size;
  for (const id of changed) size -= live[id];
  for (const id of changed) live[id] = 0;
  for (const { id } of present) live[id] = 1;
  size += present.length;
  // By id: 1 for a changed row (its old entries leave every order).
  const isChanged = new Uint8Array(pks.length);
  for (const id of changed) isChanged[id] = 1;
  const pending = mergePending(snap, changed, present, isChanged);
  const eager = present.length > READ_CHUNK || pending.changed.length > MAX_PENDING_ROWS;
  const { lineage } = snap;
  const version = ++lineage.last;
  lineage.steps.push({ version, parent: snap.version, ids: changed });
  if (lineage.steps.length > KEEP_STEPS) lineage.steps.splice(0, lineage.steps.length - KEEP_STEPS);
  const next: Building<PatchedSnapshot> = {
    seq,
    size,
    pks,
    idOf,
    live,
    indexes: snap.indexes,
    orders: new Map(),
    pending,
    derivedComplete: false,
    patchedRows: list.length,
    lineage,
    version,
  };
  if (eager) {
    for (const index of snap.indexes) {
      if (present.length > READ_CHUNK) await breath(t);
      orderFor(next, index);
    }
    becomeRoot(next);
  } else {
    // The orders every query reads, patched from the previous state's (which has them) for this change.
    for (const index of ALWAYS_BUILT)
      if (snap.indexes.includes(index))
        next.orders.set(index, patchOrder(orderFor(snap, index), index, changed, present, pks, keyLookup(next, index)));
  }
  next.derivedComplete = derivedCompleteOf(next);
  return next;
}

/**
 * The orders a patch leaves unbuilt. A realtime change patches only the orders every query reads
 * (status, updated_at for the state check, ulez for derivedComplete); any other is built when a query
 * first reads it, by one patch of the last fully built state (the root) with every row changed since.
 * A live marketplace reads three or four of its twenty orders a query, so a change costs that much.
 */
interface PendingPatch {
  /** The last state with every order built (or, after a full read, sortable from its keys). */
  readonly root: IndexSnapshot;
  /** By id: 1 for every row changed since the root. */
  readonly isChanged: Uint8Array;
  readonly changed: readonly number[];
  /** The rows changed since the root that are there now, as they are now. */
  readonly present: readonly { id: number; row: Row }[];
}

/** Orders every patch builds at once. */
const ALWAYS_BUILT = ['status', 'updated_at', 'ulez'];
/** Rows changed since the root beyond which a patch builds every order (and becomes the root). */
const MAX_PENDING_ROWS = READ_CHUNK;

/** The changes since the root: `prev`'s pending ones, overwritten by this patch's. */
function mergePending(
  prev: IndexSnapshot,
  changed: readonly number[],
  present: readonly { id: number; row: Row }[],
  /** This patch's changed rows by id (kept as it is: a merge works on a copy). */
  patchChanged: Uint8Array,
): PendingPatch {
  const before = prev.pending;
  if (!before) return { root: prev, isChanged: patchChanged, changed, present };
  const isChanged = patchChanged.slice();
  const mergedPresent = [...present];
  for (const x of before.present) if (isChanged[x.id] === 0) mergedPresent.push(x);
  const merged = [...changed];
  for (const id of before.changed) if (isChanged[id] === 0) merged.push(id);
  for (const id of before.changed) isChanged[id] = 1;
  return { root: before.root, isChanged, changed: merged, present: mergedPresent };
}

/** One index's order in this state, built on first use from the root's and the changes since. */
export function orderFor(snap: IndexSnapshot, index: string): IndexOrder {
  const built = snap.orders.get(index);
  if (built) return built;
  if (!snap.indexes.includes(index)) throw new Error(`no in-memory listing order "${index}"`);
  const keyById = snap.unsorted?.get(index);
  const p = snap.pending;
  let order: IndexOrder;
  if (keyById) {
    order = sortedOrder(keyById);
    snap.unsorted?.delete(index);
  } else if (p)
    order = patchOrder(orderFor(p.root, index), index, p.changed, p.present, snap.pks, keyLookup(snap, index));
  else throw new Error(`the "${index}" order of this state is lost`);
  snap.orders.set(index, order);
  // A full read's state is a root from the start. A patched state stays patched from its root even once
  // every order is built (its keys are the root's with the changes laid over); a patch that builds every
  // order (too many changes since the root) makes a new root of its own keys (becomeRoot).
  if (snap.orders.size === snap.indexes.length) snap.unsorted = undefined;
  return order;
}

/**
 * A state whose orders are all built becomes the root of the next patches: each order's keys are
 * written out by id (one pass an index, every MAX_PENDING_ROWS changed rows), so the lookups of later
 * states reach the keys in one step, never through a chain of earlier overlays.
 */
function becomeRoot(snap: Building<IndexSnapshot>): void {
  for (const [index, order] of snap.orders) {
    const keyById = new Array<IndexKey | undefined>(snap.pks.length).fill(undefined);
    const { key } = order;
    for (const ids of order.chunks) for (let i = 0; i < ids.length; i++) keyById[ids[i]] = key(ids[i]);
    snap.orders.set(index, { ...order, key: arrayLookup(keyById) });
  }
  snap.pending = undefined;
  keyLookupCache.delete(snap as IndexSnapshot);
}

/** A state under construction: derivedComplete is set once its orders are in. */
type Building<S extends IndexSnapshot> = Omit<S, 'derivedComplete'> & { derivedComplete: boolean };

/** A patched state, with how many rows its patch re-read (the benchmark's statistics). */
type PatchedSnapshot = IndexSnapshot & { readonly patchedRows: number };

/** An entry to put into an order: before the old order's position `at`. */
interface Insert {
  readonly at: number;
  readonly id: number;
  readonly pk: string;
  readonly key: IndexKey;
}

/**
 * `order` without the changed rows' old entries and with the present rows' new ones (exported for the
 * tests). Each changed row's old entry is found by binary search on its old key, each new one's place
 * likewise, and only the chunks holding those places are copied: a change of a few rows costs a few
 * chunks and the chunk list, whatever the catalogue's size.
 */
export function patchOrder(
  order: IndexOrder,
  index: string,
  /** The rows changed (their old entries, if any, leave the order). */
  changed: readonly number[],
  present: readonly { id: number; row: Row }[],
  pks: readonly string[],
  /** The keys of the state the patched order belongs to. */
  key: KeyLookup,
): IndexOrder {
  const { key: oldKey } = order;
  const n = order.length;
  /** The first position whose entry sorts at or after (k, pk), in the old order. */
  const lowerBound = (k: IndexKey, pk: string) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const at = idAt(order, mid);
      const c = cmpKey(oldKey(at) as IndexKey, k);
      if (c < 0 || (c === 0 && pks[at] < pk)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // Where the changed rows sit now: found by their old keys.
  const gone: number[] = [];
  for (const id of changed) {
    const was = oldKey(id);
    if (was === undefined) continue;
    let pos = lowerBound(was, pks[id]);
    if (pos >= n || idAt(order, pos) !== id) {
      pos = -1; // not where its key says (never expected): look for it
      for (let i = 0; i < n && pos < 0; i++) if (idAt(order, i) === id) pos = i;
      if (pos < 0) continue;
    }
    gone.push(pos);
  }
  // Where each present row goes: found in the old order, which is sorted whole (the entries that
  // leave sort in it too, so skipping them later keeps the position right). Ties by primary key.
  const inserts: Insert[] = [];
  for (const { id, row } of present) {
    const rowKey = keyOf(row, index);
    if (rowKey === undefined) continue;
    const pk = pks[id];
    inserts.push({ at: lowerBound(rowKey, pk), id, pk, key: rowKey });
  }
  if (gone.length === 0 && inserts.length === 0) return { ...order, key };
  gone.sort((a, b) => a - b);
  inserts.sort((a, b) => a.at - b.at || cmpKey(a.key, b.key) || (a.pk < b.pk ? -1 : a.pk > b.pk ? 1 : 0));
  // The chunks touched: each gone entry's, and each insert's (an insert at the end goes to the last chunk).
  const { chunks, starts } = order;
  const touched = new Map<number, { gone: number[]; inserts: Insert[] }>();
  const touch = (c: number) => {
    let t = touched.get(c);
    if (!t) touched.set(c, (t = { gone: [], inserts: [] }));
    return t;
  };
  for (const pos of gone) touch(chunkAt(order, pos)).gone.push(pos);
  for (const e of inserts) {
    if (chunks.length === 0) touch(0).inserts.push(e);
    else touch(e.at >= n ? chunks.length - 1 : chunkAt(order, e.at)).inserts.push(e);
  }
  const out: Int32Array[] = [];
  const count = Math.max(chunks.length, 1);
  for (let c = 0; c < count; c++) {
    const t = touched.get(c);
    const chunk = chunks[c] ?? new Int32Array(0);
    if (!t) {
      out.push(chunk);
      continue;
    }
    const start = c < starts.length ? starts[c] : 0;
    const ids = new Int32Array(chunk.length - t.gone.length + t.inserts.length);
    let from = 0; // within the chunk
    let to = 0;
    const copyUpTo = (end: number) => {
      if (end <= from) return;
      ids.set(chunk.subarray(from, end), to);
      to += end - from;
      from = end;
    };
    let g = 0;
    let a = 0;
    while (g < t.gone.length || a < t.inserts.length) {
      if (a < t.inserts.length && (g >= t.gone.length || t.inserts[a].at <= t.gone[g])) {
        const e = t.inserts[a++];
        copyUpTo(e.at - start);
        ids[to++] = e.id;
      } else {
        copyUpTo(t.gone[g++] - start);
        from++; // skip the old entry
      }
    }
    copyUpTo(chunk.length);
    // Split a chunk grown past twice the size; drop an emptied one.
    const most = orderChunk.size * 2;
    for (let i = 0; i < ids.length; i += most) out.push(ids.subarray(i, Math.min(ids.length, i + most)));
  }
  return withChunks(
    out.filter((c) => c.length > 0),
    key,
  );
}

/** Primary keys in an index's order (ties by primary key, as IndexedDB orders them), as integer ids in chunks. */
export function orderOf(snap: IndexSnapshot, index: string): readonly Int32Array[] {
  return orderFor(snap, index).chunks;
}

/** A key range on one index; an absent bound is open-ended. */
export interface IndexRange {
  index: string;
  lower?: IndexableType;
  upper?: IndexableType;
}

/** The integer ids of the entries in a range: a slice of the index's order found by binary search (in parts). */
export function idsInRange(snap: IndexSnapshot, range: IndexRange): Int32Array[] {
  const order = orderFor(snap, range.index);
  const n = order.length;
  /**
   * The first position whose key is above `bound` (or at or above it when `above` is false): the chunk
   * first (by its last key), then within it, each step a direct read of a chunk.
   */
  const { chunks, starts } = order;
  const search = (bound: IndexableType, above: boolean) => {
    const before = (id: number) => {
      const c = cmp(order.key(id) as IndexKey, bound);
      return c < 0 || (above && c === 0);
    };
    let lo = 0;
    let hi = chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const chunk = chunks[mid];
      if (before(chunk[chunk.length - 1])) lo = mid + 1;
      else hi = mid;
    }
    if (lo === chunks.length) return n;
    const chunk = chunks[lo];
    let a = 0;
    let z = chunk.length;
    while (a < z) {
      const mid = (a + z) >> 1;
      if (before(chunk[mid])) a = mid + 1;
      else z = mid;
    }
    return starts[lo] + a;
  };
  const from = range.lower === undefined ? 0 : search(range.lower, false);
  const to = range.upper === undefined ? n : search(range.upper, true);
  return slice(order, from, Math.max(from, to));
}

const keyLookupCache = new WeakMap<IndexSnapshot, Map<string, KeyLookup>>();

/**
 * Each row's key in one index by integer id in this state (undefined when the row is gone or not in
 * it), without building the order: the root's keys with the rows changed since laid over them.
 */
export function keyLookup(snap: IndexSnapshot, index: string): KeyLookup {
  const built = snap.orders.get(index);
  if (built) return built.key;
  const keyById = snap.unsorted?.get(index);
  if (keyById) return arrayLookup(keyById);
  let cache = keyLookupCache.get(snap);
  if (!cache) keyLookupCache.set(snap, (cache = new Map()));
  const cached = cache.get(index);
  if (cached) return cached;
  const p = snap.pending;
  if (!p) return orderFor(snap, index).key;
  const rootKey = keyLookup(p.root, index);
  const changed = new Map<number, IndexKey | undefined>();
  for (const { id, row } of p.present) changed.set(id, keyOf(row, index));
  const { isChanged } = p;
  const out: KeyLookup = (id) => (isChanged[id] === 1 ? changed.get(id) : rootKey(id));
  cache.set(index, out);
  return out;
}

/** Each id's dealer as a number into `dealers` (-1: none), for one state. */
export interface DealerNumbers {
  readonly dealers: readonly string[];
  readonly of: Int32Array;
}

/** The dealer numbers of a lineage's latest state asked for, carried to the next by its changed rows. */
interface CarriedDealers {
  state: IndexSnapshot;
  dealers: string[];
  readonly numberOf: Map<string, number>;
  of: Int32Array;
}

const dealersByLineage = new WeakMap<Lineage, CarriedDealers>();

/**
 * Each listing's dealer as a number (the distance and postcode sorts group by it). Built once per full
 * read, then carried from state to state: a change renumbers only its rows (changedBetween), so a
 * realtime change does not walk the dealer order of every listing again. The array is shared and
 * updated in place; callers use it at once, with no await between this call and their reads.
 */
export function dealerNumbers(snap: IndexSnapshot): DealerNumbers {
  const key = snap.indexes.includes('dealer_id') ? keyLookup(snap, 'dealer_id') : () => undefined;
  let d = dealersByLineage.get(snap.lineage);
  const n = snap.pks.length;
  const numberFor = (c: CarriedDealers, id: number) => {
    const k = key(id);
    if (k === undefined) return -1;
    const name = String(k);
    let number = c.numberOf.get(name);
    if (number === undefined) {
      number = c.dealers.length;
      c.dealers.push(name);
      c.numberOf.set(name, number);
    }
    return number;
  };
  if (d && d.state !== snap) {
    const changed = changedBetween(d.state, snap);
    if (!changed) d = undefined;
    else {
      if (d.of.length < n) {
        const grown = new Int32Array(Math.max(n, d.of.length + (d.of.length >> 3) + 64)).fill(-1);
        grown.set(d.of);
        d.of = grown;
      }
      for (const id of changed) d.of[id] = numberFor(d, id);
      d.state = snap;
    }
  }
  if (!d) {
    d = { state: snap, dealers: [], numberOf: new Map(), of: new Int32Array(n).fill(-1) };
    for (let id = 0; id < n; id++) if (snap.live[id] === 1) d.of[id] = numberFor(d, id);
    dealersByLineage.set(snap.lineage, d);
  }
  return { dealers: d.dealers, of: d.of };
}

/**
 * Marks the ids every filter holds. Each filter is a union of disjoint id lists; `exclude` ids never
 * match. Returns a test for an id.
 */
export function intersection(
  size: number,
  filters: readonly (readonly Int32Array[])[],
  exclude: readonly Int32Array[],
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
  for (const part of exclude) for (let i = 0; i < part.length; i++) hits[part[i]] = EXCLUDED;
  const want = filters.length;
  return (id) => hits[id] === want;
}

/** Forgets the in-memory orders (the benchmark measures a full re-read with it). */
export function dropIndexSnapshot(db: MotorlyDb): void {
  snapshots.delete(db);
}
