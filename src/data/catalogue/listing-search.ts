/**
 * Marketplace search over the local store. Every filter is a key range (or several) on a Dexie
 * index; listing-index.ts keeps each index's order in memory (patched on every listing write) and
 * turns a range into ids by binary search, the filters are intersected, a sort index is walked for
 * the order and only the page's rows are fetched. Colour, ULEZ and annual tax use local-only
 * derived fields (listing-derived.ts). `scanListings` is the same search as a plain full scan
 * computing those from the row itself: the benchmark's baseline and the tests' oracle.
 */
import type { IndexableType } from 'dexie';
import { locatePostcode, milesBetween, type LatLng } from '@/domain/uk';
import type { MotorlyDb } from '../db';
import { annualTaxFor, cashPriceForMonthly, listingUlezCompliant } from './listing-costs';
import { colourKey, scheduleListingRepair } from './listing-derived';
import {
  bindCatalogue,
  catalogueTables,
  dealerNumbers,
  idsInRange,
  intersection,
  orderOf,
  readStamp,
  snapshotFor,
  tableGeneration,
  unboundCatalogue,
  type CatalogueTx,
  type IndexRange,
  type IndexSnapshot,
} from './listing-index';
import { listingChangeSeq, listingChangesSince } from './listing-changes';
import type { CarModelRow, DealerRow, ListingRow, PriceHistoryRow } from './types';
import type { ListingSearch } from './filters';

// The query type lives with the one filter schema; re-exported here for this module's callers.
export { LISTING_SORTS, emptyListingSearch, type ListingSearch, type ListingSort } from './filters';

export interface ListingPage {
  total: number;
  rows: ListingRow[];
  /** Miles from the searched postcode, by dealer id (empty without a postcode). */
  dealerMiles: Record<string, number>;
  /** A friendly message when the postcode could not be placed. */
  postcodeError?: string;
}

/** Everything the slugs and postcode resolve to, shared by the indexed search and the scan. */
interface Resolved {
  empty: boolean;
  brandId?: string;
  modelId?: string;
  priceMin?: number;
  priceMax?: number;
  dealerMiles: Map<string, number>;
  dealerIds?: string[];
  models: Map<string, CarModelRow>;
  postcodeError?: string;
}

let modelCache: { db: MotorlyDb; stamp: string; rows: CarModelRow[] } | undefined;

/** All car models, re-read only when the table changes (a write seen by Dexie, count or newest updated_at). */
async function allModels(t: CatalogueTx): Promise<CarModelRow[]> {
  const db = t.db;
  tableGeneration(db, 'car_models'); // starts listening before the reads
  const [count, newest] = await Promise.all([t.models.count(), t.models.orderBy('updated_at').last()]);
  const stamp = `${tableGeneration(db, 'car_models')}|${count}|${newest?.updated_at ?? ''}|${newest?.id ?? ''}`;
  if (modelCache && modelCache.db === db && modelCache.stamp === stamp) return modelCache.rows;
  const rows = await t.models.toArray();
  modelCache = { db, stamp, rows };
  return rows;
}

