// The streamed seed (catalogueParts, used by the local stack for every size up to the UK market's
// 450,000) must load exactly the rows generateCatalogue() describes, plus each listing's reduction.
import { describe, expect, it } from 'vitest';
import { catalogueParts, generateCatalogue } from './catalogue';
import { MAX_LISTINGS_PGLITE, MAX_LISTINGS_POSTGRES, listingCount } from './listings';

describe('issue 32 seed: listings stream in batches', () => {
  it('batches concatenate to the same rows, with price_reduction = first price - price', () => {
    const whole = generateCatalogue();
    const parts = catalogueParts(1_000);
    expect(parts.tables.dealers).toEqual(whole.dealers);
    const listings = [];
    const history = [];
    const reductions: number[] = [];
    for (const b of parts.listingBatches) {
      expect(b.listings.length).toBeLessThanOrEqual(1_000);
      listings.push(...b.listings);
      history.push(...b.history);
      reductions.push(...b.reductions);
    }
    expect(listings).toEqual(whole.vehicle_listings);
    expect(history).toEqual(whole.listing_price_history);
    const first = new Map<string, { at: string; price: number }>();
    for (const h of history) {
      const f = first.get(h.vehicle_listing_id);
      if (!f || h.changed_at < f.at) first.set(h.vehicle_listing_id, { at: h.changed_at, price: h.price });
    }
    listings.forEach((l, i) => expect(reductions[i]).toBe(first.get(l.id)!.price - l.price));
    expect(reductions.filter((r) => r > 0).length).toBeGreaterThan(listings.length / 5);
  });

  it('takes up to 1,000,000 listings on PostgreSQL and keeps PGlite at 200,000', () => {
    expect(listingCount('450000', MAX_LISTINGS_POSTGRES)).toBe(450_000);
    expect(() => listingCount('450000', MAX_LISTINGS_PGLITE)).toThrow(/from 1 to 200000/);
  });
});
