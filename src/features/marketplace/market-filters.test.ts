import { describe, expect, it } from 'vitest';
import {
  EMPTY_MARKET_FILTERS,
  normalisePostcode,
  parseMarketFilters,
  serializeMarketFilters,
  updateMarketFilters,
  type MarketFilters,
} from './market-filters';

describe('marketplace filters <-> URL', () => {
  it('round-trips a full filter set', () => {
    const f: MarketFilters = {
      ...EMPTY_MARKET_FILTERS,
      postcode: 'LS1 4AP',
      radius: 30,
      make: 'ford',
      model: 'puma',
      priceMin: 8000,
      priceMax: 15000,
      yearMin: 2019,
      yearMax: 2023,
      mileageMax: 40000,
      body: ['hatchback', 'suv'],
      fuel: ['petrol'],
      gearbox: 'manual',
      colour: ['blue', 'red'],
      seatsMin: 5,
      taxMax: 200,
      insuranceMax: 20,
      ulez: true,
      sort: 'distance',
      page: 3,
      pageSize: 50,
    };
    const qs = serializeMarketFilters(f).toString();
    const back = parseMarketFilters(qs);
    // Lists come back in canonical order.
    expect(back).toEqual({ ...f, body: ['suv', 'hatchback'] });
  });

  it('writes nothing for the defaults', () => {
    expect(serializeMarketFilters(EMPTY_MARKET_FILTERS).toString()).toBe('');
    expect(parseMarketFilters('')).toEqual(EMPTY_MARKET_FILTERS);
  });

  it('caps the page size at 1,000 and ignores junk', () => {
    const f = parseMarketFilters('size=5000&page=-3&body=tank,suv&fuel=steam&gearbox=cvt&sort=nope&ins_max=99');
    expect(f.pageSize).toBe(1000);
    expect(f.page).toBe(1);
    expect(f.body).toEqual(['suv']);
    expect(f.fuel).toEqual([]);
    expect(f.gearbox).toBeUndefined();
    expect(f.sort).toBe('relevance');
    expect(f.insuranceMax).toBe(50);
  });

  it('needs a postcode for radius and distance sort, and a make for model', () => {
    const f = parseMarketFilters('radius=10&sort=distance&model=puma');
    expect(f.radius).toBeUndefined();
    expect(f.sort).toBe('relevance');
    expect(f.model).toBeUndefined();
  });

  it('swaps inverted ranges', () => {
    const f = parseMarketFilters('price_min=20000&price_max=5000&year_min=2024&year_max=2018');
    expect([f.priceMin, f.priceMax]).toEqual([5000, 20000]);
    expect([f.yearMin, f.yearMax]).toEqual([2018, 2024]);
  });

  it('monthly mode keeps the monthly budget and drops cash bounds', () => {
    const f = parseMarketFilters('monthly_max=250');
    expect(f.priceMode).toBe('monthly');
    const qs = serializeMarketFilters({ ...f, priceMin: 1000 }).toString();
    expect(qs).toBe('price_mode=monthly&monthly_max=250');
  });

  it('changing a filter returns to page 1; changing make clears model', () => {
    const f = { ...EMPTY_MARKET_FILTERS, make: 'ford', model: 'puma', page: 4 };
    expect(updateMarketFilters(f, { fuel: ['diesel'] }).page).toBe(1);
    expect(updateMarketFilters(f, { page: 5 }).page).toBe(5);
    expect(updateMarketFilters(f, { make: 'kia' }).model).toBeUndefined();
    expect(updateMarketFilters({ ...f, postcode: 'LS1', sort: 'distance' }, { postcode: undefined }).sort).toBe(
      'relevance',
    );
  });
});

describe('normalisePostcode', () => {
  it.each([
    ['ls1 4ap', 'LS1 4AP'],
    ['SW1A1AA', 'SW1A 1AA'],
    ['m1', 'M1'],
    [' ec1v ', 'EC1V'],
  ])('%s -> %s', (raw, out) => expect(normalisePostcode(raw)).toBe(out));
  it.each(['', 'hello world', '12345', 'LS'])('rejects %j', (raw) => expect(normalisePostcode(raw)).toBeUndefined());
});

describe('dealer filter', () => {
  it('reads a dealer id from the URL and writes it back', () => {
    const id = '6f1c2a52-3c1e-4a61-9a0b-1d2e3f405162';
    const f = parseMarketFilters(`dealer=${id.toUpperCase()}`);
    expect(f.dealer).toBe(id);
    expect(serializeMarketFilters(f).get('dealer')).toBe(id);
    expect(parseMarketFilters('dealer=not-a-dealer').dealer).toBeUndefined();
  });
});
