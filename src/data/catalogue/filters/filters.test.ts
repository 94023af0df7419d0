// The filter schema: URL round trips, forgiving parsing, RPC keys, local predicates and saved searches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_STYLES, FUEL_TYPES } from '@/domain/uk/body';
import { brandRow, listingRow, modelRow } from '../../testing/fixtures';
import {
  FILTERS,
  RPC_FILTER_KEYS,
  emptyListingSearch,
  matchContext,
  matchesListing,
  parseSearchParams,
  queryKey,
  savedSearchFiltersFromQuery,
  savedSearchKey,
  savedSearchMatcher,
  searchFromSaved,
  toRpcFilters,
  toSearchParams,
  type ListingSearch,
} from '.';

const full: ListingSearch = {
  ...emptyListingSearch(),
  postcode: 'LS1 4AP',
  radius: 30,
  make: 'ford',
  model: 'puma',
  priceMin: 8000,
  priceMax: 15000,
  yearMin: 2019,
  yearMax: 2023,
  mileageMax: 40000,
  body: ['suv', 'hatchback'],
  fuel: ['petrol', 'plugin_hybrid'],
  gearbox: 'manual',
  colour: ['blue', 'red'],
  seatsMin: 5,
  taxMax: 200,
  insuranceMax: 20,
  ulez: true,
  dealer: '6f1c2a52-3c1e-4a61-9a0b-1d2e3f405162',
  sort: 'distance',
  page: 3,
  pageSize: 50,
};

const searchArb: fc.Arbitrary<ListingSearch> = fc.record({
  postcode: fc.option(fc.constantFrom('LS1 4AP', 'M1', 'SW1A 1AA'), { nil: undefined }),
  radius: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
  make: fc.option(fc.constantFrom('ford', 'kia'), { nil: undefined }),
  model: fc.option(fc.constantFrom('puma', 'ev6'), { nil: undefined }),
  priceMode: fc.constantFrom('cash' as const, 'monthly' as const),
  priceMin: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
  priceMax: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
  monthlyMax: fc.option(fc.integer({ min: 50, max: 5000 }), { nil: undefined }),
  yearMin: fc.option(fc.integer({ min: 1990, max: 2100 }), { nil: undefined }),
  yearMax: fc.option(fc.integer({ min: 1990, max: 2100 }), { nil: undefined }),
  mileageMax: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
  body: fc.subarray([...BODY_STYLES]),
  fuel: fc.subarray([...FUEL_TYPES]),
  gearbox: fc.option(fc.constantFrom('manual' as const, 'automatic' as const), { nil: undefined }),
  colour: fc.subarray(['black', 'blue', 'grey', 'red']),
  seatsMin: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
  taxMax: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  insuranceMax: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  ulez: fc.boolean(),
  dealer: fc.option(
    fc.uuid().map((u) => u.toLowerCase()),
    { nil: undefined },
  ),
  sort: fc.constantFrom(
    'relevance' as const,
    'price-asc' as const,
    'price-desc' as const,
    'mileage' as const,
    'newest' as const,
    'reduction' as const,
  ),
  page: fc.integer({ min: 1, max: 10_000 }),
  pageSize: fc.integer({ min: 1, max: 1000 }),
});