async function resolve(t: CatalogueTx, s: ListingSearch): Promise<Resolved> {
  const [models, dealers, brand] = await Promise.all([
    allModels(t),
    s.postcode ? t.dealers.toArray() : Promise.resolve([] as DealerRow[]),
    s.make ? t.brands.where('slug').equals(s.make).first() : undefined,
  ]);
  const r: Resolved = { empty: false, dealerMiles: new Map(), models: new Map(models.map((m) => [m.id, m])) };
  if (s.make) {
    if (!brand) return { ...r, empty: true };
    r.brandId = brand.id;
    if (s.model) {
      const model = models.find((m) => m.brand_id === brand.id && m.slug === s.model);
      if (!model) return { ...r, empty: true };
      r.modelId = model.id;
    }
  }
  r.priceMin = s.priceMode === 'cash' ? s.priceMin : undefined;
  r.priceMax =
    s.priceMode === 'cash' ? s.priceMax : s.monthlyMax !== undefined ? cashPriceForMonthly(s.monthlyMax) : undefined;
  if (s.postcode) {
    const place = locatePostcode(s.postcode);
    if (!place.ok) {
      r.postcodeError = place.message;
    } else {
      const origin: LatLng = place.point;
      for (const d of dealers) r.dealerMiles.set(d.id, milesBetween(origin, { lat: d.lat, lng: d.lng }));
      if (s.radius !== undefined) {
        const radius = s.radius;
        r.dealerIds = dealers.filter((d) => (r.dealerMiles.get(d.id) ?? Infinity) <= radius).map((d) => d.id);
        if (r.dealerIds.length === 0) r.empty = true;
      }
    }
  }
  if (s.dealer) {
    const only = s.dealer;
    r.dealerIds = r.dealerIds ? r.dealerIds.filter((d) => d === only) : [only];
    if (r.dealerIds.length === 0) r.empty = true;
  }
  return r;
}

/** The row-level checks the scan computes from the row (the indexed path reads derived fields). */
function residualTest(s: ListingSearch, r: Resolved): ((l: ListingRow) => boolean) | undefined {
  const tests: ((l: ListingRow) => boolean)[] = [];
  if (s.colour.length > 0) {
    const wanted = new Set(s.colour);
    tests.push((l) => wanted.has(colourKey(l.colour)));
  }
  if (s.taxMax !== undefined) {
    const max = s.taxMax;
    tests.push((l) => annualTaxFor(l, r.models.get(l.car_model_id)?.price_from ?? l.price) <= max);
  }
  return tests.length ? (l) => tests.every((t) => t(l)) : undefined;
}

export { colourKey };

function fullMatch(s: ListingSearch, r: Resolved): (l: ListingRow) => boolean {
  const residual = residualTest(s, r);
  return (l) =>
    l.status !== 'sold' &&
    (!r.brandId || l.brand_id === r.brandId) &&
    (!r.modelId || l.car_model_id === r.modelId) &&
    (!s.gearbox || l.gearbox === s.gearbox) &&
    (s.seatsMin === undefined || l.seats >= s.seatsMin) &&
    (s.insuranceMax === undefined || (l.insurance_group !== null && l.insurance_group <= s.insuranceMax)) &&
    (r.priceMin === undefined || l.price >= r.priceMin) &&
    (r.priceMax === undefined || l.price <= r.priceMax) &&
    (s.yearMin === undefined || l.year >= s.yearMin) &&
    (s.yearMax === undefined || l.year <= s.yearMax) &&
    (s.mileageMax === undefined || l.mileage <= s.mileageMax) &&
    (s.body.length === 0 || s.body.includes(l.body_style)) &&
    (s.fuel.length === 0 || s.fuel.includes(l.fuel_type)) &&
    (!r.dealerIds || r.dealerIds.includes(l.dealer_id)) &&
    (!s.ulez || listingUlezCompliant(l)) &&
    (!residual || residual(l));
}

// ---------------------------------------------------------------------------------------------
// Reductions: first price minus current price, from the price history. The history has no index
// on the amount, so the map is built from one read of the table (over 100,000 rows at 50,000
// listings), then patched from the price-history change log (listing-changes.ts): a write re-reads
// only its rows and the history of their listings. A write the log cannot name, a deleted history
// row, a log that no longer reaches back, or a row count the patched map does not reproduce, reads
// the table whole again.
// ---------------------------------------------------------------------------------------------

/** The reduction map and what it is patched with, per database. */
interface Reductions {
  readonly db: MotorlyDb;
  /** The price-history change-log position whose writes are all in the map. */
  seq: number;
  /** How many history rows the map was computed from (the state check against the table's count). */
  rows: number;
  /** Listing id -> how much its price has come down (only listings with a reduction); patched in place. */
  readonly map: Map<string, number>;
  /** Listing id -> its history rows. */
  readonly rowsOf: Map<string, number>;
  /** Bumped by every patch that changes a drop; `changed` holds the listings each recent one changed. */
  version: number;
  readonly changed: { version: number; ids: readonly string[] }[];
}

