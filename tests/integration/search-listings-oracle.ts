// Brute force for search_listings: the same filters, order and facets computed in TypeScript over every
// row, with the app's own helpers (ULEZ, tax, colour, monthly price, postcode, miles), so a difference
// between the SQL and the device's rules shows up as a failed comparison.
import type { SupabaseClient } from '@supabase/supabase-js';
import { annualTaxFor, cashPriceForMonthly, listingUlezCompliant } from '../../src/data/catalogue/listing-costs';
import { colourKey } from '../../src/data/catalogue/colour-key';
import { locatePostcode, milesBetween } from '../../src/domain/uk';

export interface Row {
  id: string;
  brand_id: string;
  car_model_id: string;
  dealer_id: string;
  price: number;
  year: number;
  mileage: number;
  colour: string;
  fuel_type: 'petrol' | 'diesel' | 'electric' | 'hybrid';
  body_style: string;
  gearbox: string;
  seats: number;
  insurance_group: number | null;
  registration_date: string | null;
  co2_gkm: number;
  status: string;
  lat: number | null;
  lng: number | null;
  listed_at: string;
  price_reduction: number;
}

export type Filters = Record<string, unknown>;

export interface World {
  rows: Row[];
  brandSlug: Map<string, string>;
  /** `${brand slug}/${model slug}` -> model id. */
  modelId: Map<string, string>;
  listPrice: Map<string, number>;
}

const COLUMNS =
  'id,brand_id,car_model_id,dealer_id,price,year,mileage,colour,fuel_type,body_style,gearbox,seats,' +
  'insurance_group,registration_date,co2_gkm,status,lat,lng,listed_at,price_reduction';

async function all<T>(c: SupabaseClient, table: string, columns: string): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await c
      .from(table)
      .select(columns)
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`${table}: ${error.message}`);
    out.push(...(data as T[]));
    if (data.length < 1000) return out;
  }
}

export async function loadWorld(c: SupabaseClient): Promise<World> {
  const [rows, brands, models] = await Promise.all([
    all<Row>(c, 'vehicle_listings', COLUMNS),
    all<{ id: string; slug: string }>(c, 'brands', 'id,slug'),
    all<{ id: string; slug: string; brand_id: string; price_from: number }>(
      c,
      'car_models',
      'id,slug,brand_id,price_from',
    ),
  ]);
  const brandSlug = new Map(brands.map((b) => [b.id, b.slug]));
  return {
    rows,
    brandSlug,
    modelId: new Map(models.map((m) => [`${brandSlug.get(m.brand_id)}/${m.slug}`, m.id])),
    listPrice: new Map(models.map((m) => [m.id, m.price_from])),
  };
}

type Test = (r: Row) => boolean;
const FACETS = ['make', 'body', 'fuel', 'gearbox', 'price'] as const;

/** The origin a postcode filter places, if any. */
export function originOf(f: Filters): { lat: number; lng: number } | undefined {
  if (typeof f.postcode !== 'string') return undefined;
  const place = locatePostcode(f.postcode);
  return place.ok ? place.point : undefined;
}

const milesTo = (o: { lat: number; lng: number }, r: Row) =>
  r.lat === null || r.lng === null ? null : milesBetween(o, { lat: r.lat, lng: r.lng });

