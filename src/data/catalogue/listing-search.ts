/**
 * Marketplace search over the local store. Every filter is a key range (or several) on a Dexie
 * index; listing-index.ts keeps each index's order in memory (patched on every listing write) and
 * turns a range into ids by binary search, the filters are intersected, a sort index is walked for
 * the order and only the page's rows are fetched. Colour, ULEZ and annual tax use local-only
 * derived fields (listing-derived.ts). `scanListings` is the same search as a plain full scan
 * computing those from the row itself: the benchmark's baseline and the tests' oracle.
 */
import type { IndexableType } from 'dexie';
import { locatePostcode, milesBetween, type LatLng } from '@/shared/lib/uk';
import type { MotorlyDb } from '../db';
import { annualTaxFor, cashPriceForMonthly, listingUlezCompliant } from './listing-costs';
import { colourKey, scheduleListingRepair } from './listing-derived';
import {
  bindCatalogue,
  catalogueTables,
  dealerPostings,
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
import type { BodyStyle, CarModelRow, DealerRow, FuelType, Gearbox, ListingRow } from './types';

export const LISTING_SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'mileage',
  'distance',
  'newest',
  'reduction',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** The search as the marketplace URL holds it (slugs, not ids). */
export interface ListingSearch {
  postcode?: string;
  radius?: number;
  make?: string;
  model?: string;
  priceMode: 'cash' | 'monthly';
  priceMin?: number;
  priceMax?: number;
  monthlyMax?: number;
  yearMin?: number;
  yearMax?: number;
  mileageMax?: number;
  body: BodyStyle[];
  fuel: FuelType[];
  gearbox?: Gearbox;
  colour: string[];
  seatsMin?: number;
  taxMax?: number;
  insuranceMax?: number;
  ulez: boolean;
  /** Only this dealer's stock (a dealer id). */
  dealer?: string;
  sort: ListingSort;
  page: number;
  pageSize: number;
}

/** A search with no filters: the first page of `pageSize` listings, cash prices, relevance order. */
export function emptyListingSearch(pageSize: number): ListingSearch {
  return { priceMode: 'cash', body: [], fuel: [], colour: [], ulez: false, sort: 'relevance', page: 1, pageSize };
}

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
// on the amount, so the map is built once and reused until the history table changes (a write
// Dexie reports, or a different row count), like the other caches here.
// ---------------------------------------------------------------------------------------------
let reductionCache: { db: MotorlyDb; stamp: string; map: Map<string, number> } | undefined;

/** Listing id -> how much its price has come down (only listings with a reduction). */
export async function reductionMap(source: MotorlyDb | CatalogueTx): Promise<Map<string, number>> {
  const t = 'history' in source ? source : unboundCatalogue(source);
  const db = t.db;
  tableGeneration(db, 'listing_price_history'); // starts listening before the read
  const stamp = `${tableGeneration(db, 'listing_price_history')}|${await t.history.count()}`;
  if (reductionCache && reductionCache.db === db && reductionCache.stamp === stamp) return reductionCache.map;
  const first = new Map<string, { at: string; price: number }>();
  const last = new Map<string, { at: string; price: number }>();
  // toArray (one getAll) rather than each (a cursor step per row).
  for (const h of await t.history.toArray()) {
    const f = first.get(h.vehicle_listing_id);
    if (!f || h.changed_at < f.at) first.set(h.vehicle_listing_id, { at: h.changed_at, price: h.price });
    const l = last.get(h.vehicle_listing_id);
    if (!l || h.changed_at > l.at) last.set(h.vehicle_listing_id, { at: h.changed_at, price: h.price });
  }
  const map = new Map<string, number>();
  for (const [id, f] of first) {
    const drop = f.price - (last.get(id)?.price ?? f.price);
    if (drop > 0) map.set(id, drop);
  }
  reductionCache = { db, stamp, map };
  return map;
}

const dropsCache = new WeakMap<IndexSnapshot, { map: Map<string, number>; drops: Float64Array }>();

/** Each listing's price reduction by integer id (0 when none), once per index state and reduction map. */
function dropsById(snap: IndexSnapshot, reductions: Map<string, number>): Float64Array {
  const cached = dropsCache.get(snap);
  if (cached && cached.map === reductions) return cached.drops;
  const drops = new Float64Array(snap.pks.length);
  for (const [pk, drop] of reductions) {
    const id = snap.idOf.get(pk);
    if (id !== undefined && id < drops.length) drops[id] = drop;
  }
  dropsCache.set(snap, { map: reductions, drops });
  return drops;
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

/** Ids in the search's order: a sort index walked forwards or backwards, re-ranked where needed. */
async function orderedIds(
  t: CatalogueTx,
  snap: IndexSnapshot,
  s: ListingSearch,
  r: Resolved,
  keep: (id: number) => boolean,
): Promise<number[]> {
  const walk = (order: Int32Array, descending: boolean): number[] => {
    const ids: number[] = [];
    if (descending)
      for (let i = order.length - 1; i >= 0; i--) {
        if (keep(order[i])) ids.push(order[i]);
      }
    else
      for (let i = 0; i < order.length; i++) {
        if (keep(order[i])) ids.push(order[i]);
      }
    return ids;
  };
  switch (s.sort) {
    case 'price-asc':
      return walk(orderOf(snap, 'price'), false);
    case 'price-desc':
      return walk(orderOf(snap, 'price'), true);
    case 'mileage':
      return walk(orderOf(snap, 'mileage'), false);
    case 'newest':
      return walk(orderOf(snap, 'year'), true);
    default:
      break;
  }
  const newestListed = walk(orderOf(snap, 'listed_at'), true);
  if (s.sort === 'reduction') {
    const drop = dropsById(snap, await reductionMap(t));
    // Array.prototype.sort is stable: equal drops keep the newest-listed order.
    return [
      ...newestListed.filter((id) => drop[id] > 0).sort((a, b) => drop[b] - drop[a]),
      ...newestListed.filter((id) => !(drop[id] > 0)),
    ];
  }
  if (r.dealerMiles.size === 0) return newestListed;
  const postings = dealerPostings(snap);
  if (s.sort === 'distance') {
    // Nearest dealer first (ties by dealer id, as the scan), each dealer's newest listings first.
    const byDealer = new Map<string, number[]>();
    const dealerOf = new Map<number, string>();
    for (const [d, ids] of postings) for (const id of ids) dealerOf.set(id, d);
    for (const id of newestListed) {
      const d = dealerOf.get(id) ?? '';
      const list = byDealer.get(d);
      if (list) list.push(id);
      else byDealer.set(d, [id]);
    }
    const miles = (d: string) => r.dealerMiles.get(d) ?? 0;
    return [...byDealer.keys()]
      .sort((a, b) => miles(a) - miles(b) || a.localeCompare(b))
      .flatMap((d) => byDealer.get(d) ?? []);
  }
  // Relevance near a postcode: distance bands first, newest within a band.
  const band = new Uint8Array(snap.pks.length).fill(distanceBand(undefined));
  for (const [d, ids] of postings) {
    const b = distanceBand(r.dealerMiles.get(d));
    for (const id of ids) band[id] = b;
  }
  return newestListed
    .map((id, i) => ({ id, i }))
    .sort((a, b) => band[a.id] - band[b.id] || a.i - b.i)
    .map((x) => x.id);
}

/**
 * Runs the search with indexes, in one read transaction: the state check (a count and the newest
 * updated_at), the rows changed since the in-memory orders' state, and the page's rows are all it
 * reads once the orders are in memory (listing-index.ts).
 */
export async function searchListings(db: MotorlyDb, s: ListingSearch): Promise<ListingPage> {
  const answer = await db.transaction('r', catalogueTables(db), async (tx) => {
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
    const dealers = r.dealerIds ? dealerPostings(snap) : undefined;
    const sold = idsInRange(snap, { index: 'status', lower: 'sold', upper: 'sold' });
    const filters = ranges.map((anyOf) => anyOf.map((range) => idsInRange(snap, range)));
    if (r.dealerIds && dealers) filters.push(r.dealerIds.map((d) => dealers.get(d) ?? new Int32Array(0)));
    const keep = intersection(snap.pks.length, filters, sold);
    const ids = await orderedIds(t, snap, s, r, keep);
    const start = (s.page - 1) * s.pageSize;
    const rows = await L.bulkGet(ids.slice(start, start + s.pageSize).map((id) => snap.pks[id]));
    return {
      r,
      page: done(
        ids.length,
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