let reductions: Reductions | undefined;
/** The state behind each map (dropsById patches its array from the versions). */
const reductionsOf = new WeakMap<Map<string, number>, Reductions>();
/** Patch versions kept; an array of drops further behind is rebuilt. */
const KEEP_VERSIONS = 64;
/** More written history rows than this are read as a whole table instead of patched. */
const MAX_PATCHED_HISTORY = 2000;

/** How often the reduction map was read whole and patched, per database (the tests). */
export interface ReductionStats {
  reads: number;
  patches: number;
}
const reductionStatsByDb = new WeakMap<MotorlyDb, ReductionStats>();

export function reductionStats(db: MotorlyDb): ReductionStats {
  return { ...reductionStatsOf(db) };
}

function reductionStatsOf(db: MotorlyDb): ReductionStats {
  let s = reductionStatsByDb.get(db);
  if (!s) reductionStatsByDb.set(db, (s = { reads: 0, patches: 0 }));
  return s;
}

type HistoryTable = CatalogueTx['history'];

/** First and last price of each listing in `rows` (first and last changed_at; ties: the first row read). */
function dropsOf(rows: readonly PriceHistoryRow[]): { drop: Map<string, number>; count: Map<string, number> } {
  const first = new Map<string, { at: string; price: number }>();
  const last = new Map<string, { at: string; price: number }>();
  const count = new Map<string, number>();
  for (const h of rows) {
    const id = h.vehicle_listing_id;
    count.set(id, (count.get(id) ?? 0) + 1);
    const f = first.get(id);
    if (!f || h.changed_at < f.at) first.set(id, { at: h.changed_at, price: h.price });
    const l = last.get(id);
    if (!l || h.changed_at > l.at) last.set(id, { at: h.changed_at, price: h.price });
  }
  const drop = new Map<string, number>();
  for (const [id, f] of first) {
    const d = f.price - (last.get(id)?.price ?? f.price);
    if (d > 0) drop.set(id, d);
  }
  return { drop, count };
}

async function readReductions(db: MotorlyDb, history: HistoryTable, seq: number): Promise<Reductions> {
  // toArray (one getAll) rather than each (a cursor step per row), in primary-key order.
  const rows = await history.toArray();
  const { drop, count } = dropsOf(rows);
  reductionStatsOf(db).reads++;
  return { db, seq, rows: rows.length, map: drop, rowsOf: count, version: 0, changed: [] };
}

/**
 * Patches `r` for the history rows written since its position (up to `upTo`): re-reads them and every
 * history row of their listings. 'read' when the map must be read whole (a row is gone: its listing is
 * unknown); 'raced' when another query patched the map meanwhile (the caller tries again from there).
 */
async function patchReductions(
  r: Reductions,
  history: HistoryTable,
  written: Set<string>,
  upTo: number,
): Promise<'done' | 'raced' | 'read'> {
  if (written.size > MAX_PATCHED_HISTORY) return 'read';
  const from = r.seq;
  const changed = await history.bulkGet([...written]);
  const listings = new Set<string>();
  for (const h of changed) {
    if (!h) return 'read';
    listings.add(h.vehicle_listing_id);
  }
  // Rows of one listing arrive together, in primary-key order (as in the whole read).
  const rows = await history
    .where('vehicle_listing_id')
    .anyOf([...listings])
    .toArray();
  if (r.seq !== from) return 'raced';
  const { drop, count } = dropsOf(rows);
  const moved: string[] = [];
  for (const id of listings) {
    r.rows += (count.get(id) ?? 0) - (r.rowsOf.get(id) ?? 0);
    r.rowsOf.set(id, count.get(id) ?? 0);
    const d = drop.get(id);
    if (d === r.map.get(id)) continue;
    if (d === undefined) r.map.delete(id);
    else r.map.set(id, d);
    moved.push(id);
  }
  if (moved.length) {
    r.version++;
    r.changed.push({ version: r.version, ids: moved });
    if (r.changed.length > KEEP_VERSIONS) r.changed.splice(0, r.changed.length - KEEP_VERSIONS);
  }
  r.seq = upTo;
  reductionStatsOf(r.db).patches++;
  return 'done';
}

