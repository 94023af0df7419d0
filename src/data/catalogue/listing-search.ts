/**
 * Marketplace search over the local store. Every filter becomes a set of primary keys read from a
 * Dexie index (IDBIndex.getAllKeys: keys only, no row decoding), the sort order comes from another
 * index (or a compound [field+price] index that also applies a filter), the sets are intersected in
 * memory and only the page's rows are fetched. Colour, ULEZ and annual tax use local-only derived
 * fields (listing-derived.ts). `scanListings` is the same search as a plain full scan computing
 * those from the row itself: the benchmark's baseline and the tests' oracle.
 */
import { Dexie } from 'dexie';
import { locatePostcode, milesBetween, type LatLng } from '@/shared/lib/uk';
import type { MotorlyDb } from '../db';
import { annualTaxFor, cashPriceForMonthly, listingUlezCompliant } from './listing-costs';
import { colourKey, listingsDerivedComplete, scheduleListingRepair } from './listing-derived';
import type { BodyStyle, CarModelRow, DealerRow, FuelType, Gearbox, ListingRow } from './types';

export const LISTING_SORTS = ['relevance', 'price-asc', 'price-desc', 'mileage', 'distance', 'newest', 'reduction'] as const;
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
  sort: ListingSort;
  page: number;
  pageSize: number;
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

/** All car models, re-read only when the table changes (count or newest updated_at). */
async function allModels(db: MotorlyDb): Promise<CarModelRow[]> {
  const [count, newest] = await Promise.all([db.car_models.count(), db.car_models.orderBy('updated_at').last()]);
  const stamp = `${count}|${newest?.updated_at ?? ''}|${newest?.id ?? ''}`;
  if (modelCache && modelCache.db === db && modelCache.stamp === stamp) return modelCache.rows;
  const rows = await db.car_models.toArray();
  modelCache = { db, stamp, rows };
  return rows;
}

