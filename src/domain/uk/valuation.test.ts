import { describe, expect, it } from 'vitest';
import type { PricedListing } from './price-indicator';
import { valueCar, yearFromInput } from './valuation';

/** Twelve 2021 cars of one model around 30,000 miles, priced from £14,000 to £16,200. */
const market: PricedListing[] = Array.from({ length: 12 }, (_, i) => ({
  id: `l${i}`,
  car_model_id: 'polo',
  year: 2020 + (i % 3),
  mileage: 24_000 + i * 1_000,
  price: 14_000 + i * 200,
  condition: 'used',
}));

describe('valueCar', () => {
  it('values a common car inside the range of its comparable listings, and says how many', () => {
    const v = valueCar({ carModelId: 'polo', year: 2021, mileage: 30_000, condition: 'good' }, market);
    if (!v.available) throw new Error(v.message);
    const prices = market.map((m) => m.price);
    expect(v.value).toBeGreaterThanOrEqual(Math.min(...prices));
    expect(v.value).toBeLessThanOrEqual(Math.max(...prices));
    expect(v.low).toBeLessThanOrEqual(v.value);
    expect(v.high).toBeGreaterThanOrEqual(v.value);
    expect(v.high).toBeGreaterThan(v.low);
    expect(v.comparables).toBe(12);
    expect(v.partExchange).toBeLessThan(v.low);
  });

  it('marks down a car in poor condition and higher mileage', () => {
    const good = valueCar({ carModelId: 'polo', year: 2021, mileage: 30_000, condition: 'good' }, market);
    const poor = valueCar({ carModelId: 'polo', year: 2021, mileage: 30_000, condition: 'poor' }, market);
    const leggy = valueCar({ carModelId: 'polo', year: 2021, mileage: 40_000, condition: 'good' }, market);
    if (!good.available || !poor.available || !leggy.available) throw new Error('expected valuations');
    expect(poor.value).toBeLessThan(good.value);
    expect(leggy.value).toBeLessThan(good.value);
  });

  it('widens the window for a rarer car, and refuses with too few cars', () => {
    const v = valueCar({ carModelId: 'polo', year: 2019, mileage: 30_000, condition: 'good' }, market);
    expect(v.available && v.widened).toBe(true);
    const none = valueCar({ carModelId: 'polo', year: 2012, mileage: 30_000, condition: 'good' }, market);
    expect(none).toMatchObject({ available: false, comparables: 0 });
    if (!none.available) expect(none.message).toMatch(/no similar cars/);
  });
});

describe('yearFromInput', () => {
  it('reads a year, an age identifier or a whole plate', () => {
    expect(yearFromInput('2019', 2026)).toBe(2019);
    expect(yearFromInput('19', 2026)).toBe(2019);
    expect(yearFromInput('69', 2026)).toBe(2019);
    expect(yearFromInput('ab69 cde', 2026)).toBe(2019);
    expect(yearFromInput('2031', 2026)).toBeNull();
    expect(yearFromInput('50', 2026)).toBeNull();
    expect(yearFromInput('banana', 2026)).toBeNull();
  });
});