/** Listing id -> how much its price has come down (only listings with a reduction). */
export async function reductionMap(source: MotorlyDb | CatalogueTx): Promise<Map<string, number>> {
  if ('history' in source) return reductionsIn(source.db, source.history);
  // One read transaction: the count, the changed rows and their listings' history in one view.
  return source.transaction('r', source.listing_price_history, (tx) =>
    reductionsIn(source, tx.table('listing_price_history') as HistoryTable),
  );
}

async function reductionsIn(db: MotorlyDb, history: HistoryTable): Promise<Map<string, number>> {
  // Every write logged while this transaction is open is in its view (see snapshotFor in listing-index.ts).
  const count = await history.count();
  const cached = reductions?.db === db ? reductions : undefined;
  for (let tries = 0; cached && tries < 3; tries++) {
    const upTo = listingChangeSeq(db.name, 'listing_price_history');
    const written = listingChangesSince(db.name, cached.seq, 'listing_price_history');
    if (!written) break;
    const patched = written.size === 0 ? 'done' : await patchReductions(cached, history, written, upTo);
    if (patched === 'raced') continue;
    if (patched === 'read' || cached.rows !== count) break;
    return cached.map;
  }
  const fresh = await readReductions(db, history, listingChangeSeq(db.name, 'listing_price_history'));
  if (!reductions || reductions.db !== db || reductions.seq <= fresh.seq) reductions = fresh;
  reductionsOf.set(fresh.map, fresh);
  return fresh.map;
}

/** Drops by integer id for one reduction map and one id numbering (shared by the states patched from it). */
interface Drops {
  readonly pks: readonly string[];
  /** Ids below this have their drop filled in. */
  filled: number;
  drops: Float64Array;
  /** The map's patch version the drops reflect. */
  version: number;
}

const dropsCache = new WeakMap<Map<string, number>, Drops>();

/**
 * Each listing's price reduction by integer id (0 when none). A drop belongs to a primary key, and
 * patched states share one append-only id numbering, so the array is built once per reduction map and
 * numbering, only extended for the ids a change adds and patched for the listings a price-history
 * write changes: not rebuilt (a lookup per reduced listing) for every state a realtime change makes.
 */
export function dropsById(snap: IndexSnapshot, reductions: Map<string, number>): Float64Array {
  const state = reductionsOf.get(reductions);
  const version = state?.version ?? 0;
  let d = dropsCache.get(reductions);
  if (d && d.pks === snap.pks && d.version !== version) {
    const behind = state?.changed.filter((c) => c.version > (d as Drops).version) ?? [];
    if (behind.length !== version - d.version)
      d = undefined; // the versions kept don't reach back
    else {
      for (const c of behind)
        for (const pk of c.ids) {
          const id = snap.idOf.get(pk);
          if (id !== undefined && id < d.filled) d.drops[id] = reductions.get(pk) ?? 0;
        }
      d.version = version;
    }
  }
  if (!d || d.pks !== snap.pks) {
    const drops = new Float64Array(snap.pks.length);
    for (const [pk, drop] of reductions) {
      const id = snap.idOf.get(pk);
      if (id !== undefined && id < drops.length) drops[id] = drop;
    }
    dropsCache.set(reductions, (d = { pks: snap.pks, filled: drops.length, drops, version }));
  }
  const n = snap.pks.length;
  if (d.filled < n) {
    if (d.drops.length < n) {
      const grown = new Float64Array(Math.max(n, d.drops.length + (d.drops.length >> 3) + 64));
      grown.set(d.drops.subarray(0, d.filled));
      d.drops = grown;
    }
    for (let id = d.filled; id < n; id++) d.drops[id] = reductions.get(snap.pks[id]) ?? 0;
    d.filled = n;
  }
  return d.drops;
}

