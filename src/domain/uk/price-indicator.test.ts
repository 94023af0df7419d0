import { describe, expect, it } from 'vitest';
import {
  PRICE_INDICATOR_EXPLANATION,
  PRICE_INDICATOR_LIMITATIONS,
  bandFor,
  isComparable,
  priceIndicator,
  type PricedListing,
} from './price-indicator';

const car = (id: string, price: number, extra: Partial<PricedListing> = {}): PricedListing => ({
  id,
  car_model_id: 'puma',
  year: 2022,
  mileage: 20_000,
  price,
  condition: 'used',
  ...extra,
});
const market = [15_000, 15_500, 16_000, 16_500, 17_000].map((p, i) => car(`m${i}`, p));

describe('priceIndicator', () => {
  it.each([
    [14_000, 'great'],
    [14_400, 'great'],
    [15_200, 'good'],
    [16_000, 'fair'],
    [16_800, 'fair'],
    [16_900, 'high'],
  ])('£%i against a £16,000 market is %s', (price, band) => {
    const r = priceIndicator(car('x', price), market, 2026);
    expect(r.available && r.band).toBe(band);
    if (r.available) {
      expect(r.marketValue).toBe(16_000);
      expect(r.comparables).toBe(5);
    }
  });

  it('adjusts comparables for year and mileage', () => {
    const older = [15_000, 15_500, 16_000, 16_500, 17_000].map((p, i) =>
      car(`o${i}`, p, { year: 2021, mileage: 30_000 }),
    );
    const r = priceIndicator(car('x', 16_000), older, 2026);
    // 16,000 * 1.08 (a year newer) * 1.03 (10,000 fewer miles) = 17,798
    expect(r.available && r.marketValue).toBe(17_798);
  });

  it('ignores other models, distant years and mileages, and the car itself', () => {
    const me = car('x', 16_000);
    expect(isComparable(me, me)).toBe(false);
    expect(isComparable(me, car('a', 1, { car_model_id: 'golf' }))).toBe(false);
    expect(isComparable(me, car('b', 1, { year: 2020 }))).toBe(false);
    expect(isComparable(me, car('c', 1, { mileage: 36_000 }))).toBe(false);
    expect(isComparable(me, car('d', 1, { mileage: 35_000, year: 2023 }))).toBe(true);
    expect(isComparable(car('y', 1, { mileage: 100_000 }), car('e', 1, { mileage: 129_000 }))).toBe(true);
  });

  it('shows no indicator for excluded cars', () => {
    expect(priceIndicator(car('x', 1_499), market, 2026)).toMatchObject({ available: false, reason: 'too_cheap' });
    expect(priceIndicator(car('x', 70_001), market, 2026)).toMatchObject({ available: false, reason: 'too_expensive' });
    expect(priceIndicator(car('x', 5_000, { year: 2010 }), market, 2026)).toMatchObject({
      available: false,
      reason: 'too_old',
    });
    expect(priceIndicator(car('x', 16_000, { condition: 'new' }), market, 2026)).toMatchObject({
      available: false,
      reason: 'new_car',
    });
    expect(priceIndicator(car('x', 16_000), market.slice(0, 4), 2026)).toMatchObject({
      available: false,
      reason: 'too_few_comparables',
    });
  });

  it('explains itself and its limits', () => {
    expect(PRICE_INDICATOR_EXPLANATION).toMatch(/same model/);
    expect(PRICE_INDICATOR_LIMITATIONS).toMatch(/condition/);
    expect(PRICE_INDICATOR_LIMITATIONS).toMatch(/history/);
    expect(PRICE_INDICATOR_LIMITATIONS).toMatch(/specification/);
    expect(bandFor(-0.1)).toBe('great');
    expect(bandFor(0.05)).toBe('fair');
  });
});
