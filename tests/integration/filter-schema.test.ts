// Issue 32, one filter schema: the declarations in src/data/catalogue/filters kept in step with the SQL.
// For every declared filter, a representative search sent through toRpcFilters to search_listings
// returns exactly the seeded listings the device's matchesListing accepts; a key the SQL does not
// declare gets a PostgREST-style 400.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RPC_FILTER_KEYS,
  emptyListingSearch,
  listingMatcher,
  matchContext,
  parseSearchParams,
  toRpcFilters,
  type ListingSearch,
  type MatchContext,
} from '../../src/data/catalogue/filters';
import type { Brand, CarModel, VehicleListing } from '../../src/data/types';
import { BODY_STYLES, FUEL_TYPES } from '../../src/domain/uk/body';
import { rest, serviceClient } from './helpers';

async function all<T>(c: SupabaseClient, table: string): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await c
      .from(table)
      .select('*')
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`${table}: ${error.message}`);
    out.push(...(data as T[]));
    if (data.length < 1000) return out;
  }
}

/** Every id the server answers for a search, page by page along its keyset cursor. */
async function serverIds(c: SupabaseClient, s: ListingSearch): Promise<string[]> {
  const { filters, sort } = toRpcFilters(s);
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 60; pages++) {
    const { data, error } = await c.rpc('search_listings', {
      filters,
      sort,
      after,
      page_size: 100,
      include_counts: false,
    });
    if (error) throw new Error(`search_listings ${JSON.stringify(filters)}: ${error.message}`);
    const answer = data as { rows: { id: string }[]; next_cursor: string | null };
    ids.push(...answer.rows.map((r) => r.id));
    after = answer.next_cursor;
    if (!after) return ids;
  }
  throw new Error(`search_listings ${JSON.stringify(filters)}: more pages than this test reads`);
}

let listings: VehicleListing[];
let ctx: MatchContext;
let cases: [name: string, search: ListingSearch][];

/** A value of `key` that a few listings have: the rarest one present. */
function rarest<K extends keyof VehicleListing>(key: K): VehicleListing[K] {
  const counts = new Map<VehicleListing[K], number>();
  for (const l of listings) if (l.status !== 'sold') counts.set(l[key], (counts.get(l[key]) ?? 0) + 1);
  return [...counts].sort((a, b) => a[1] - b[1] || String(a[0]).localeCompare(String(b[0])))[0][0];
}

/** The value below which `share` of the unsold listings fall. */
function quantile(get: (l: VehicleListing) => number, share: number): number {
  const values = listings
    .filter((l) => l.status !== 'sold')
    .map(get)
    .sort((a, b) => a - b);
  return values[Math.floor(share * (values.length - 1))];
}

