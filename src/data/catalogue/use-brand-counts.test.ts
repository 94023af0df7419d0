// The brand list's counts must be what the marketplace shows when that brand is picked.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type MotorlyDb } from '../db';
import { brandRow, listingRow, modelRow } from '../testing/fixtures';
import { bindCatalogue, catalogueTables, readStamp, snapshotFor } from './listing-index';
import { emptyListingSearch, searchListings } from './listing-search';
import { brandCountsOf } from './use-brand-counts';

let db: MotorlyDb;
const BRANDS = ['ford', 'kia', 'mini'].map((slug, i) => brandRow({ id: `b${i}`, slug, name: slug }));
const STATUSES = ['active', 'sold', 'reserved', 'active'] as const;

beforeAll(async () => {
  db = createDatabase(`brand-counts-test-${Date.now()}`);
  await db.brands.bulkPut(BRANDS);
  // Mini has a model but nothing listed: it must count as none, not be missing from a lookup by mistake.
  await db.car_models.bulkPut(BRANDS.map((b) => modelRow({ id: `m-${b.id}`, brand_id: b.id })));
  await db.vehicle_listings.bulkPut(
    Array.from({ length: 37 }, (_, i) => {
      const brand = BRANDS[i % 2];
      return listingRow({
        id: `l${i}`,
        brand_id: brand.id,
        car_model_id: `m-${brand.id}`,
        status: STATUSES[i % 4],
      });
    }),
  );
});

afterAll(async () => {
  db.close();
  await db.delete();
});

it('counts unsold cars per brand exactly as the search totals them', async () => {
  const snap = await db.transaction('r', catalogueTables(db, { history: false }), async (tx) => {
    const t = bindCatalogue(db, tx);
    return snapshotFor(t, await readStamp(t));
  });
  const counts = brandCountsOf(snap);
  for (const b of BRANDS) {
    const page = await searchListings(db, { ...emptyListingSearch(20), make: b.slug });
    expect(counts[b.id] ?? 0, b.slug).toBe(page.total);
  }
  expect(counts.b0).toBeGreaterThan(0);
  expect(counts.b2).toBeUndefined();
});
