import { describe, expect, it } from 'vitest';
import { marketFilterChips } from './market-chips';
import { EMPTY_MARKET_FILTERS, parseMarketFilters, updateMarketFilters } from './market-filters';

const RICH =
  'postcode=LS1 4AP&radius=30&make=ford&model=puma&price_min=5000&price_max=15000&year_min=2018&mileage_max=40000' +
  '&body=suv,hatchback&fuel=petrol&gearbox=automatic&colour=red,blue&seats=5&tax_max=200&ins_max=20&ulez=1' +
  '&dealer=6f1c2a52-3c1e-4a61-9a0b-1d2e3f405162&page=3';

describe('marketFilterChips', () => {
  it('has no chip without filters', () => {
    expect(marketFilterChips(EMPTY_MARKET_FILTERS)).toEqual([]);
  });

  it('shows one chip per applied value, with catalogue names and UK formats', () => {
    const f = parseMarketFilters(RICH);
    const labels = marketFilterChips(f, { brand: 'Ford', model: 'Puma', dealer: 'Lincoln Motors' }).map((c) => c.label);
    expect(labels).toEqual([
      'Within 30 miles of LS1 4AP',
      'Ford',
      'Puma',
      '£5,000 to £15,000',
      'From 2018',
      'Up to 40,000 miles',
      'SUV',
      'Hatchback',
      'Petrol',
      'Automatic',
      '5+ seats',
      'Insurance group up to 20',
      'ULEZ compliant',
      'Blue', // colours are kept in the filter's canonical (sorted) order
      'Red',
      'Tax up to £200 a year',
      'Lincoln Motors',
    ]);
    const keys = marketFilterChips(f).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('removing a chip removes exactly that filter and goes back to page 1', () => {
    const f = parseMarketFilters(RICH);
    const all = marketFilterChips(f);
    for (const chip of all) {
      const next = updateMarketFilters(f, chip.remove);
      const left = marketFilterChips(next).map((c) => c.key);
      // The model goes with its make: the make chip takes two.
      const gone = chip.key === 'make' ? ['make', 'model'] : [chip.key];
      expect(left, chip.key).toEqual(all.map((c) => c.key).filter((k) => !gone.includes(k)));
      expect(next.page).toBe(1);
    }
  });

  it('names a monthly budget as a monthly one', () => {
    const f = parseMarketFilters('price_mode=monthly&monthly_max=250');
    const [chip] = marketFilterChips(f);
    expect(chip.label).toBe('Up to £250 a month');
    expect(marketFilterChips(updateMarketFilters(f, chip.remove))).toEqual([]);
  });
});
