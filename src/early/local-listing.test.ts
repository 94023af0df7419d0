// The early view's read of a car from the local store (local-listing.ts), against the real schema.
import { afterEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { readLocalListing } from './local-listing';

const ID = '920ee558-b744-5e62-ac34-2863bd074331';
let n = 0;
const opened: MotorlyDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function store(): Promise<MotorlyDb> {
  const db = new MotorlyDb(`early-local-${++n}`);
  opened.push(db);
  await db.open();
  return db;
}

async function dbExists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((d) => d.name === name);
}

describe('readLocalListing', () => {
  it("answers the car with its brand and model embedded, in the Data API's shape", async () => {
    const db = await store();
    await db.brands.put({ id: 'b1', slug: 'ford', name: 'Ford' } as never);
    await db.car_models.put({ id: 'm1', brand_id: 'b1', slug: 'puma', name: 'Puma' } as never);
    await db.vehicle_listings.put({ id: ID, brand_id: 'b1', car_model_id: 'm1', title: 'Ford Puma ST-Line' } as never);
    db.close();
    const rows = await readLocalListing(ID, db.name);
    expect(rows).toHaveLength(1);
    expect(rows?.[0]).toMatchObject({
      id: ID,
      title: 'Ford Puma ST-Line',
      brand: { id: 'b1', name: 'Ford', slug: 'ford' },
      car_model: { id: 'm1', name: 'Puma' },
    });
  });

  it('answers null for a car the device does not have, and a missing brand or model as null', async () => {
    const db = await store();
    await db.vehicle_listings.put({ id: ID, brand_id: 'gone', car_model_id: 'gone', title: 'A car' } as never);
    expect(await readLocalListing('another', db.name)).toBeNull();
    expect((await readLocalListing(ID, db.name))?.[0]).toMatchObject({ brand: null, car_model: null });
  });

  it('does not create the store on a device that has none (the app creates it with its schema)', async () => {
    const name = `early-local-none-${++n}`;
    expect(await readLocalListing(ID, name)).toBeNull();
    expect(await dbExists(name)).toBe(false);
  });

  it("does not hold up the app's schema upgrade", async () => {
    const older = new MotorlyDb(`early-local-${++n}`, 5);
    opened.push(older);
    await older.open();
    await older.vehicle_listings.put({ id: ID, brand_id: 'b1', car_model_id: 'm1', title: 'A car' } as never);
    older.close();
    const read = readLocalListing(ID, older.name);
    const upgraded = new MotorlyDb(older.name);
    opened.push(upgraded);
    await expect(upgraded.open()).resolves.toBe(upgraded);
    expect(upgraded.verno).toBeGreaterThan(older.verno);
    await expect(read).resolves.toMatchObject([{ id: ID }]);
  });
});
