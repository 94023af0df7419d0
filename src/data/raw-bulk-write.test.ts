// Pins the raw IndexedDB path to the installed Dexie: the event keys it fires and reads must be the
// ones Dexie itself uses, and raw rows must equal rows written through Dexie's middleware.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie, liveQuery, type ObservabilitySet } from 'dexie';
import { MotorlyDb } from './db';
import {
  DEXIE_FORMAT_VERSION,
  isOutOfOrder,
  mutatedTables,
  mutationKeys,
  notifyTablesChanged,
  putPulledRaw,
} from './raw-bulk-write';
import { setSessionUser } from './session';
import { updateRow } from './outbox';

let db: MotorlyDb;
let n = 0;
beforeEach(async () => {
  db = new MotorlyDb(`test-raw-bulk-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const listing = (id: string, price: number) => ({
  id,
  car_model_id: 'm1',
  brand_id: 'b1',
  dealer_id: 'd1',
  price,
  mileage: 1000,
  year: 2022,
  colour: 'Metallic Grey',
  fuel_type: 'petrol',
  body_style: 'suv',
  status: 'active',
  listed_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** Keys of the next 'storagemutated' event fired while `write` runs. */
async function firedKeys(write: () => Promise<unknown>): Promise<string[]> {
  const keys: string[] = [];
  const listener = (parts: ObservabilitySet) => keys.push(...Object.keys(parts));
  Dexie.on('storagemutated', listener);
  try {
    await write();
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    Dexie.on.storagemutated.unsubscribe(listener);
  }
  return keys;
}

describe('raw bulk write, pinned to the installed Dexie', () => {
  it('is checked against the installed Dexie version (re-check this module when Dexie changes)', () => {
    const installed = (JSON.parse(readFileSync('node_modules/dexie/package.json', 'utf8')) as { version: string })
      .version;
    expect(installed, 'Dexie was upgraded: re-check raw-bulk-write.ts against its storagemutated format').toBe(
      DEXIE_FORMAT_VERSION,
    );
    expect(Dexie.semVer).toBe(DEXIE_FORMAT_VERSION);
  });

  it("fires the keys Dexie fires for the same table, and reads Dexie's own keys back to the table", async () => {
    const viaDexie = await firedKeys(() => db.vehicle_listings.bulkPut([listing('l1', 1000)] as never));
    expect(viaDexie.length).toBeGreaterThan(0);
    const ours = mutationKeys(db, 'vehicle_listings');
    for (const key of viaDexie) expect(ours, `Dexie fired ${key}, which notifyTablesChanged does not`).toContain(key);
    expect([...mutatedTables(Object.fromEntries(viaDexie.map((k) => [k, true])) as never)]).toEqual([
      `${db.name}/vehicle_listings`,
    ]);
    const ourEvent = await firedKeys(async () => notifyTablesChanged(db, ['vehicle_listings']));
    expect(new Set(ourEvent)).toEqual(new Set(ours));
  });

  it('wakes a live query over the table when announced', async () => {
    const seen: number[] = [];
    const sub = liveQuery(() => db.vehicle_listings.count()).subscribe({ next: (v) => seen.push(v) });
    await new Promise((r) => setTimeout(r, 30));
    await putPulledRaw(db, 'vehicle_listings', [listing('l1', 1000)]);
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toEqual([0]); // raw writes are silent until announced
    notifyTablesChanged(db, ['vehicle_listings']);
    await new Promise((r) => setTimeout(r, 30));
    sub.unsubscribe();
    expect(seen).toEqual([0, 1]);
  });

  it('stores the same derived fields as a write through the middleware, skips pending rows, sets the cursor', async () => {
    await db.car_models.put({ id: 'm1', brand_id: 'b1', slug: 'm1', price_from: 45000 } as never);
    await db.vehicle_listings.put(listing('via-dexie', 20000) as never);
    await putPulledRaw(db, 'vehicle_listings', [listing('raw', 20000)], {
      updated_at: '2026-01-01T00:00:00Z',
      id: 'raw',
    });
    const viaDexie = await db.vehicle_listings.get('via-dexie');
    const raw = await db.vehicle_listings.get('raw');
    expect({ ...raw, id: 'x' }).toEqual({ ...viaDexie, id: 'x' });
    expect(raw).toHaveProperty('annual_tax');
    expect((await db.sync_state.get('cursor:vehicle_listings'))?.value).toEqual({
      updated_at: '2026-01-01T00:00:00Z',
      id: 'raw',
    });

    await setSessionUser(db, '11111111-1111-4111-8111-111111111111');
    await updateRow(db, 'vehicle_listings', 'raw', { price: 19000 });
    expect(await putPulledRaw(db, 'vehicle_listings', [listing('raw', 25000), listing('other', 1)])).toBe(1);
    expect((await db.vehicle_listings.get('raw'))?.price).toBe(19000);
  });

  it('a pulled page queues its puts with the pending-op check (one round trip), and still skips pending rows', async () => {
    await setSessionUser(db, '11111111-1111-4111-8111-111111111111');
    await db.vehicle_listings.bulkPut([listing('queued', 1000), listing('elsewhere', 1000)] as never);
    await updateRow(db, 'vehicle_listings', 'queued', { price: 900 });
    await updateRow(db, 'vehicle_listings', 'elsewhere', { price: 800 });
    const page = Array.from({ length: 10 }, (_, i) => listing(`row-${i}`, 5000 + i));
    const cursor = { updated_at: '2026-01-01T00:00:00Z', id: 'row-9' };
    // How many rows were already queued when the pending-op check first answered.
    let puts = 0;
    let queuedAtAnswer: number[] = [];
    const put = IDBObjectStore.prototype.put;
    const scan = IDBIndex.prototype.openKeyCursor;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'vehicle_listings') puts++;
      return put.apply(this, args);
    };
    IDBIndex.prototype.openKeyCursor = function (this: IDBIndex, ...args: Parameters<IDBIndex['openKeyCursor']>) {
      const req = scan.apply(this, args);
      const before = puts;
      let answered = false;
      req.addEventListener('success', () => {
        if (!answered) queuedAtAnswer.push(puts - before);
        answered = true;
      });
      return req;
    };
    try {
      // A page whose rows have no pending op (another row has one): every row, in one round trip.
      expect(await putPulledRaw(db, 'vehicle_listings', page, cursor)).toBe(10);
      expect(queuedAtAnswer).toEqual([10, 10]);
      expect((await db.sync_state.get('cursor:vehicle_listings'))?.value).toEqual(cursor);
      expect((await db.vehicle_listings.get('elsewhere'))?.price).toBe(800);
      // A page with a pending row: that row is left alone, the others and the cursor are stored.
      queuedAtAnswer = [];
      const next = { updated_at: '2026-01-02T00:00:00Z', id: 'queued' };
      expect(await putPulledRaw(db, 'vehicle_listings', [listing('queued', 7000), listing('row-0', 7000)], next)).toBe(
        1,
      );
      expect((await db.vehicle_listings.get('queued'))?.price).toBe(900);
      expect((await db.vehicle_listings.get('row-0'))?.price).toBe(7000);
      expect((await db.sync_state.get('cursor:vehicle_listings'))?.value).toEqual(next);
    } finally {
      IDBObjectStore.prototype.put = put;
      IDBIndex.prototype.openKeyCursor = scan;
    }
  });

  it('a page written after another (`after`) commits only over that page: else it stores nothing', async () => {
    const first = { updated_at: '2026-01-01T00:00:00Z', id: 'a' };
    const second = { updated_at: '2026-01-02T00:00:00Z', id: 'b' };
    // The page before was never stored: no rows, no cursor.
    const early = putPulledRaw(db, 'vehicle_listings', [listing('b', 2)], second, first);
    await expect(early).rejects.toSatisfy(isOutOfOrder);
    expect(await db.vehicle_listings.count()).toBe(0);
    expect(await db.sync_state.get('cursor:vehicle_listings')).toBeUndefined();
    // In order: the first page (nothing stored before it), then the second over it.
    expect(await putPulledRaw(db, 'vehicle_listings', [listing('a', 1)], first, null)).toBe(1);
    expect(await putPulledRaw(db, 'vehicle_listings', [listing('b', 2)], second, first)).toBe(1);
    expect((await db.sync_state.get('cursor:vehicle_listings'))?.value).toEqual(second);
    // Queued back to back, as a download queues its pages: both commit, in order.
    const third = { updated_at: '2026-01-03T00:00:00Z', id: 'c' };
    const fourth = { updated_at: '2026-01-04T00:00:00Z', id: 'd' };
    const [x, y] = await Promise.all([
      putPulledRaw(db, 'vehicle_listings', [listing('c', 3)], third, second),
      putPulledRaw(db, 'vehicle_listings', [listing('d', 4)], fourth, third),
    ]);
    expect([x, y]).toEqual([1, 1]);
    expect((await db.sync_state.get('cursor:vehicle_listings'))?.value).toEqual(fourth);
  });

  it('commits the stores written alongside a page with its rows, on the checked path too, or not at all', async () => {
    const marks = (ids: string[]) => ({
      stores: ['recent_listings'],
      write: (tx: IDBTransaction) => {
        for (const id of ids) tx.objectStore('recent_listings').put({ id, opened_at: 1 });
      },
    });
    expect(
      await putPulledRaw(
        db,
        'vehicle_listings',
        [listing('a', 1), listing('b', 2)],
        undefined,
        undefined,
        marks(['a', 'b']),
      ),
    ).toBe(2);
    expect(await db.table('recent_listings').toCollection().primaryKeys()).toEqual(['a', 'b']);
    // A row with a queued op: the optimistic write aborts, the checked one skips that row and still writes alongside.
    await setSessionUser(db, '11111111-1111-4111-8111-111111111111');
    await updateRow(db, 'vehicle_listings', 'a', { price: 900 });
    expect(
      await putPulledRaw(
        db,
        'vehicle_listings',
        [listing('a', 5), listing('c', 6)],
        undefined,
        undefined,
        marks(['c']),
      ),
    ).toBe(1);
    expect(await db.table('recent_listings').toCollection().primaryKeys()).toEqual(['a', 'b', 'c']);
    // A page out of order stores neither its rows nor what goes alongside them.
    const first = { updated_at: '2026-01-01T00:00:00Z', id: 'x' };
    const late = putPulledRaw(db, 'vehicle_listings', [listing('d', 7)], first, first, marks(['d']));
    await expect(late).rejects.toSatisfy(isOutOfOrder);
    expect(await db.vehicle_listings.get('d')).toBeUndefined();
    expect(await db.table('recent_listings').get('d')).toBeUndefined();
  });

  it("locks sync_state only when it writes or checks a cursor (a pack's pages never wait on the engine's cursors)", async () => {
    const scopes: string[][] = [];
    const open = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      if (args[1] === 'readwrite') scopes.push([...(typeof args[0] === 'string' ? [args[0]] : args[0])]);
      return open.apply(this, args);
    };
    try {
      const page = Array.from({ length: 10 }, (_, i) => listing(`p-${i}`, i));
      await putPulledRaw(db, 'vehicle_listings', page);
      expect(scopes.pop()).not.toContain('sync_state');
      await putPulledRaw(db, 'vehicle_listings', page, { updated_at: '2026-01-01T00:00:00Z', id: 'p-9' });
      expect(scopes.pop()).toContain('sync_state');
    } finally {
      IDBDatabase.prototype.transaction = open;
    }
  });

  it('a one-row write (a realtime change) leaves a row with a queued or parked op alone and stores the others', async () => {
    await setSessionUser(db, '11111111-1111-4111-8111-111111111111');
    await db.vehicle_listings.bulkPut([listing('queued', 1000), listing('parked', 2000)] as never);
    await updateRow(db, 'vehicle_listings', 'queued', { price: 900 });
    await updateRow(db, 'vehicle_listings', 'parked', { price: 1900 });
    const op = await db.outbox.where('[table+row_id]').equals(['vehicle_listings', 'parked']).first();
    if (!op) throw new Error('no op queued');
    await db.transaction('rw', db.outbox, db.needs_attention, async () => {
      await db.outbox.delete(op.id);
      await db.needs_attention.put({ ...op, parked_at: Date.now(), failure: 'transient' });
    });

    expect(await putPulledRaw(db, 'vehicle_listings', [listing('queued', 5000)])).toBe(0);
    expect(await putPulledRaw(db, 'vehicle_listings', [listing('parked', 5000)])).toBe(0);
    expect(await putPulledRaw(db, 'vehicle_listings', [listing('fresh', 5000)])).toBe(1);
    expect(await putPulledRaw(db, 'vehicle_listings', [listing('fresh', 6000), listing('parked', 6000)])).toBe(1);
    expect((await db.vehicle_listings.get('queued'))?.price).toBe(900);
    expect((await db.vehicle_listings.get('parked'))?.price).toBe(1900);
    expect((await db.vehicle_listings.get('fresh'))?.price).toBe(6000);
  });
});
