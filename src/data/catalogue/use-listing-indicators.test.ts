// The cards' price indicators and reductions from the rows this device holds (offline, or the server
// failing): the same answer as rating each car against a full scan of its model's unsold cars.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceIndicator } from '@/domain/uk';
import { createDatabase, type MotorlyDb } from '../db';
import { listingRow } from '../testing/fixtures';
import type { ListingRow, PriceHistoryRow } from './types';
import { heldIndicators } from './use-listing-indicators';
import { historyReductions, ownReductions } from './use-catalogue';

let db: MotorlyDb;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  db = createDatabase(`held-indicators-${Date.now()}`);
  const listings: ListingRow[] = [];
  const history: PriceHistoryRow[] = [];
  for (let i = 0; i < 240; i++) {
    const price = 4_000 + ((i * 7919) % 20_000);
    listings.push(
      listingRow({
        id: id(i),
        car_model_id: `m${i % 4}`,
        price,
        year: 2014 + (i % 10),
        mileage: 5_000 + ((i * 104_729) % 100_000),
        status: i % 11 === 0 ? 'sold' : 'active',
      }),
    );
    history.push({
      id: id(10_000 + i),
      vehicle_listing_id: id(i),
      price: price + (i % 3) * 500,
      changed_at: '2026-01-01',
    });
    history.push({ id: id(20_000 + i), vehicle_listing_id: id(i), price, changed_at: '2026-02-01' });
  }
  await db.vehicle_listings.bulkPut(listings);
  await db.listing_price_history.bulkPut(history);
});

afterAll(async () => {
  db.close();
  await db.delete();
});

const expectedFor = (rows: ListingRow[], all: ListingRow[]) =>
  Object.fromEntries(
    rows.map((r) => [
      r.id,
      priceIndicator(
        r,
        all.filter((c) => c.car_model_id === r.car_model_id && c.status !== 'sold'),
        2026,
      ),
    ]),
  );

describe('price indicators from held rows', () => {
  it("rate each car against its model's unsold cars held here", async () => {
    const all = await db.vehicle_listings.toArray();
    const page = all.slice(0, 60);
    const indicators = await heldIndicators(db, page, 2026);
    expect(indicators).toEqual(expectedFor(page, all));
    // Some cars are rated (more than one band), so the comparison is not of empty answers.
    const bands = Object.values(indicators).map((i) => (i.available ? i.band : 'none'));
    expect(new Set(bands).size).toBeGreaterThan(2);
  });

  it('follow changes to the comparables: a price, a sale, a removal, a new car', async () => {
    const all = await db.vehicle_listings.toArray();
    const page = all.filter((l) => l.status !== 'sold').slice(0, 20);
    const same = all.filter((c) => c.car_model_id === page[0].car_model_id && !page.includes(c));
    await db.vehicle_listings.update(same[0].id, { price: same[0].price * 3, mileage: page[0].mileage });
    await db.vehicle_listings.update(same[1].id, { status: 'sold' });
    await db.vehicle_listings.delete(same[2].id);
    await db.vehicle_listings.put({ ...same[3], id: id(9_999), year: page[0].year, mileage: page[0].mileage });
    expect(await heldIndicators(db, page, 2026)).toEqual(expectedFor(page, await db.vehicle_listings.toArray()));
  });
});

describe('reductions from held price history', () => {
  it('are first price minus current, only where the price fell', async () => {
    const ids = [id(0), id(1), id(2), id(3)];
    expect(await historyReductions(db, ids)).toEqual({ [id(1)]: 500, [id(2)]: 1000 });
  });

  it("come from the row's own price_reduction when the server sent it, with no history on the device", async () => {
    const [a, b] = [id(50_001), id(50_002)];
    const base = (await db.vehicle_listings.get(id(5)))!;
    const withField = [
      { ...base, id: a, price_reduction: 1_950 } as ListingRow,
      { ...base, id: b, price_reduction: 0 } as ListingRow,
    ];
    // id(1) has no field: only its history can answer.
    const { own, missing } = ownReductions([...withField, (await db.vehicle_listings.get(id(1)))!]);
    expect(own).toEqual({ [a]: 1_950 });
    expect(missing).toEqual([id(1)]);
    expect(await historyReductions(db, missing)).toEqual({ [id(1)]: 500 });
  });
});
