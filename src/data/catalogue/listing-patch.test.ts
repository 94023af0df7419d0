// Pins the incremental patching of the in-memory index orders: after an insert, an update that moves
// a sort key (a price cut) and a delete, the orders equal a fresh read and were not re-read.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type MotorlyDb } from '../db';
import { listingDerivedSettled } from './listing-derived';
import { bindCatalogue, catalogueTables, orderOf, readStamp, snapshotFor, type IndexSnapshot } from './listing-index';

let db: MotorlyDb;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const listing = (n: number, price: number, updated: string) => ({
  id: id(n),
  dealer_id: 'd',
  car_model_id: 'm',
  brand_id: 'b',
  title: `car ${n}`,
  price,
  admin_fee: 0,
  year: 2015 + (n % 8),
  registration_date: '2020-01-01',
  registration: null,
  mileage: 1000 * n,
  colour: 'Red',
  fuel_type: 'petrol',
  body_style: 'suv',
  gearbox: 'manual',
  seats: 5,
  doors: 5,
  engine_cc: 1000,
  co2_gkm: 100,
  insurance_group: 10,
  condition: 'used',
  status: 'active',
  description: '',
  image_seed: 1,
  outcode: 'LS1',
  lat: 0,
  lng: 0,
  listed_at: `2026-01-0${1 + (n % 9)}T00:00:00Z`,
  updated_at: updated,
});

beforeAll(async () => {
  db = createDatabase(`listing-patch-${Date.now()}`);
  await db.car_models.put({ id: 'm', price_from: 20_000 } as never);
  await db.vehicle_listings.bulkPut(
    Array.from({ length: 30 }, (_, n) => listing(n, 10_000 + (n % 5) * 1000, '2026-01-01T00:00:00Z')) as never,
  );
  await listingDerivedSettled(db);
});
afterAll(() => db.delete());

const INDEXES = ['price', 'mileage', 'year', 'listed_at', 'status'];

/** The current snapshot with the orders cached, and each order as primary keys. */
async function orders(): Promise<{ snap: IndexSnapshot; keys: Record<string, string[]> }> {
  return db.transaction('r', catalogueTables(db), async (tx) => {
    const t = bindCatalogue(db, tx);
    const snap = await snapshotFor(t, await readStamp(t));
    const keys: Record<string, string[]> = {};
    for (const index of INDEXES) keys[index] = [...(await orderOf(t, snap, index))].map((i) => snap.pks[i]);
    return { snap, keys };
  });
}

async function fresh(): Promise<Record<string, string[]>> {
  const keys: Record<string, string[]> = {};
  for (const index of INDEXES) keys[index] = (await db.vehicle_listings.orderBy(index).primaryKeys()) as string[];
  return keys;
}

it.each([
  ['an insert', () => db.vehicle_listings.put(listing(99, 12_500, '2026-02-01T00:00:00Z') as never)],
  ['a price cut that moves the key', () => db.vehicle_listings.update(id(3), { price: 9_000 })],
  ['a delete', () => db.vehicle_listings.delete(id(7))],
  ['a tie on the key', () => db.vehicle_listings.update(id(4), { price: 11_000, updated_at: '2026-03-01T00:00:00Z' })],
])('patches the cached orders after %s instead of re-reading them', async (_, change) => {
  const before = await orders();
  await change();
  const after = await orders();
  expect(after.snap.stamp).not.toBe(before.snap.stamp);
  expect(after.snap.pks).toBe(before.snap.pks); // the same numbering: patched, not rebuilt
  expect(after.keys).toEqual(await fresh());
});

it('patches a change written elsewhere (found by its newer updated_at)', async () => {
  const before = await orders();
  const other = createDatabase(db.name);
  await other.vehicle_listings.update(id(12), { price: 30_000, updated_at: '2026-04-01T00:00:00Z' });
  other.close();
  const after = await orders();
  expect(after.snap.pks).toBe(before.snap.pks);
  expect(after.keys).toEqual(await fresh());
});