function byReduction(keys: string[], reductions: Map<string, number>): string[] {
  const reduced = keys
    .filter((k) => reductions.has(k))
    .sort((a, b) => (reductions.get(b) ?? 0) - (reductions.get(a) ?? 0));
  return [...reduced, ...keys.filter((k) => !reductions.has(k))];
}

function distanceBand(miles: number | undefined): number {
  if (miles === undefined) return 99;
  return miles <= 10 ? 0 : miles <= 25 ? 1 : miles <= 50 ? 2 : miles <= 100 ? 3 : 4;
}

// ---------------------------------------------------------------------------------------------
// Indexed search
// ---------------------------------------------------------------------------------------------

/** Each filter as key ranges on one index (a list means "any of"); see listing-index.ts. */
function filterRanges(s: ListingSearch, r: Resolved): IndexRange[][] {
  const eq = (index: string, value: IndexableType): IndexRange => ({ index, lower: value, upper: value });
  const out: IndexRange[][] = [];
  if (r.modelId) out.push([eq('car_model_id', r.modelId)]);
  else if (r.brandId) out.push([eq('brand_id', r.brandId)]);
  if (s.fuel.length > 0) out.push(s.fuel.map((f) => eq('fuel_type', f)));
  if (s.body.length > 0) out.push(s.body.map((b) => eq('body_style', b)));
  if (s.colour.length > 0) out.push([...new Set(s.colour)].map((c) => eq('colour_key', c)));
  if (s.gearbox) out.push([eq('gearbox', s.gearbox)]);
  if (s.ulez) out.push([eq('ulez', 1)]);
  if (r.priceMin !== undefined || r.priceMax !== undefined)
    out.push([{ index: 'price', lower: r.priceMin, upper: r.priceMax }]);
  if (s.mileageMax !== undefined) out.push([{ index: 'mileage', upper: s.mileageMax }]);
  if (s.yearMin !== undefined || s.yearMax !== undefined)
    out.push([{ index: 'year', lower: s.yearMin, upper: s.yearMax }]);
  if (s.seatsMin !== undefined) out.push([{ index: 'seats', lower: s.seatsMin }]);
  if (s.insuranceMax !== undefined) out.push([{ index: 'insurance_group', upper: s.insuranceMax }]);
  if (s.taxMax !== undefined) out.push([{ index: 'annual_tax', upper: s.taxMax }]);
  return out;
}

/** The matching ids in the search's order: how many there are, and at least the first `need` of them. */
interface Ordered {
  total: number;
  ids: number[];
}

/**
 * The first `need` matches of an order walked forwards or backwards, and how many match in all: the
 * page needs no more, and a walk that only counts past it allocates nothing.
 */
function walkOrder(
  order: readonly Int32Array[],
  descending: boolean,
  keep: (id: number) => boolean,
  need: number,
): Ordered {
  const ids: number[] = [];
  let total = 0;
  const take = (id: number) => {
    if (!keep(id)) return;
    if (total < need) ids.push(id);
    total++;
  };
  if (descending)
    for (let c = order.length - 1; c >= 0; c--) {
      const chunk = order[c];
      for (let k = chunk.length - 1; k >= 0; k--) take(chunk[k]);
    }
  else for (const chunk of order) for (let k = 0; k < chunk.length; k++) take(chunk[k]);
  return { total, ids };
}

/** An order's chunks (an order given as one array is one chunk). */
function chunksOf(order: Int32Array | readonly Int32Array[]): readonly Int32Array[] {
  return order instanceof Int32Array ? [order] : order;
}