async function resolve(db: MotorlyDb, s: ListingSearch): Promise<Resolved> {
  const [models, dealers] = await Promise.all([allModels(db), s.postcode ? db.dealers.toArray() : Promise.resolve([] as DealerRow[])]);
  const r: Resolved = { empty: false, dealerMiles: new Map(), models: new Map(models.map((m) => [m.id, m])) };
  if (s.make) {
    const brand = await db.brands.where('slug').equals(s.make).first();
    if (!brand) return { ...r, empty: true };
    r.brandId = brand.id;
    if (s.model) {
      const model = models.find((m) => m.brand_id === brand.id && m.slug === s.model);
      if (!model) return { ...r, empty: true };
      r.modelId = model.id;
    }
  }
  r.priceMin = s.priceMode === 'cash' ? s.priceMin : undefined;
  r.priceMax = s.priceMode === 'cash' ? s.priceMax : s.monthlyMax !== undefined ? cashPriceForMonthly(s.monthlyMax) : undefined;
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

function fullMatch(s: ListingSearch, r: Resolved, now: number): (l: ListingRow) => boolean {
  const residual = residualTest(s, r);
  void now;
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
// on the amount, so the map is built once and reused until the history table changes size.
// ---------------------------------------------------------------------------------------------
let reductionCache: { db: MotorlyDb; count: number; map: Map<string, number> } | undefined;

/** Listing id -> how much its price has come down (only listings with a reduction). */
export async function reductionMap(db: MotorlyDb): Promise<Map<string, number>> {
  const count = await db.listing_price_history.count();
  if (reductionCache && reductionCache.db === db && reductionCache.count === count) return reductionCache.map;
  const first = new Map<string, { at: string; price: number }>();
  const last = new Map<string, { at: string; price: number }>();
  // toArray (one getAll) rather than each (a cursor step per row).
  for (const h of await db.listing_price_history.toArray()) {
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
  reductionCache = { db, count, map };
  return map;
}

function byReduction(keys: string[], reductions: Map<string, number>): string[] {
  const reduced = keys.filter((k) => reductions.has(k)).sort((a, b) => (reductions.get(b) ?? 0) - (reductions.get(a) ?? 0));
  return [...reduced, ...keys.filter((k) => !reductions.has(k))];
}

function distanceBand(miles: number | undefined): number {
  if (miles === undefined) return 99;
  return miles <= 10 ? 0 : miles <= 25 ? 1 : miles <= 50 ? 2 : miles <= 100 ? 3 : 4;
}

// ---------------------------------------------------------------------------------------------
// Indexed search
// ---------------------------------------------------------------------------------------------
type KeyList = Promise<string[]>;

const hasIndex = (db: MotorlyDb, name: string): boolean => Boolean(db.vehicle_listings.schema.idxByName[name]);

/** Below this many candidates, fetching and sorting the rows beats reading a whole sort index. */
const SMALL_SET = 400;

/** Keys of rows whose indexed field equals any value: one getAllKeys per value (anyOf would walk a cursor). */
function keysAnyOf(db: MotorlyDb, field: string, values: readonly (string | number)[]): KeyList {
  return Promise.all(values.map((v) => db.vehicle_listings.where(field).equals(v).primaryKeys() as KeyList)).then((lists) => lists.flat());
}

function intersect(lists: string[][]): Set<string> | undefined {
  if (lists.length === 0) return undefined;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let acc = new Set(sorted[0]);
  for (const next of sorted.slice(1)) {
    const other = new Set(next);
    acc = new Set([...acc].filter((k) => other.has(k)));
  }
  return acc;
}

/** Runs the search with indexes. */
export async function searchListings(db: MotorlyDb, s: ListingSearch, opts: { smallSet?: number } = {}): Promise<ListingPage> {
  const [r, complete] = await Promise.all([resolve(db, s), listingsDerivedComplete(db)]);
  if (!complete) {
    // Some rows lack their derived index fields: answer by scanning until the repair lands.
    scheduleListingRepair(db);
    return scanListings(db, s);
  }
  const dealerMiles = Object.fromEntries(r.dealerMiles);
  const done = (total: number, rows: ListingRow[]): ListingPage => ({ total, rows, dealerMiles, postcodeError: r.postcodeError });
  if (r.empty) return done(0, []);
  const L = db.vehicle_listings;
  const priceLo = r.priceMin ?? 0;
  const priceHi = r.priceMax ?? Number.MAX_SAFE_INTEGER;
  const hasPrice = r.priceMin !== undefined || r.priceMax !== undefined;
  const start = (s.page - 1) * s.pageSize;

  // 0. A compound [field+sort] index both filters and orders (e.g. [fuel_type+price] for "electric, cheapest").
  const sortField = s.sort === 'price-asc' || s.sort === 'price-desc' ? 'price' : s.sort === 'mileage' ? 'mileage' : s.sort === 'newest' ? 'year' : undefined;
  const singles: [string, string | number | undefined][] = [
    ['car_model_id', r.modelId],
    ['brand_id', r.modelId ? undefined : r.brandId],
    ['fuel_type', s.fuel.length === 1 ? s.fuel[0] : undefined],
    ['body_style', s.body.length === 1 ? s.body[0] : undefined],
    ['ulez', s.ulez ? 1 : undefined],
    ['gearbox', s.gearbox],
  ];
  const compound = sortField ? singles.find(([f, v]) => v !== undefined && hasIndex(db, `[${f}+${sortField}]`)) : undefined;
  const skip = new Set<string>(compound && sortField ? [compound[0], sortField] : []);
  const [sortLo, sortHi] =
    sortField === 'price' ? [priceLo, priceHi] : sortField === 'mileage' ? [0, s.mileageMax ?? Number.MAX_SAFE_INTEGER] : [s.yearMin ?? 0, s.yearMax ?? 9999];
  const compoundKeys: KeyList | undefined =
    compound && sortField
      ? (L.where(`[${compound[0]}+${sortField}]`).between([compound[1], sortLo], [compound[1], sortHi], true, true).primaryKeys() as KeyList)
      : undefined;

  // 1. One key set per remaining filter, read in parallel from indexes (keys only); pairs that have
  // a compound index ([ulez+price], [fuel_type+annual_tax]) are read as one range.
  const sets: KeyList[] = [];
  if (r.modelId && !skip.has('car_model_id')) sets.push(L.where('car_model_id').equals(r.modelId).primaryKeys() as KeyList);
  else if (!r.modelId && r.brandId && !skip.has('brand_id')) sets.push(L.where('brand_id').equals(r.brandId).primaryKeys() as KeyList);
  if (s.taxMax !== undefined && s.fuel.length === 1 && !skip.has('fuel_type')) {
    sets.push(L.where('[fuel_type+annual_tax]').between([s.fuel[0], -Infinity], [s.fuel[0], s.taxMax], true, true).primaryKeys() as KeyList);
    skip.add('fuel_type');
  } else if (s.taxMax !== undefined) sets.push(L.where('annual_tax').belowOrEqual(s.taxMax).primaryKeys() as KeyList);
  if (s.fuel.length > 0 && !skip.has('fuel_type')) sets.push(keysAnyOf(db, 'fuel_type', s.fuel));
  if (s.ulez && hasPrice && !skip.has('ulez') && !skip.has('price')) {
    sets.push(L.where('[ulez+price]').between([1, priceLo], [1, priceHi], true, true).primaryKeys() as KeyList);
    skip.add('ulez').add('price');
  } else if (s.ulez && !skip.has('ulez')) sets.push(L.where('ulez').equals(1).primaryKeys() as KeyList);
  if (s.body.length > 0 && !skip.has('body_style')) sets.push(keysAnyOf(db, 'body_style', s.body));
  if (r.dealerIds) sets.push(keysAnyOf(db, 'dealer_id', r.dealerIds));
  if (hasPrice && !skip.has('price')) sets.push(L.where('price').between(priceLo, priceHi, true, true).primaryKeys() as KeyList);
  if (s.mileageMax !== undefined && !skip.has('mileage')) sets.push(L.where('mileage').belowOrEqual(s.mileageMax).primaryKeys() as KeyList);
  if ((s.yearMin !== undefined || s.yearMax !== undefined) && !skip.has('year')) sets.push(L.where('year').between(s.yearMin ?? 0, s.yearMax ?? 9999, true, true).primaryKeys() as KeyList);
  if (s.gearbox && !skip.has('gearbox')) sets.push(L.where('gearbox').equals(s.gearbox).primaryKeys() as KeyList);
  if (s.seatsMin !== undefined) sets.push(L.where('seats').aboveOrEqual(s.seatsMin).primaryKeys() as KeyList);
  if (s.insuranceMax !== undefined) sets.push(L.where('insurance_group').belowOrEqual(s.insuranceMax).primaryKeys() as KeyList);
  if (s.colour.length > 0) sets.push(keysAnyOf(db, 'colour_key', s.colour));
  if (compoundKeys) {
    const [soldKeys, ordered, ...lists] = await Promise.all([L.where('status').equals('sold').primaryKeys() as KeyList, compoundKeys, ...sets]);
    const sold = new Set(soldKeys);
    const filter = intersect(lists);
    let keys = ordered.filter((k) => !sold.has(k) && (!filter || filter.has(k)));
    if (s.sort === 'price-desc' || s.sort === 'newest') keys = keys.reverse();
    const page = (await L.bulkGet(keys.slice(start, start + s.pageSize))).filter((x): x is ListingRow => x !== undefined);
    return done(keys.length, page);
  }
  const [soldKeys, ...lists] = await Promise.all([L.where('status').equals('sold').primaryKeys() as KeyList, ...sets]);
  const sold = new Set(soldKeys);
  const candidates = intersect(lists);
  if (candidates) for (const k of sold) candidates.delete(k);

  // 2a. Few candidates: fetch them and sort like the scan does.
  if (candidates && candidates.size <= (opts.smallSet ?? SMALL_SET)) {
    const rows = (await L.bulkGet([...candidates])).filter((x): x is ListingRow => x !== undefined);
    const sorted = await sortRows(db, rows, s, r);
    return done(sorted.length, sorted.slice(start, start + s.pageSize));
  }

  // 2b. Many candidates: walk a sort index and keep the candidates.
  const ordered = await orderedKeys(db, s, r, candidates ? undefined : start + s.pageSize + sold.size);
  let keys = ordered.filter((k) => !sold.has(k) && (!candidates || candidates.has(k)));
  if (s.sort === 'reduction') keys = byReduction(keys, await reductionMap(db));
  if (s.sort === 'relevance' && r.dealerMiles.size > 0) {
    const owners = await dealerOf(db);
    keys = keys
      .map((k, i) => ({ k, i, band: distanceBand(r.dealerMiles.get(owners.get(k) ?? '')) }))
      .sort((a, b) => a.band - b.band || a.i - b.i)
      .map((x) => x.k);
  }
  const total = candidates ? keys.length : (await L.count()) - sold.size;
  const page = (await L.bulkGet(keys.slice(start, start + s.pageSize))).filter((x): x is ListingRow => x !== undefined);
  return done(total, page);
}

/**
 * Primary keys in the search's sort order, from an index. `limit` (only when nothing else filters)
 * reads just the first keys of the index.
 */
async function orderedKeys(db: MotorlyDb, s: ListingSearch, r: Resolved, limit: number | undefined): Promise<string[]> {
  const L = db.vehicle_listings;
  const field = s.sort === 'price-asc' || s.sort === 'price-desc' ? 'price' : s.sort === 'mileage' ? 'mileage' : s.sort === 'newest' ? 'year' : 'listed_at';
  if (s.sort === 'distance' && r.dealerMiles.size > 0) {
    const dealers = (r.dealerIds ?? [...r.dealerMiles.keys()]).slice().sort((a, b) => (r.dealerMiles.get(a) ?? 0) - (r.dealerMiles.get(b) ?? 0));
    const lists = await Promise.all(dealers.map((d) => L.where('[dealer_id+listed_at]').between([d, Dexie.minKey], [d, Dexie.maxKey]).primaryKeys() as KeyList));
    return lists.flatMap((l) => l.reverse());
  }
  const descending = s.sort === 'price-desc' || s.sort === 'newest' || field === 'listed_at';
  // Reductions and postcode relevance re-rank the whole list, so they need all of it.
  const whole = s.sort === 'reduction' || (s.sort === 'relevance' && r.dealerMiles.size > 0);
  if (limit !== undefined && !whole) {
    // Only the first keys are needed: a short (reverse) walk of the index.
    const c = descending ? L.orderBy(field).reverse() : L.orderBy(field);
    return (await c.limit(limit).primaryKeys()) as string[];
  }
  // The whole index: getAllKeys reads forwards only, so descending orders are reversed here.
  const keys = await wholeIndexKeys(db, field);
  return descending ? [...keys].reverse() : keys;
}

let orderCache: { db: MotorlyDb; stamp: string; keys: Map<string, string[]> } | undefined;

/**
 * All primary keys in an index's order, reused while the listings are unchanged: every server
 * change bumps updated_at (and adds or removes change the count), so count + newest updated_at
 * is a cheap stamp. Callers must not mutate the returned array.
 */
async function wholeIndexKeys(db: MotorlyDb, field: string): Promise<string[]> {
  const L = db.vehicle_listings;
  const [count, newest] = await Promise.all([L.count(), L.orderBy('updated_at').reverse().limit(1).keys()]);
  const stamp = `${count}|${String(newest[0] ?? '')}`;
  if (!orderCache || orderCache.db !== db || orderCache.stamp !== stamp) orderCache = { db, stamp, keys: new Map() };
  const cached = orderCache.keys.get(field);
  if (cached) return cached;
  const keys = (await L.orderBy(field).primaryKeys()) as string[];
  orderCache.keys.set(field, keys);
  return keys;
}

let ownerCache: { db: MotorlyDb; count: number; map: Map<string, string> } | undefined;

/** Listing id -> dealer id, from the dealer index (keys only), reused until the listing count changes. */
async function dealerOf(db: MotorlyDb): Promise<Map<string, string>> {
  const count = await db.vehicle_listings.count();
  if (ownerCache && ownerCache.db === db && ownerCache.count === count) return ownerCache.map;
  const dealers = (await db.dealers.toCollection().primaryKeys()) as string[];
  const lists = await Promise.all(dealers.map((d) => db.vehicle_listings.where('dealer_id').equals(d).primaryKeys() as KeyList));
  const map = new Map<string, string>();
  dealers.forEach((d, i) => {
    for (const k of lists[i]) map.set(k, d);
  });
  ownerCache = { db, count, map };
  return map;
}

// ---------------------------------------------------------------------------------------------
// Baseline: the same search as one full scan, filtered and sorted in JavaScript.
// ---------------------------------------------------------------------------------------------
export async function scanListings(db: MotorlyDb, s: ListingSearch): Promise<ListingPage> {
  const r = await resolve(db, s);
  const dealerMiles = Object.fromEntries(r.dealerMiles);
  if (r.empty) return { total: 0, rows: [], dealerMiles, postcodeError: r.postcodeError };
  const all = await db.vehicle_listings.toArray();
  const match = fullMatch(s, r, Date.now());
  let rows = all.filter(match);
  rows = await sortRows(db, rows, s, r);
  const start = (s.page - 1) * s.pageSize;
  return { total: rows.length, rows: rows.slice(start, start + s.pageSize), dealerMiles, postcodeError: r.postcodeError };
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
    case 'price-asc': rows.sort(by((l) => l.price, 1)); break;
    case 'price-desc': rows.sort(by((l) => l.price, -1)); break;
    case 'mileage': rows.sort(by((l) => l.mileage, 1)); break;
    case 'newest': rows.sort(by((l) => l.year, -1)); break;
    case 'distance':
      if (r.dealerMiles.size > 0) {
        rows.sort((a, b) => (r.dealerMiles.get(a.dealer_id) ?? 0) - (r.dealerMiles.get(b.dealer_id) ?? 0) || a.dealer_id.localeCompare(b.dealer_id) || by((l) => l.listed_at, -1)(a, b));
        break;
      }
      rows.sort(by((l) => l.listed_at, -1));
      break;
    default: {
      rows.sort(by((l) => l.listed_at, -1));
      if (s.sort === 'reduction') {
        const red = await reductionMap(db);
        rows = byReduction(rows.map((x) => x.id), red).map((id) => rows.find((x) => x.id === id) as ListingRow);
      } else if (r.dealerMiles.size > 0) {
        rows = rows.map((l, i) => ({ l, i, b: distanceBand(r.dealerMiles.get(l.dealer_id)) })).sort((a, b) => a.b - b.b || a.i - b.i).map((x) => x.l);
      }
    }
  }
  return rows;
}
