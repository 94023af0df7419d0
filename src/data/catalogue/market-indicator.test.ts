// A price indicator from the server's market value must read exactly as priceIndicator over the same
// comparables would: same bands, same figures, same refusals.
import { describe, expect, it } from 'vitest';
import { adjustedPrice, isComparable, median, priceIndicator, type PricedListing } from '@/domain/uk';
import { indicatorFromMarket } from './market-indicator';

const car = (over: Partial<PricedListing> = {}): PricedListing => ({
  id: 'car',
  car_model_id: 'm1',
  year: 2019,
  mileage: 40_000,
  price: 12_000,
  ...over,
});

const comparables: PricedListing[] = Array.from({ length: 9 }, (_, i) =>
  car({ id: `c${i}`, year: 2018 + (i % 3), mileage: 30_000 + i * 2_500, price: 11_000 + i * 400 }),
);

/** What listing_market_values answers for `c` over `all` (the server's SQL does the same sums). */
const serverMarket = (c: PricedListing, all: PricedListing[]) => {
  const used = all.filter((o) => isComparable(c, o));
  return {
    market_value: used.length ? Math.round(median(used.map((o) => adjustedPrice(c, o)))) : null,
    comparables: used.length,
  };
};

describe('indicatorFromMarket', () => {
  it.each([9_000, 10_500, 11_800, 12_400, 14_000])('rates a car at £%i as priceIndicator does', (price) => {
    const c = car({ price });
    expect(indicatorFromMarket(c, serverMarket(c, comparables), 2026)).toEqual(priceIndicator(c, comparables, 2026));
  });

  it("keeps priceIndicator's refusals and their messages", () => {
    for (const c of [car({ price: 900 }), car({ price: 80_000 }), car({ year: 2005 }), car({ condition: 'new' })]) {
      const got = indicatorFromMarket(c, { market_value: 12_000, comparables: 30 }, 2026);
      expect(got).toEqual(priceIndicator(c, comparables, 2026));
      expect(got.available).toBe(false);
    }
  });

  it('says there are too few comparables when the server found fewer than five, or was not asked', () => {
    const few = indicatorFromMarket(car(), { market_value: 12_000, comparables: 4 }, 2026);
    expect(few).toMatchObject({ available: false, reason: 'too_few_comparables' });
    expect(indicatorFromMarket(car(), undefined, 2026)).toEqual(few);
  });
});