beforeAll(async () => {
  const c = serviceClient();
  const [rows, brands, models] = await Promise.all([
    all<VehicleListing>(c, 'vehicle_listings'),
    all<Brand>(c, 'brands'),
    all<CarModel>(c, 'car_models'),
  ]);
  listings = rows;
  ctx = matchContext(brands, models);
  const slugOfBrand = new Map(brands.map((b) => [b.id, b.slug]));
  const rareModel = models.find((m) => m.id === rarest('car_model_id'))!;
  const rareBrand = slugOfBrand.get(rarest('brand_id'))!;
  const rareBody = rarest('body_style');
  const base = emptyListingSearch();
  // Brands by stock, fewest first: a filter whose value matches too many rows for paging is narrowed
  // with the first make that leaves it some (the make filter is checked on its own above).
  const byStock = [...new Set(listings.map((l) => slugOfBrand.get(l.brand_id)!))].map((make) => {
    const m = listingMatcher({ ...base, make }, ctx);
    return { make, n: listings.filter(m).length };
  });
  byStock.sort((a, b) => a.n - b.n);
  const narrow = (s: ListingSearch): ListingSearch => {
    const count = (x: ListingSearch) => listings.filter(listingMatcher(x, ctx)).length;
    if (count(s) <= 800) return s;
    const make = byStock.find(({ make }) => {
      const n = count({ ...s, make });
      return n > 0 && n <= 800;
    })?.make;
    return make ? { ...s, make } : s;
  };
  const selective: [name: string, search: ListingSearch][] = [
    ['postcode and radius', { ...base, postcode: 'LS1 4AP', radius: 12, sort: 'distance' }],
    ['make', { ...base, make: rareBrand }],
    ['make and model', { ...base, make: slugOfBrand.get(rareModel.brand_id), model: rareModel.slug }],
    [
      'cash price range',
      { ...base, priceMin: quantile((l) => l.price, 0.4), priceMax: quantile((l) => l.price, 0.42) },
    ],
    ['monthly budget', { ...base, priceMode: 'monthly', monthlyMax: 120, sort: 'price-desc' }],
    ['year range', { ...base, yearMin: quantile((l) => l.year, 0.01), yearMax: quantile((l) => l.year, 0.03) }],
    ['mileage', { ...base, mileageMax: quantile((l) => l.mileage, 0.03), sort: 'mileage' }],
    ['body', { ...base, body: [rareBody, rareBody === 'wagon' ? 'coupe' : 'wagon'] }],
    ['fuel', { ...base, fuel: [rarest('fuel_type')] }],
    ['gearbox', { ...base, gearbox: 'automatic' }],
    ['colour', { ...base, colour: ['red', 'green'] }],
    ['seats', { ...base, seatsMin: 7 }],
    ['annual tax', { ...base, taxMax: 190 }],
    ['insurance group', { ...base, insuranceMax: quantile((l) => l.insurance_group ?? 99, 0.02) }],
    ['ULEZ', { ...base, ulez: true }],
    ['dealer', { ...base, dealer: rarest('dealer_id') }],
  ];
  cases = selective.map(([name, search]) => [name, narrow(search)]);
}, 120_000);

describe('issue 32 one filter schema: in step with search_listings', () => {
  it('sends every declared RPC key in some case below', () => {
    const sent = new Set(cases.flatMap(([, s]) => Object.keys(toRpcFilters(s).filters)));
    // price_mode and monthly_max go together; price_min/max only in cash mode.
    expect([...RPC_FILTER_KEYS].filter((k) => !sent.has(k))).toEqual([]);
  });

  it('every filter: the server returns exactly the rows the local predicate accepts', async () => {
    const c = serviceClient();
    for (const [name, search] of cases) {
      const matches = listingMatcher(search, ctx);
      const want = listings
        .filter(matches)
        .map((l) => l.id)
        .sort();
      expect(want.length, `${name}: a representative value matches some listings`).toBeGreaterThan(0);
      expect(want.length, `${name}: and not all of them`).toBeLessThan(listings.length / 2);
      const got = await serverIds(c, search);
      expect(new Set(got).size, `${name}: no row twice`).toBe(got.length);
      expect([...got].sort(), name).toEqual(want);
    }
  }, 240_000);

  it('accepts every value the URL can carry: each word of the lists and each limit at its bound', async () => {
    const c = serviceClient();
    const extremes = [
      `postcode=LS1&radius=99999&body=${BODY_STYLES.join(',')}&fuel=${FUEL_TYPES.join(',')}&gearbox=manual`,
      'price_min=0&price_max=99999999&year_min=1&year_max=99999&mileage_max=99999999&seats=99&ins_max=99',
      'tax_max=99999999&colour=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz&ulez=1&gearbox=automatic',
      'monthly_max=99999999&seats=0&ins_max=0&year_min=0&mileage_max=0&price_mode=monthly',
    ];
    for (const query of extremes) {
      const { filters, sort } = toRpcFilters(parseSearchParams(query));
      const { error } = await c.rpc('search_listings', { filters, sort, page_size: 1, include_counts: false });
      expect(error?.message ?? null, query).toBeNull();
    }
  });

  it('a key the SQL does not declare gets a PostgREST-style 400', async () => {
    const res = await rest('/rpc/search_listings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { ...toRpcFilters(cases[0][1]).filters, wheels: 4 } }),
    });
    expect(res.status).toBe(400);
    const err = (await res.json()) as Record<string, unknown>;
    expect(err.code).toBe('22023');
    expect(err.message).toMatch(/Unknown filter: wheels/);
    expect(String(err.hint)).toContain(RPC_FILTER_KEYS.slice().sort()[0]);
  });
});
