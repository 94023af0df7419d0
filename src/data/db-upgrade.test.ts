// Dexie version 9 drops vehicle_listings' updated_at index (nothing reads it since the whole-catalogue
// listing index went). An installed version 8 database must upgrade in place and keep every row,
// including changes still waiting in the outbox. Version 10 adds the compare list's mirror
// (compared_listings) the same way.
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from './db';
import type { OutboxOp } from './types';

const USER = '11111111-1111-4111-8111-111111111111';
let n = 0;
const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

const listing = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  car_model_id: 'm1',
  dealer_id: 'd1',
  brand_id: 'b1',
  price: 10_000 + i,
  listed_at: `2026-11-${String(10 + i).padStart(2, '0')}T09:00:00Z`,
  updated_at: `2026-11-28T10:00:0${i}Z`,
  status: 'active',
});

const pendingOp = (seq: number, rowId: string): OutboxOp =>
  ({
    id: `op-${seq}`,
    seq,
    table: 'bookmarks',
    type: 'create',
    row_id: rowId,
    user_id: USER,
    data: { id: rowId, user_id: USER, vehicle_listing_id: listing(1).id },
    retries: 0,
    created_at: 1_700_000_000_000 + seq,
  }) as unknown as OutboxOp;

/** The native IndexedDB index names of a store, as the browser holds them. */
function nativeIndexes(db: MotorlyDb, store: string): string[] {
  const tx = db.backendDB().transaction(store, 'readonly');
  return [...tx.objectStore(store).indexNames].sort();
}

describe('Dexie version 9', () => {
  it('upgrades a version 8 database: the updated_at index goes, every row and the pending outbox stay', async () => {
    const name = `db-upgrade-${++n}`;
    names.push(name);
    const v8 = new MotorlyDb(name, 8);
    await v8.open();
    expect(v8.verno).toBe(8);
    expect(nativeIndexes(v8, 'vehicle_listings')).toContain('updated_at');
    const listings = [1, 2, 3].map(listing);
    await v8.vehicle_listings.bulkPut(listings as never);
    await v8.bookmarks.put({ id: 'bm1', user_id: USER, vehicle_listing_id: listings[0].id } as never);
    await v8.outbox.bulkPut([pendingOp(1, 'bm1'), pendingOp(2, 'bm2')]);
    await v8.sync_state.put({ key: 'cursor:vehicle_listings', value: { updated_at: 'x', id: 'y' } } as never);
    v8.close();

    const v9 = new MotorlyDb(name);
    await v9.open();
    expect(v9.verno).toBeGreaterThanOrEqual(9);
    expect(nativeIndexes(v9, 'vehicle_listings')).toEqual(
      ['car_model_id', 'dealer_id', 'listed_at', '[car_model_id+price]'].sort(),
    );
    expect(v9.vehicle_listings.schema.indexes.map((i) => i.name)).not.toContain('updated_at');
    // Every row survives, with its own updated_at (only the index went).
    const kept = await v9.vehicle_listings.bulkGet(listings.map((l) => l.id));
    expect(kept.map((l) => [l?.id, l?.price, l?.updated_at])).toEqual(
      listings.map((l) => [l.id, l.price, l.updated_at]),
    );
    // The indexes still declared still answer.
    expect(await v9.vehicle_listings.where('dealer_id').equals('d1').count()).toBe(3);
    expect(
      (
        await v9.vehicle_listings
          .where('[car_model_id+price]')
          .between(['m1', 0], ['m1', 10_002], true, true)
          .primaryKeys()
      ).sort(),
    ).toEqual([listings[0].id, listings[1].id]);
    // The user's rows and the changes not yet sent are untouched, in order.
    expect(await v9.bookmarks.get('bm1')).toMatchObject({ vehicle_listing_id: listings[0].id });
    expect((await v9.outbox.orderBy('seq').toArray()).map((o) => [o.id, o.row_id])).toEqual([
      ['op-1', 'bm1'],
      ['op-2', 'bm2'],
    ]);
    expect(await v9.sync_state.get('cursor:vehicle_listings')).toBeDefined();
    v9.close();
  });

  it('creates a fresh database without the updated_at index on listings (other tables keep theirs)', async () => {
    const name = `db-upgrade-${++n}`;
    names.push(name);
    const db = new MotorlyDb(name);
    await db.open();
    expect(nativeIndexes(db, 'vehicle_listings')).not.toContain('updated_at');
    expect(nativeIndexes(db, 'reviews')).toContain('updated_at');
    db.close();
  });
});