/**
 * "Biggest reduction": reduced listings by drop, largest first (equal drops newest-listed first), then
 * the others newest-listed first. One walk of the listed_at order, newest first, counts the matches
 * and keeps the `need` best reductions in a bounded heap (and the first `need` others): the page is
 * all it orders, not every reduced listing (about a third of the catalogue) on every query.
 */
export function byReductionTopK(
  listedAtOrder: Int32Array | readonly Int32Array[],
  keep: (id: number) => boolean,
  drop: ArrayLike<number>,
  need: number,
): Ordered {
  // A heap whose root is the worst kept reduction: the smallest drop, and of equal drops the later
  // one in the walk (a later candidate with the root's drop is worse than all the heap holds).
  const heapId: number[] = [];
  const heapAt: number[] = [];
  const worse = (a: number, b: number) =>
    drop[heapId[a]] < drop[heapId[b]] || (drop[heapId[a]] === drop[heapId[b]] && heapAt[a] > heapAt[b]);
  const swap = (a: number, b: number) => {
    const i = heapId[a];
    heapId[a] = heapId[b];
    heapId[b] = i;
    const p = heapAt[a];
    heapAt[a] = heapAt[b];
    heapAt[b] = p;
  };
  const others: number[] = [];
  let total = 0;
  const listedAt = chunksOf(listedAtOrder);
  for (let k = listedAt.length - 1, chunk = listedAt[k], j = (chunk?.length ?? 0) - 1; k >= 0;) {
    if (j < 0) {
      chunk = listedAt[--k];
      j = (chunk?.length ?? 0) - 1;
      continue;
    }
    const id = chunk[j--];
    if (!keep(id)) continue;
    const at = total++;
    const d = drop[id];
    if (!(d > 0)) {
      if (others.length < need) others.push(id);
      continue;
    }
    if (need === 0) continue;
    if (heapId.length < need) {
      // Sift up.
      let i = heapId.length;
      heapId.push(id);
      heapAt.push(at);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (d > drop[heapId[0]]) {
      // Replace the worst and sift down (an equal drop comes later in the walk: not better).
      heapId[0] = id;
      heapAt[0] = at;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < heapId.length && worse(l, w)) w = l;
        if (r < heapId.length && worse(r, w)) w = r;
        if (w === i) break;
        swap(i, w);
        i = w;
      }
    }
  }
  const best = heapId.map((id, i) => ({ id, at: heapAt[i] }));
  best.sort((a, b) => drop[b.id] - drop[a.id] || a.at - b.at);
  const ids = best.map((x) => x.id);
  for (const id of others) {
    if (ids.length >= need) break;
    ids.push(id);
  }
  return { total, ids };
}