/** Each filter's test, keyed by facet ('base' for the filters without one). */
function tests(w: World, f: Filters): Record<(typeof FACETS)[number] | 'base', Test[]> {
  const t: Record<string, Test[]> = {
    base: [(r) => r.status !== 'sold'],
    make: [],
    body: [],
    fuel: [],
    gearbox: [],
    price: [],
  };
  if (f.make !== undefined) {
    const model = f.model === undefined ? undefined : w.modelId.get(`${String(f.make)}/${String(f.model)}`);
    t.make.push(
      f.model === undefined ? (r) => w.brandSlug.get(r.brand_id) === f.make : (r) => r.car_model_id === model,
    );
  }
  const monthly = f.monthly_max !== undefined || f.price_mode === 'monthly';
  if (monthly && f.monthly_max !== undefined)
    t.price.push((r) => r.price <= cashPriceForMonthly(Number(f.monthly_max)));
  if (!monthly && f.price_min !== undefined) t.price.push((r) => r.price >= Number(f.price_min));
  if (!monthly && f.price_max !== undefined) t.price.push((r) => r.price <= Number(f.price_max));
  const list = (k: string) => (Array.isArray(f[k]) && (f[k] as string[]).length ? (f[k] as string[]) : undefined);
  const body = list('body');
  if (body) t.body.push((r) => body.includes(r.body_style));
  const fuel = list('fuel');
  if (fuel) t.fuel.push((r) => fuel.includes(r.fuel_type));
  if (f.gearbox !== undefined) t.gearbox.push((r) => r.gearbox === f.gearbox);
  const n = (k: string) => (f[k] === undefined ? undefined : Number(f[k]));
  const [yearMin, yearMax, mileageMax, seats, insMax, taxMax] = [
    'year_min',
    'year_max',
    'mileage_max',
    'seats',
    'ins_max',
    'tax_max',
  ].map(n);
  if (yearMin !== undefined) t.base.push((r) => r.year >= yearMin);
  if (yearMax !== undefined) t.base.push((r) => r.year <= yearMax);
  if (mileageMax !== undefined) t.base.push((r) => r.mileage <= mileageMax);
  if (seats !== undefined) t.base.push((r) => r.seats >= seats);
  if (insMax !== undefined) t.base.push((r) => r.insurance_group !== null && r.insurance_group <= insMax);
  if (taxMax !== undefined) t.base.push((r) => annualTaxFor(r, w.listPrice.get(r.car_model_id) ?? r.price) <= taxMax);
  const colour = list('colour');
  if (colour) t.base.push((r) => colour.includes(colourKey(r.colour)));
  if (f.ulez === true) t.base.push((r) => listingUlezCompliant(r));
  if (f.dealer !== undefined) t.base.push((r) => r.dealer_id === f.dealer);
  const origin = originOf(f);
  if (origin && f.radius !== undefined) t.base.push((r) => (milesTo(origin, r) ?? Infinity) <= Number(f.radius));
  return t as Record<(typeof FACETS)[number] | 'base', Test[]>;
}

const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/** The documented order of a sort (migration 20261128001000), ending in the id. */
export function comparator(sort: string, f: Filters): (a: Row, b: Row) => number {
  const origin = originOf(f);
  const newest = (a: Row, b: Row) => cmp(Date.parse(b.listed_at), Date.parse(a.listed_at)) || cmp(b.id, a.id);
  const m2 = (r: Row) => {
    const m = origin ? milesTo(origin, r) : null;
    return m === null ? null : Math.round(m * 100) / 100;
  };
  const band = (r: Row) => {
    const m = origin ? milesTo(origin, r) : null;
    return m === null ? 5 : m <= 10 ? 0 : m <= 25 ? 1 : m <= 50 ? 2 : m <= 100 ? 3 : 4;
  };
  switch (sort) {
    case 'price-asc':
      return (a, b) => cmp(a.price, b.price) || cmp(a.id, b.id);
    case 'price-desc':
      return (a, b) => cmp(b.price, a.price) || cmp(b.id, a.id);
    case 'mileage':
      return (a, b) => cmp(a.mileage, b.mileage) || cmp(a.id, b.id);
    case 'newest':
      return (a, b) => cmp(b.year, a.year) || cmp(b.id, a.id);
    case 'reduction':
      return (a, b) => cmp(b.price_reduction, a.price_reduction) || newest(a, b);
    case 'distance':
      if (!origin) return newest;
      return (a, b) => cmp(m2(a) ?? Infinity, m2(b) ?? Infinity) || newest(a, b);
    default:
      return origin ? (a, b) => cmp(band(a), band(b)) || newest(a, b) : newest;
  }
}

const PRICE_EDGES = [5000, 10000, 15000, 20000, 30000, 40000, 60000];

/** Matching rows in order, the total, and each facet counted with the other filters applied. */
export function bruteForce(w: World, f: Filters, sort: string) {
  const t = tests(w, f);
  const ok = (r: Row, skip?: string) =>
    t.base.every((x) => x(r)) && FACETS.every((k) => k === skip || t[k].every((x) => x(r)));
  const rows = w.rows.filter((r) => ok(r)).sort(comparator(sort, f));
  const count = (skip: string, key: (r: Row) => string) => {
    const m = new Map<string, number>();
    for (const r of w.rows) if (ok(r, skip)) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return Object.fromEntries([...m].sort());
  };
  const facets = {
    make: count('make', (r) => w.brandSlug.get(r.brand_id) ?? '?'),
    body: count('body', (r) => r.body_style),
    fuel: count('fuel', (r) => r.fuel_type),
    gearbox: count('gearbox', (r) => r.gearbox),
    price: count('price', (r) => String(PRICE_EDGES.filter((e) => r.price >= e).length)),
  };
  return { rows, total: rows.length, facets };
}