describe('filter schema: URL', () => {
  it('round-trips a full search (lists come back in canonical order)', () => {
    const back = parseSearchParams(toSearchParams(full));
    expect(back).toEqual({ ...full, body: ['suv', 'hatchback'], fuel: ['petrol', 'plugin_hybrid'] });
  });

  it('a parsed search round-trips exactly, whatever search it was written from', () => {
    fc.assert(
      fc.property(searchArb, (s) => {
        const parsed = parseSearchParams(toSearchParams(s));
        expect(parseSearchParams(toSearchParams(parsed))).toEqual(parsed);
        // Only ranges given inverted are normalised; everything else survives as written.
        const ordered = (lo?: number, hi?: number) => lo === undefined || hi === undefined || lo <= hi;
        if (ordered(s.yearMin, s.yearMax) && ordered(s.priceMin, s.priceMax) && (s.postcode || !s.radius))
          expect(toSearchParams(parsed).toString()).toBe(toSearchParams(s).toString());
      }),
    );
  });

  it('writes nothing for the defaults and reads the defaults from nothing', () => {
    expect(toSearchParams(emptyListingSearch()).toString()).toBe('');
    expect(parseSearchParams('')).toEqual(emptyListingSearch());
  });

  it('ignores unknown keys and junk without throwing', () => {
    const s = parseSearchParams(
      'utm_source=mail&body=tank,saloon&fuel=steam&radius=9999&postcode=LS1%204AP&colour=dark-blue,Red&' +
        'seats=abc&ins_max=99&year_min=2024&year_max=2018&dealer=nope&sort=nope&page=-3&%ZZ=1',
    );
    expect(s.body).toEqual(['sedan']);
    expect(s.fuel).toEqual([]);
    expect(s.radius).toBe(500);
    expect(s.colour).toEqual(['red']);
    expect(s.seatsMin).toBeUndefined();
    expect(s.insuranceMax).toBe(50);
    expect([s.yearMin, s.yearMax]).toEqual([2018, 2024]);
    expect(s.dealer).toBeUndefined();
    expect(s.sort).toBe('relevance');
    expect(s.page).toBe(1);
    expect(toSearchParams(s).has('utm_source')).toBe(false);
  });

  it('keeps the body synonyms: saloon and estate are sedan and wagon', () => {
    expect(parseSearchParams('body=estate,Saloon').body).toEqual(['sedan', 'wagon']);
  });

  it('the query key ignores paging and how the lists were ordered', () => {
    const a = queryKey({ ...full, page: 2, colour: ['red', 'blue'] });
    expect(a).toBe(queryKey({ ...full, page: 7, pageSize: 20, colour: ['blue', 'red'] }));
    expect(a).not.toContain('page=');
    expect(a).not.toBe(queryKey({ ...full, sort: 'mileage' }));
  });
});

describe('filter schema: RPC', () => {
  it('sends every filter of a full search under the SQL keys', () => {
    const { filters, sort } = toRpcFilters(full);
    expect(sort).toBe('distance');
    expect(filters).toEqual({
      postcode: 'LS1 4AP',
      radius: 30,
      make: 'ford',
      model: 'puma',
      price_min: 8000,
      price_max: 15000,
      year_min: 2019,
      year_max: 2023,
      mileage_max: 40000,
      colour: ['blue', 'red'],
      tax_max: 200,
      dealer: full.dealer,
      body: ['suv', 'hatchback'],
      fuel: ['petrol', 'plugin_hybrid'],
      gearbox: 'manual',
      seats: 5,
      ins_max: 20,
      ulez: true,
    });
    expect(new Set(Object.keys(filters)).size).toBeLessThanOrEqual(RPC_FILTER_KEYS.length);
  });

  it('sends nothing for an empty search, and a monthly budget instead of cash bounds', () => {
    expect(toRpcFilters(emptyListingSearch())).toEqual({ filters: {}, sort: 'relevance' });
    const monthly = parseSearchParams('monthly_max=250&price_min=1000');
    expect(toRpcFilters(monthly).filters).toEqual({ price_mode: 'monthly', monthly_max: 250 });
  });
});