/** Ids in the search's order (at least the first `need`): a sort index walked, re-ranked where needed. */
async function orderedIds(
  t: CatalogueTx,
  snap: IndexSnapshot,
  s: ListingSearch,
  r: Resolved,
  keep: (id: number) => boolean,
  need: number,
): Promise<Ordered> {
  switch (s.sort) {
    case 'price-asc':
      return walkOrder(orderOf(snap, 'price'), false, keep, need);
    case 'price-desc':
      return walkOrder(orderOf(snap, 'price'), true, keep, need);
    case 'mileage':
      return walkOrder(orderOf(snap, 'mileage'), false, keep, need);
    case 'newest':
      return walkOrder(orderOf(snap, 'year'), true, keep, need);
    default:
      break;
  }
  if (s.sort === 'reduction')
    return byReductionTopK(orderOf(snap, 'listed_at'), keep, dropsById(snap, await reductionMap(t)), need);
  if (r.dealerMiles.size === 0) return walkOrder(orderOf(snap, 'listed_at'), true, keep, need);
  const { dealers, of } = dealerNumbers(snap);
  const listedAt = orderOf(snap, 'listed_at');
  if (s.sort === 'distance') {
    // Nearest dealer first (ties by dealer id, as the scan), each dealer's newest listings first. A
    // listing in no dealer's postings sorts as dealer '' (0 miles, first by id): group 0.
    const miles = (d: string) => r.dealerMiles.get(d) ?? 0;
    const byDistance = dealers
      .map((_, k) => k)
      .sort((a, b) => miles(dealers[a]) - miles(dealers[b]) || dealers[a].localeCompare(dealers[b]));
    const groupOf = new Int32Array(dealers.length);
    byDistance.forEach((k, rank) => (groupOf[k] = rank + 1));
    return groupedNewest(listedAt, keep, (id) => (of[id] < 0 ? 0 : groupOf[of[id]]), dealers.length + 1, need);
  }
  // Relevance near a postcode: distance bands first (no known distance last), newest within a band.
  const bands = distanceBand(100.5) + 2;
  const bandOf = new Int32Array(dealers.length);
  dealers.forEach((d, k) => {
    const miles = r.dealerMiles.get(d);
    bandOf[k] = miles === undefined ? bands - 1 : distanceBand(miles);
  });
  return groupedNewest(listedAt, keep, (id) => (of[id] < 0 ? bands - 1 : bandOf[of[id]]), bands, need);
}

/**
 * The matches grouped (groups in ascending order), newest listed first within a group: one walk of the
 * listed_at order, newest first, counts every match and keeps at most `need` a group, so the page is
 * all it collects (not every match, dealt and flattened, on every query).
 */
export function groupedNewest(
  listedAtOrder: Int32Array | readonly Int32Array[],
  keep: (id: number) => boolean,
  groupOf: (id: number) => number,
  groups: number,
  need: number,
): Ordered {
  const lists: number[][] = Array.from({ length: groups }, () => []);
  let total = 0;
  const listedAt = chunksOf(listedAtOrder);
  for (let c = listedAt.length - 1; c >= 0; c--) {
    const chunk = listedAt[c];
    for (let k = chunk.length - 1; k >= 0; k--) {
      const id = chunk[k];
      if (!keep(id)) continue;
      total++;
      const list = lists[groupOf(id)];
      if (list.length < need) list.push(id);
    }
  }
  const ids: number[] = [];
  for (const list of lists) {
    for (const id of list) {
      if (ids.length >= need) return { total, ids };
      ids.push(id);
    }
  }
  return { total, ids };
}

/**
 * Runs the search with indexes, in one read transaction: the state check (a count and the newest
 * updated_at), the rows changed since the in-memory orders' state, and the page's rows are all it
 * reads once the orders are in memory (listing-index.ts).
 */
export async function searchListings(db: MotorlyDb, s: ListingSearch): Promise<ListingPage> {
  // The price history is read only to sort by reduction; without it, this transaction leaves the
  // history's writes free (catalogueTables).
  const tables = catalogueTables(db, { history: s.sort === 'reduction' });
  const answer = await db.transaction('r', tables, async (tx) => {
    const t = bindCatalogue(db, tx);
    const L = t.listings;
    // readStamp first: it notes the change-log position before any read of this transaction.
    const stampRead = readStamp(t);
    const [r, stamp] = await Promise.all([resolve(t, s), stampRead]);
    const dealerMiles = Object.fromEntries(r.dealerMiles);
    const done = (total: number, rows: ListingRow[]): ListingPage => ({
      total,
      rows,
      dealerMiles,
      postcodeError: r.postcodeError,
    });
    if (r.empty) return { r, page: done(0, []) };
    const snap = await snapshotFor(t, stamp);
    if (!snap.derivedComplete) return { r, page: undefined };
    const ranges = filterRanges(s, r);
    const sold = idsInRange(snap, { index: 'status', lower: 'sold', upper: 'sold' });
    const filters = ranges.map((anyOf) => anyOf.flatMap((range) => idsInRange(snap, range)));
    // A dealer's listings: its slice of the dealer_id order (a binary search a dealer).
    if (r.dealerIds)
      filters.push(r.dealerIds.flatMap((d) => idsInRange(snap, { index: 'dealer_id', lower: d, upper: d })));
    const keep = intersection(snap.pks.length, filters, sold);
    const start = (s.page - 1) * s.pageSize;
    const { total, ids } = await orderedIds(t, snap, s, r, keep, start + s.pageSize);
    const rows = await L.bulkGet(ids.slice(start, start + s.pageSize).map((id) => snap.pks[id]));
    return {
      r,
      page: done(
        total,
        rows.filter((x): x is ListingRow => x !== undefined),
      ),
    };
  });
  if (answer.page) return answer.page;
  // Some rows lack their derived index fields: answer by scanning until the repair lands.
  scheduleListingRepair(db);
  return scanListings(db, s);
}

