/**
 * Marketplace search over the local store. Every filter becomes a set of primary keys read from a
 * Dexie index (IDBIndex.getAllKeys: keys only, no row decoding), the sort order comes from another
 * index (or a compound [field+price] index that also applies a filter), the sets are intersected in
 * memory and only the page's rows are fetched. Filters with no listing index (gearbox, seats,
 * insurance group) go through car_models (a listing copies them from its model); colour and annual
 * tax have no index and are checked on the candidate rows. `scanListings` is the same search as a
 * plain full scan: the benchmark's baseline and the tests' oracle.
 */
import { Dexie } from 'dexie';
import { locatePostcode, milesBetween, type LatLng } from '@/shared/lib/uk';
import type { MotorlyDb } from '../db';
import { annualTaxFor, cashPriceForMonthly, listingUlezCompliant } from './listing-costs';
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
  /** Models passing the model-level filters (gearbox, seats, insurance), or undefined if none set. */
  modelIds?: Set<string>;
  priceMin?: number;
  priceMax?: number;
  dealerMiles: Map<string, number>;
  dealerIds?: string[];
  models: Map<string, CarModelRow>;
  postcodeError?: string;
}

const ULEZ_EDGE = { petrol: [2005, 2007], diesel: [2014, 2016] } as const;

async function resolve(db: MotorlyDb, s: ListingSearch): Promise<Resolved> {
  const [models, dealers] = await Promise.all([db.car_models.toArray(), s.postcode ? db.dealers.toArray() : Promise.resolve([] as DealerRow[])]);
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
  if (s.gearbox || s.seatsMin !== undefined || s.insuranceMax !== undefined) {
    r.modelIds = new Set(
      models
        .filter(
          (m) =>
            (!s.gearbox || m.gearbox === s.gearbox) &&
            (s.seatsMin === undefined || m.seats >= s.seatsMin) &&
            (s.insuranceMax === undefined || (m.insurance_group ?? 99) <= s.insuranceMax),
        )
        .map((m) => m.id),
    );
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

const hasIndex = (db: MotorlyDb, name: string): boolean => Boolean(db.vehicle_listings.schema.idxByName[name]);

/** The row-level test both paths agree on (also the residual check of the indexed path). */
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

/** 'Metallic Grey' -> 'grey': the colour filter matches on the last word. */
export function colourKey(colour: string): string {
  const words = colour.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return words[words.length - 1] ?? '';
}

function fullMatch(s: ListingSearch, r: Resolved, now: number): (l: ListingRow) => boolean {
  const residual = residualTest(s, r);
  void now;
  return (l) =>
    l.status !== 'sold' &&
    (!r.brandId || l.brand_id === r.brandId) &&
    (!r.modelId || l.car_model_id === r.modelId) &&
    (!r.modelIds || r.modelIds.has(l.car_model_id)) &&
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
  await db.listing_price_history.each((h) => {
    const f = first.get(h.vehicle_listing_id);
    if (!f || h.changed_at < f.at) first.set(h.vehicle_listing_id, { at: h.changed_at, price: h.price });
    const l = last.get(h.vehicle_listing_id);
    if (!l || h.changed_at > l.at) last.set(h.vehicle_listing_id, { at: h.changed_at, price: h.price });
  });
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

/** Runs the search with indexes. `now` fixes "today" for tests. */
export async function searchListings(db: MotorlyDb, s: ListingSearch): Promise<ListingPage> {
  const r = await resolve(db, s);
  const dealerMiles = Object.fromEntries(r.dealerMiles);
  if (r.empty) return { total: 0, rows: [], dealerMiles, postcodeError: r.postcodeError };
  const L = db.vehicle_listings;
  const lo = Dexie.minKey;
  const hi = Dexie.maxKey;
  const priceLo = r.priceMin ?? 0;
  const priceHi = r.priceMax ?? Number.MAX_SAFE_INTEGER;
  const consumed = new Set<string>();
  const eqSingles: [string, string | undefined][] = [
    ['car_model_id', r.modelId],
    ['brand_id', r.brandId],
    ['fuel_type', s.fuel.length === 1 ? s.fuel[0] : undefined],
    ['body_style', s.body.length === 1 ? s.body[0] : undefined],
  ];

  // 1. The ordered key list (which may also apply one or two filters).
  let ordered: KeyList;
  let reverse = false;
  const sortField = s.sort === 'price-asc' || s.sort === 'price-desc' ? 'price' : s.sort === 'mileage' ? 'mileage' : s.sort === 'newest' ? 'year' : undefined;
  if (sortField) {
    reverse = s.sort === 'price-desc' || s.sort === 'newest';
    const [rangeLo, rangeHi] =
      sortField === 'price' ? [priceLo, priceHi] : sortField === 'mileage' ? [0, s.mileageMax ?? Number.MAX_SAFE_INTEGER] : [s.yearMin ?? 0, s.yearMax ?? 9999];
    const compound = eqSingles.find(([field, v]) => v !== undefined && hasIndex(db, `[${field}+${sortField}]`));
    if (compound) {
      const [field, v] = compound;
      ordered = L.where(`[${field}+${sortField}]`).between([v, rangeLo], [v, rangeHi], true, true).primaryKeys() as KeyList;
      consumed.add(field);
    } else {
      ordered = L.where(sortField).between(rangeLo, rangeHi, true, true).primaryKeys() as KeyList;
    }
    consumed.add(sortField);
  } else if (s.sort === 'distance' && r.dealerMiles.size > 0) {
    const dealers = (r.dealerIds ?? [...r.dealerMiles.keys()]).slice().sort((a, b) => (r.dealerMiles.get(a) ?? 0) - (r.dealerMiles.get(b) ?? 0));
    ordered = Promise.all(
      dealers.map(async (d) => ((await L.where('[dealer_id+listed_at]').between([d, lo], [d, hi]).primaryKeys()) as string[]).reverse()),
    ).then((lists) => lists.flat());
    consumed.add('dealer_id');
  } else {
    // Relevance and "biggest reduction" start from newest listed first.
    ordered = (L.orderBy('listed_at').primaryKeys() as KeyList).then((k) => k.reverse());
  }

  // 2. Key sets for the remaining filters, all read in parallel.
  const sets: KeyList[] = [];
  const eq = (field: string, values: (string | number)[]) => sets.push(L.where(field).anyOf(values).primaryKeys() as KeyList);
  if (r.modelId && !consumed.has('car_model_id')) eq('car_model_id', [r.modelId]);
  if (r.brandId && !consumed.has('brand_id') && !r.modelId) eq('brand_id', [r.brandId]);
  if (r.modelIds) eq('car_model_id', [...r.modelIds]);
  if (s.fuel.length > 0 && !consumed.has('fuel_type')) eq('fuel_type', s.fuel);
  if (s.body.length > 0 && !consumed.has('body_style')) eq('body_style', s.body);
  if (r.dealerIds && !consumed.has('dealer_id')) eq('dealer_id', r.dealerIds);
  if ((r.priceMin !== undefined || r.priceMax !== undefined) && !consumed.has('price'))
    sets.push(L.where('price').between(priceLo, priceHi, true, true).primaryKeys() as KeyList);
  if (s.mileageMax !== undefined && !consumed.has('mileage')) sets.push(L.where('mileage').belowOrEqual(s.mileageMax).primaryKeys() as KeyList);
  if ((s.yearMin !== undefined || s.yearMax !== undefined) && !consumed.has('year'))
    sets.push(L.where('year').between(s.yearMin ?? 0, s.yearMax ?? 9999, true, true).primaryKeys() as KeyList);
  if (s.ulez) sets.push(ulezKeys(db));
  const sold = L.where('status').equals('sold').primaryKeys() as KeyList;
  const reductions = s.sort === 'reduction' ? reductionMap(db) : undefined;

  const [orderedKeys, soldKeys, ...keySets] = await Promise.all([ordered, sold, ...sets]);
  let keys = reverse ? orderedKeys.slice().reverse() : orderedKeys;
  const filters = keySets.map((k) => new Set(k)).sort((a, b) => a.size - b.size);
  const soldSet = new Set(soldKeys);
  keys = keys.filter((k) => !soldSet.has(k) && filters.every((f) => f.has(k)));
  if (reductions) keys = byReduction(keys, await reductions);
  if (s.sort === 'relevance' && r.dealerMiles.size > 0) {
    const owners = await dealerOf(db, keys);
    keys = keys
      .map((k, i) => ({ k, i, band: distanceBand(r.dealerMiles.get(owners.get(k) ?? '')) }))
      .sort((a, b) => a.band - b.band || a.i - b.i)
      .map((x) => x.k);
  }

  const start = (s.page - 1) * s.pageSize;
  const residual = residualTest(s, r);
  if (!residual) {
    const rows = (await L.bulkGet(keys.slice(start, start + s.pageSize))).filter((x): x is ListingRow => x !== undefined);
    return { total: keys.length, rows, dealerMiles, postcodeError: r.postcodeError };
  }
  // Colour / tax: check the candidate rows (already narrowed by every indexed filter).
  const passed: ListingRow[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = await L.bulkGet(keys.slice(i, i + 1000));
    for (const row of chunk) if (row && residual(row)) passed.push(row);
  }
  return { total: passed.length, rows: passed.slice(start, start + s.pageSize), dealerMiles, postcodeError: r.postcodeError };
}

/** Keys of listings likely ULEZ compliant: by fuel and year from indexes, boundary years checked row by row. */
async function ulezKeys(db: MotorlyDb): Promise<string[]> {
  const L = db.vehicle_listings;
  const [ev, petrolOk, petrolEdge, dieselOk, dieselEdge] = await Promise.all([
    L.where('fuel_type').equals('electric').primaryKeys(),
    L.where('year').above(ULEZ_EDGE.petrol[1]).primaryKeys(),
    L.where('year').between(ULEZ_EDGE.petrol[0], ULEZ_EDGE.petrol[1], true, true).toArray(),
    L.where('year').above(ULEZ_EDGE.diesel[1]).primaryKeys(),
    L.where('year').between(ULEZ_EDGE.diesel[0], ULEZ_EDGE.diesel[1], true, true).toArray(),
  ]);
  const [petrolHybrid, diesel] = await Promise.all([
    L.where('fuel_type').anyOf('petrol', 'hybrid').primaryKeys(),
    L.where('fuel_type').equals('diesel').primaryKeys(),
  ]);
  const ph = new Set(petrolHybrid as string[]);
  const ds = new Set(diesel as string[]);
  const out = new Set<string>(ev as string[]);
  for (const k of petrolOk as string[]) if (ph.has(k)) out.add(k);
  for (const k of dieselOk as string[]) if (ds.has(k)) out.add(k);
  for (const row of [...petrolEdge, ...dieselEdge]) if (listingUlezCompliant(row)) out.add(row.id);
  return [...out];
}

async function dealerOf(db: MotorlyDb, keys: string[]): Promise<Map<string, string>> {
  const dealers = await db.dealers.toCollection().primaryKeys();
  const lists = await Promise.all(dealers.map((d) => db.vehicle_listings.where('dealer_id').equals(d).primaryKeys()));
  const owner = new Map<string, string>();
  const wanted = new Set(keys);
  dealers.forEach((d, i) => {
    for (const k of lists[i] as string[]) if (wanted.has(k)) owner.set(k, d as string);
  });
  return owner;
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
  const start = (s.page - 1) * s.pageSize;
  return { total: rows.length, rows: rows.slice(start, start + s.pageSize), dealerMiles, postcodeError: r.postcodeError };
}