describe('filter schema: local predicate', () => {
  const ctx = matchContext(
    [brandRow({ id: 'b-ford', slug: 'ford' }), brandRow({ id: 'b-kia', slug: 'kia' })],
    [modelRow({ id: 'm-puma', slug: 'puma', brand_id: 'b-ford', price_from: 25000 })],
  );
  const puma = listingRow({
    id: 'l1',
    brand_id: 'b-ford',
    car_model_id: 'm-puma',
    price: 12000,
    year: 2021,
    mileage: 20000,
    colour: 'Metallic Blue',
    body_style: 'suv',
    fuel_type: 'petrol',
    gearbox: 'manual',
    seats: 5,
    insurance_group: 15,
    lat: 53.8,
    lng: -1.55,
  });

  it('accepts a row every filter accepts and rejects sold rows', () => {
    const s = parseSearchParams('make=ford&model=puma&price_max=15000&body=suv&colour=blue&postcode=LS1&radius=20');
    expect(matchesListing(s, puma, ctx)).toBe(true);
    expect(matchesListing(s, { ...puma, status: 'sold' }, ctx)).toBe(false);
  });

  it('each filter can reject the row on its own', () => {
    const rejecting: [string, string][] = [
      ['make', 'make=kia'],
      ['model', 'make=kia&model=puma'],
      ['price', 'price_min=13000'],
      ['monthly', 'monthly_max=100'],
      ['year', 'year_min=2022'],
      ['mileage', 'mileage_max=10000'],
      ['body', 'body=estate'],
      ['fuel', 'fuel=diesel'],
      ['gearbox', 'gearbox=automatic'],
      ['colour', 'colour=red'],
      ['seats', 'seats=7'],
      ['insurance', 'ins_max=10'],
      ['tax', 'tax_max=0'],
      ['dealer', 'dealer=6f1c2a52-3c1e-4a61-9a0b-1d2e3f405162'],
      ['radius', 'postcode=SW1A%201AA&radius=20'],
    ];
    for (const [name, query] of rejecting)
      expect(matchesListing(parseSearchParams(query), puma, ctx), name).toBe(false);
  });

  it('an unknown postcode area filters nothing, as the server reports and ignores it', () => {
    expect(matchesListing(parseSearchParams('postcode=ZZ9&radius=5'), puma, ctx)).toBe(true);
  });

  it('declares each filter once: no URL or RPC key is owned twice', () => {
    const url = FILTERS.flatMap((f) => f.urlKeys);
    expect(new Set(url).size).toBe(url.length);
    expect(new Set(RPC_FILTER_KEYS).size).toBe(RPC_FILTER_KEYS.length);
  });
});

describe('filter schema: saved searches', () => {
  it('stores the canonical query without paging or sorting, and the alert keys', () => {
    expect(
      savedSearchFiltersFromQuery(
        'make=ford&model=fiesta&price_max=6000&fuel=petrol,diesel&body=nonsense&colour=red&page=3&sort=mileage',
      ),
    ).toEqual({
      query: 'make=ford&model=fiesta&price_max=6000&colour=red&fuel=petrol%2Cdiesel',
      make: 'ford',
      model: 'fiesta',
      price_max: 6000,
      fuel: ['petrol', 'diesel'],
    });
    expect(savedSearchFiltersFromQuery('?body=saloon,estate').body).toEqual(['sedan', 'wagon']);
  });

  it('reads rows saved before the schema (raw query, same alert keys) and matches them like the server', () => {
    const old = {
      query: 'make=ford&price_max=15000&body=saloon&colour=red',
      make: 'ford',
      price_max: 15000,
      body: ['suv'],
    };
    expect(searchFromSaved(old)).toMatchObject({ make: 'ford', priceMax: 15000, body: ['sedan'], colour: ['red'] });
    expect(savedSearchKey(old)).toBe(queryKey(searchFromSaved(old)));
    const ctx = matchContext([brandRow({ id: 'b-ford', slug: 'ford' })], []);
    const row = listingRow({ id: 'l', brand_id: 'b-ford', price: 9000, body_style: 'suv', colour: 'Blue' });
    // The alert matches the stored keys only (colour is not one of them), as saved_search_matches does.
    expect(savedSearchMatcher(old, ctx)(row)).toBe(true);
    expect(savedSearchMatcher({ ...old, price_max: 5000 }, ctx)(row)).toBe(false);
    expect(savedSearchMatcher({ query: '', body: 'nonsense' } as never, ctx)(row)).toBe(true);
  });
});
