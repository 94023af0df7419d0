// The derived listing fields are filled by whatever writes listings (raw bulk writes too), and re-derived
// when a model's list price changes or on the schema upgrade.
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { MotorlyDb, SCHEMA_V1, SCHEMA_V2 } from '../db';
import { putPulledRaw } from '../raw-bulk-write';
import { annualTaxFor, listingUlezCompliant } from './listing-costs';
import type { ListingDerived } from './listing-derived';
import { listingRow } from '../testing/fixtures';
import type { CarModelRow, ListingRow } from './types';

type Stored = ListingRow & Partial<ListingDerived>;
let n = 0;
const names: string[] = [];
const fresh = () => {
  const name = `listing-derived-${Date.now()}-${++n}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

const model = (id: string, price: number) =>
  ({ id, brand_id: 'b1', slug: id, price_from: price }) as Partial<CarModelRow> as CarModelRow;

const listing = (id: string, over: Partial<ListingRow> = {}): ListingRow =>
  listingRow({
    id,
    title: '',
    price: 30_000,
    year: 2023,
    registration_date: '2023-09-01',
    mileage: 10_000,
    colour: 'Metallic Grey',
    body_style: 'suv',
    gearbox: 'automatic',
    engine_cc: 1500,
    co2_gkm: 130,
    insurance_group: 20,
    image_seed: 0,
    listed_at: '2026-01-01T00:00:00Z',
    ...over,
  });

/** Petrol listings whose stored annual tax is at most £300. */
const cheapPetrolCount = (db: MotorlyDb) =>
  db.vehicle_listings
    .filter((l) => {
      const tax = (l as Stored).annual_tax;
      return l.fuel_type === 'petrol' && tax !== undefined && tax >= 0 && tax <= 300;
    })
    .count();

/** Primary keys of the stored listings whose field holds the value. */
const idsWhere = async (db: MotorlyDb, field: keyof Stored, value: unknown) =>
  ((await db.vehicle_listings.toArray()) as Stored[]).filter((l) => l[field] === value).map((l) => l.id);

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}

describe('listing derived fields', () => {
  it("use list prices another context wrote after this one opened (the tab's map follows the worker's writes)", async () => {
    const name = fresh();
    const tab = new MotorlyDb(name);
    const worker = new MotorlyDb(name);
    await tab.open();
    await worker.open();
    await worker.car_models.put(model('m1', 45_000)); // the first download, in the sync worker
    const row = listing('l1');
    await putPulledRaw(tab, 'vehicle_listings', [row]); // a realtime write in the tab
    expect(((await tab.vehicle_listings.get('l1')) as Stored).annual_tax).toBe(annualTaxFor(row, 45_000));
    tab.close();
    worker.close();
  });

  it('are computed on put with the model list price, and re-derived when it changes', async () => {
    const db = new MotorlyDb(fresh());
    await db.car_models.put(model('m1', 45_000));
    await db.vehicle_listings.put(listing('l1'));
    const row = (await db.vehicle_listings.get('l1')) as Stored;
    expect(row.colour_key).toBe('grey');
    expect(row.ulez).toBe(listingUlezCompliant(row) ? 1 : 0);
    expect(row.annual_tax).toBe(annualTaxFor(row, 45_000));
    // Above the expensive-car threshold the supplement is due; below it, not.
    expect(annualTaxFor(row, 45_000)).toBeGreaterThan(annualTaxFor(row, 20_000));
    expect(await cheapPetrolCount(db)).toBe(0);

    await db.car_models.put(model('m1', 20_000));
    await until(async () => ((await db.vehicle_listings.get('l1')) as Stored).annual_tax === annualTaxFor(row, 20_000));
    expect(await cheapPetrolCount(db)).toBe(1);
    db.close();
  });

  it('are filled for stored listings by the v2 -> v3 upgrade', async () => {
    const name = fresh();
    const v2 = new Dexie(name);
    v2.version(1).stores(SCHEMA_V1);
    v2.version(2).stores(SCHEMA_V2);
    await v2.table('car_models').put(model('m1', 45_000));
    await v2
      .table('vehicle_listings')
      .bulkPut([listing('a'), listing('b', { fuel_type: 'electric', co2_gkm: 0, colour: 'Blue' })]);
    v2.close();
    const db = new MotorlyDb(name);
    const rows = (await db.vehicle_listings.orderBy('id').toArray()) as Stored[];
    expect(rows.map((r) => [r.colour_key, r.ulez, r.annual_tax])).toEqual(
      rows.map((r) => [r.id === 'a' ? 'grey' : 'blue', listingUlezCompliant(r) ? 1 : 0, annualTaxFor(r, 45_000)]),
    );
    expect(await db.vehicle_listings.filter((l) => (l as Stored).ulez === 1 && l.price <= 40_000).count()).toBe(2);
    db.close();
  });

  it('keep their rows and indexes through the version 4 upgrade, which drops the unused compound indexes', async () => {
    const name = fresh();
    const v3 = new MotorlyDb(name, 3);
    await v3.car_models.put(model('m1', 45_000));
    await v3.vehicle_listings.bulkPut([listing('a'), listing('b', { colour: 'Blue', price: 12_000 })]);
    v3.close();
    const db = new MotorlyDb(name);
    await db.open();
    const store = db.backendDB().transaction('vehicle_listings').objectStore('vehicle_listings');
    expect([...store.indexNames]).not.toContain('[ulez+price]');
    expect([...store.indexNames]).toContain('[car_model_id+price]');
    expect(await idsWhere(db, 'colour_key', 'blue')).toEqual(['b']);
    expect(await db.vehicle_listings.filter((l) => l.price < 20_000).count()).toBe(1);
    db.close();
  });

  it('keep their rows through the version 6 upgrade, which drops the listing indexes nothing reads', async () => {
    const name = fresh();
    const v5 = new MotorlyDb(name, 5);
    await v5.car_models.put(model('m1', 45_000));
    await v5.vehicle_listings.bulkPut([
      listing('a', { dealer_id: 'd1' }),
      listing('b', { colour: 'Blue', price: 12_000, dealer_id: 'd2' }),
    ]);
    const before = (await v5.vehicle_listings.orderBy('id').toArray()) as Stored[];
    v5.close();
    const db = new MotorlyDb(name, 6);
    await db.open();
    expect(db.verno).toBe(6);
    const store = db.backendDB().transaction('vehicle_listings').objectStore('vehicle_listings');
    expect([...store.indexNames].sort()).toEqual(
      ['[car_model_id+price]', 'car_model_id', 'dealer_id', 'listed_at', 'updated_at'].sort(),
    );
    expect(await db.vehicle_listings.orderBy('id').toArray()).toEqual(before);
    expect(before.map((r) => r.colour_key)).toEqual(['grey', 'blue']);
    // The indexes that stay still answer.
    expect(await db.vehicle_listings.where('dealer_id').equals('d2').primaryKeys()).toEqual(['b']);
    expect(
      await db.vehicle_listings
        .where('[car_model_id+price]')
        .between([before[0].car_model_id, 0], [before[0].car_model_id, 20_000])
        .primaryKeys(),
    ).toEqual(['b']);
    db.close();
  });
});