// ---------------------------------------------------------------------------------------------
// Baseline: the same search as one full scan, filtered and sorted in JavaScript.
// ---------------------------------------------------------------------------------------------
export async function scanListings(db: MotorlyDb, s: ListingSearch): Promise<ListingPage> {
  const r = await resolve(unboundCatalogue(db), s);
  const dealerMiles = Object.fromEntries(r.dealerMiles);
  if (r.empty) return { total: 0, rows: [], dealerMiles, postcodeError: r.postcodeError };
  const all = await db.vehicle_listings.toArray();
  const match = fullMatch(s, r);
  let rows = all.filter(match);
  rows = await sortRows(db, rows, s, r);
  const start = (s.page - 1) * s.pageSize;
  return {
    total: rows.length,
    rows: rows.slice(start, start + s.pageSize),
    dealerMiles,
    postcodeError: r.postcodeError,
  };
}

/** Sorts matching rows the way the indexes order them (ties broken by id), for the scan and small sets. */
async function sortRows(db: MotorlyDb, input: ListingRow[], s: ListingSearch, r: Resolved): Promise<ListingRow[]> {
  let rows = [...input];
  const cmpKey = (a: ListingRow, b: ListingRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const by = (f: (l: ListingRow) => number | string, dir: 1 | -1) => (a: ListingRow, b: ListingRow) => {
    const x = f(a);
    const y = f(b);
    return (x < y ? -dir : x > y ? dir : 0) || dir * cmpKey(a, b);
  };
  switch (s.sort) {
    case 'price-asc':
      rows.sort(by((l) => l.price, 1));
      break;
    case 'price-desc':
      rows.sort(by((l) => l.price, -1));
      break;
    case 'mileage':
      rows.sort(by((l) => l.mileage, 1));
      break;
    case 'newest':
      rows.sort(by((l) => l.year, -1));
      break;
    case 'distance':
      if (r.dealerMiles.size > 0) {
        rows.sort(
          (a, b) =>
            (r.dealerMiles.get(a.dealer_id) ?? 0) - (r.dealerMiles.get(b.dealer_id) ?? 0) ||
            a.dealer_id.localeCompare(b.dealer_id) ||
            by((l) => l.listed_at, -1)(a, b),
        );
        break;
      }
      rows.sort(by((l) => l.listed_at, -1));
      break;
    default: {
      rows.sort(by((l) => l.listed_at, -1));
      if (s.sort === 'reduction') {
        const red = await reductionMap(db);
        const byId = new Map(rows.map((x) => [x.id, x]));
        rows = byReduction(
          rows.map((x) => x.id),
          red,
        ).map((id) => byId.get(id) as ListingRow);
      } else if (r.dealerMiles.size > 0) {
        rows = rows
          .map((l, i) => ({ l, i, b: distanceBand(r.dealerMiles.get(l.dealer_id)) }))
          .sort((a, b) => a.b - b.b || a.i - b.i)
          .map((x) => x.l);
      }
    }
  }
  return rows;
}