describe('Dexie version 10', () => {
  it('upgrades a version 9 database: compared_listings is added empty, every row and the pending outbox stay', async () => {
    const name = `db-upgrade-${++n}`;
    names.push(name);
    const v9 = new MotorlyDb(name, 9);
    await v9.open();
    expect(v9.verno).toBe(9);
    expect(v9.tables.map((t) => t.name)).not.toContain('compared_listings');
    const listings = [1, 2].map(listing);
    await v9.vehicle_listings.bulkPut(listings as never);
    await v9.bookmarks.put({ id: 'bm1', user_id: USER, vehicle_listing_id: listings[0].id } as never);
    await v9.table('recent_listings').put({ id: listings[1].id, opened_at: 1 });
    await v9.outbox.bulkPut([pendingOp(1, 'bm1'), pendingOp(2, 'bm2')]);
    v9.close();

    const v10 = new MotorlyDb(name);
    await v10.open();
    expect(v10.verno).toBeGreaterThanOrEqual(10);
    expect(nativeIndexes(v10, 'compared_listings')).toEqual([]);
    expect(await v10.table('compared_listings').count()).toBe(0);
    await v10.table('compared_listings').put({ id: listings[0].id });
    expect(await v10.table('compared_listings').toCollection().primaryKeys()).toEqual([listings[0].id]);
    // Every row survives, and the changes not yet sent stay queued in order.
    expect((await v10.vehicle_listings.bulkGet(listings.map((l) => l.id))).map((l) => l?.price)).toEqual(
      listings.map((l) => l.price),
    );
    expect(await v10.bookmarks.get('bm1')).toMatchObject({ vehicle_listing_id: listings[0].id });
    expect(await v10.table('recent_listings').get(listings[1].id)).toEqual({ id: listings[1].id, opened_at: 1 });
    expect((await v10.outbox.orderBy('seq').toArray()).map((o) => [o.id, o.row_id])).toEqual([
      ['op-1', 'bm1'],
      ['op-2', 'bm2'],
    ]);
    v10.close();
  });
});

/** Every store of a database with its key path and index names (name: key path), as the browser holds them. */
function nativeSchema(db: MotorlyDb): Record<string, string> {
  const idb = db.backendDB();
  const stores = [...idb.objectStoreNames].sort();
  const tx = idb.transaction(stores, 'readonly');
  return Object.fromEntries(
    stores.map((name) => {
      const store = tx.objectStore(name);
      const indexes = [...store.indexNames]
        .sort()
        .map((i) => `${i}:${JSON.stringify(store.index(i).keyPath)}${store.index(i).unique ? '!' : ''}`);
      return [name, `${JSON.stringify(store.keyPath)} | ${indexes.join(', ')}`];
    }),
  );
}

describe('the newest version declared at once (versions 4 to 10 have no upgrade function)', () => {
  it('upgrades a database installed at any older version to the schema of a fresh install, keeping its rows', async () => {
    const fresh = new MotorlyDb(`db-upgrade-${++n}`);
    names.push(fresh.name);
    await fresh.open();
    const want = nativeSchema(fresh);
    fresh.close();
    for (let version = 1; version <= 9; version++) {
      const name = `db-upgrade-${++n}`;
      names.push(name);
      const old = new MotorlyDb(name, version);
      await old.open();
      expect(old.verno).toBe(version);
      await old.vehicle_listings.bulkPut([1, 2].map(listing) as never);
      await old.outbox.put(pendingOp(1, 'bm1'));
      old.close();
      const upgraded = new MotorlyDb(name);
      await upgraded.open();
      expect(upgraded.verno).toBe(10);
      expect(nativeSchema(upgraded), `installed at version ${version}`).toEqual(want);
      expect((await upgraded.vehicle_listings.toArray()).map((l) => l.id)).toEqual([listing(1).id, listing(2).id]);
      expect(await upgraded.outbox.get('op-1')).toMatchObject({ row_id: 'bm1' });
      upgraded.close();
    }
  });
});
