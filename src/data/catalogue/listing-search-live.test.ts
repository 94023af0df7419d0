// The marketplace runs the search inside a live query while the first download writes pages.
import { it, expect } from 'vitest';
import { liveQuery } from 'dexie';
import { createDatabase } from '../db';
import { listingRow } from '../testing/fixtures';
import { emptyListingSearch, searchListings, type ListingSearch } from './listing-search';

it('answers inside a live query while listings are written, once its index orders are cached', async () => {
  const db = createDatabase(`live-${Date.now()}`);
  const base: ListingSearch = emptyListingSearch(20);
  const errors: unknown[] = [];
  let last: number | undefined;
  const sub = liveQuery(() => searchListings(db, base)).subscribe({
    next: (p) => {
      last = p.total;
    },
    error: (e) => errors.push(e),
  });
  for (let page = 0; page < 10; page++) {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      ...listingRow({
        id: `00000000-0000-4000-8000-${String(page * 100 + i).padStart(12, '0')}`,
        dealer_id: 'd',
        car_model_id: 'm',
        brand_id: 'b',
        title: 't',
        price: 1000 + i,
        year: 2020,
        registration_date: '2020-01-01',
        mileage: 100,
        body_style: 'suv',
        co2_gkm: 100,
        lat: 0,
        lng: 0,
        listed_at: '2026-01-01T00:00:00Z',
      }),
      updated_at: `2026-01-01T00:00:${String(page).padStart(2, '0')}Z`,
    }));
    await db.vehicle_listings.bulkPut(rows as never);
    await new Promise((r) => setTimeout(r, 30));
  }
  await new Promise((r) => setTimeout(r, 300));
  sub.unsubscribe();
  expect(errors.map((e) => (e as Error).name)).toEqual([]);
  expect(last).toBe(1000);
});
