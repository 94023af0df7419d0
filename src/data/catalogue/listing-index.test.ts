// Pins the incremental patching of the in-memory listing indexes: after an insert, an update that
// moves a key and a delete, every order equals what an IndexedDB index would hold, and the table was not read
// again; a write Dexie cannot name key by key falls back to a full read. The expected orders are
// sorted in JS from the stored rows (jsOrders), not read through IndexedDB indexes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Dexie, RangeSet } from 'dexie';
import fc from 'fast-check';
import { createDatabase, type MotorlyDb } from '../db';
import { putPulledRaw } from '../raw-bulk-write';
import { createSyncStore } from '../sync-store';
import {
  bindCatalogue,
  catalogueTables,
  changedBetween,
  dealerNumbers,
  idsInRange,
  idsOf,
  indexStats,
  keyLookup,
  orderChunk,
  orderFromIds,
  PATCH_READ_CHUNK,
  patchOrder,
  readStamp,
  READ_CHUNK,
  snapshotFor,
  type IndexKey,
  type IndexOrder,
  type IndexRow,
  type IndexSnapshot,
} from './listing-index';

let db: MotorlyDb;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const listing = (n: number, price: number, updated: string) => ({
  id: id(n),
  dealer_id: `d${n % 3}`,
  car_model_id: 'm',
  brand_id: 'b',
  title: `car ${n}`,
  price,
  admin_fee: 0,
  year: 2015 + (n % 8),
  registration_date: '2020-01-01',
  registration: null,
  mileage: 1000 * n,
  colour: n % 2 ? 'Red' : 'Metallic Blue',
  fuel_type: 'petrol',
  body_style: 'suv',
  gearbox: 'manual',
  seats: 5,
  doors: 5,
  engine_cc: 1000,
  co2_gkm: 100,
  insurance_group: n % 4 ? 10 + n : null, // null: left out of that index
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
  db = createDatabase(`listing-index-${Date.now()}`);
  await db.vehicle_listings.bulkPut(
    Array.from({ length: 40 }, (_, n) => listing(n, 10_000 + (n % 5) * 1000, '2026-01-01T00:00:00Z')) as never,
  );
});
afterAll(() => db.delete());

const INDEXES = ['price', 'mileage', 'year', 'listed_at', 'status', 'dealer_id', 'insurance_group', 'colour_key'];

/** The current snapshot, and each order as primary keys. */
async function orders(): Promise<{ snap: IndexSnapshot; keys: Record<string, string[]> }> {
  return db.transaction('r', catalogueTables(db), async (tx) => {
    const t = bindCatalogue(db, tx);
    const snap = await snapshotFor(t, await readStamp(t));
    const keys: Record<string, string[]> = {};
    for (const index of INDEXES)
      keys[index] = idsInRange(snap, { index }).flatMap((part) => [...part].map((i) => snap.pks[i]));
    return { snap, keys };
  });
}

/**
 * Each order as an IndexedDB index on the field would hold it, from the rows as stored now, sorted
 * here (the store has no index on most of these fields): rows whose value is no valid key are left
 * out, the rest go by key, ties by primary key, both compared as IndexedDB compares keys.
 */
async function jsOrders(d: MotorlyDb): Promise<Record<string, string[]>> {
  const rows = (await d.vehicle_listings.toArray()) as unknown as IndexRow[];
  const isKey = (v: unknown) =>
    typeof v === 'string' ||
    (typeof v === 'number' && !Number.isNaN(v)) ||
    (v instanceof Date && !Number.isNaN(v.getTime()));
  const keys: Record<string, string[]> = {};
  for (const index of INDEXES)
    keys[index] = rows
      .filter((r) => isKey(r[index]))
      .sort((a, b) => indexedDB.cmp(a[index], b[index]) || indexedDB.cmp(a.id, b.id))
      .map((r) => r.id);
  return keys;
}

/** Each order as it should be now. */
const fresh = () => jsOrders(db);

it.each([
  ['an insert', () => db.vehicle_listings.put(listing(99, 12_500, '2026-02-01T00:00:00Z') as never)],
  ['an update that moves the key', () => db.vehicle_listings.update(id(3), { price: 9_000, mileage: 500_000 })],
  ['an update onto a tie', () => db.vehicle_listings.update(id(4), { price: 11_000, insurance_group: 11 })],
  ['an update that takes a row out of an index', () => db.vehicle_listings.update(id(5), { insurance_group: null })],
  ['a delete', () => db.vehicle_listings.delete(id(7))],
  [
    'a realtime write by the sync worker (raw IndexedDB, keys announced)',
    async () => {
      await createSyncStore(db).applyPulled('vehicle_listings', [
        { ...listing(8, 30_000, '2026-03-01T00:00:00Z'), colour: 'Grey' },
        listing(120, 500, '2026-03-01T00:00:00Z'),
      ]);
    },
  ],
  ['a realtime delete', () => createSyncStore(db).applyDeleted('vehicle_listings', [id(9)])],
])('patches the orders after %s instead of reading the table again', async (_, change) => {
  const before = await orders();
  const stats = indexStats(db);
  await change();
  const after = await orders();
  expect(after.keys).toEqual(await fresh());
  expect(after.snap).not.toBe(before.snap);
  expect(after.snap.pks).toBe(before.snap.pks); // the same numbering: patched, not rebuilt
  expect(indexStats(db).reads).toBe(stats.reads);
  expect(indexStats(db).patches).toBe(stats.patches + 1);
});

it('shares one patch between queries woken by the same change', async () => {
  await orders();
  const stats = indexStats(db);
  await db.vehicle_listings.update(id(2), { price: 8_500 });
  // Three live queries woken at once, each in its own read transaction.
  const answers = await Promise.all([orders(), orders(), orders()]);
  const expected = await fresh();
  for (const a of answers) expect(a.keys).toEqual(expected);
  expect(answers[1].snap).toBe(answers[0].snap);
  expect(answers[2].snap).toBe(answers[0].snap);
  expect(indexStats(db).patches).toBe(stats.patches + 1);
  expect(indexStats(db).shared).toBe(stats.shared + 2);
  expect(indexStats(db).reads).toBe(stats.reads);
});

it('patches only the orders every query reads, and builds the others on first use from all changes since', async () => {
  await orders();
  const snapOnly = async () =>
    db.transaction('r', catalogueTables(db), async (tx) => {
      const t = bindCatalogue(db, tx);
      return snapshotFor(t, await readStamp(t));
    });
  // Five changes, each seen by a query that reads no price or mileage order.
  await db.vehicle_listings.update(id(20), { price: 1 });
  await snapOnly();
  await db.vehicle_listings.put(listing(200, 99_999, '2026-04-01T00:00:00Z') as never);
  await snapOnly();
  await db.vehicle_listings.update(id(20), { price: 77_777, mileage: 1 });
  await snapOnly();
  await db.vehicle_listings.delete(id(21));
  await snapOnly();
  await createSyncStore(db).applyDeleted('vehicle_listings', [id(200)]);
  const snap = await snapOnly();
  expect([...snap.orders.keys()].sort()).toEqual(['status', 'ulez', 'updated_at']);
  const after = await orders();
  expect(after.snap).toBe(snap);
  expect(after.keys).toEqual(await fresh());
});

it('a patch copies only the ids: its orders look keys up in the root, with the changed rows laid over them', async () => {
  const root = (await orders()).snap;
  await db.vehicle_listings.update(id(24), { price: 2_222 });
  await orders();
  await db.vehicle_listings.update(id(25), { price: 3_333 });
  const { snap, keys } = await orders();
  expect(keys).toEqual(await fresh());
  expect(snap).not.toBe(root);
  for (const index of INDEXES) {
    const order = snap.orders.get(index);
    if (!order) throw new Error(`no ${index} order`);
    // An order holds its ids (typed arrays) and a lookup; no array of keys per state.
    expect(Object.values(order).filter((v) => Array.isArray(v) && v.some((x) => !(x instanceof Int32Array)))).toEqual(
      [],
    );
    for (const chunk of order.chunks) expect(chunk).toBeInstanceOf(Int32Array);
  }
  const price = keyLookup(snap, 'price');
  expect(price(snap.idOf.get(id(24)) as number)).toBe(2_222);
  expect(price(snap.idOf.get(id(25)) as number)).toBe(3_333);
  const other = (await db.vehicle_listings.get(id(26))) as { price: number };
  expect(price(snap.idOf.get(id(26)) as number)).toBe(other.price);
});

it('a full read sorts only the orders every query reads, and the others when first read', async () => {
  await db.vehicle_listings.where('id').between(id(30), id(31)).delete(); // unnamed: a full read
  const snap = await db.transaction('r', catalogueTables(db), async (tx) => {
    const t = bindCatalogue(db, tx);
    return snapshotFor(t, await readStamp(t));
  });
  expect([...snap.orders.keys()].sort()).toEqual(['status', 'ulez', 'updated_at']);
  const after = await orders();
  expect(after.snap).toBe(snap);
  expect(after.keys).toEqual(await fresh());
});

it("gives each row's key by id after patches, deletes included", async () => {
  await orders();
  await db.vehicle_listings.update(id(22), { price: 4_321 });
  await orders();
  await db.vehicle_listings.put(listing(300, 55_555, '2026-05-01T00:00:00Z') as never);
  await db.vehicle_listings.delete(id(23));
  const { snap } = await orders();
  const byId = keyLookup(snap, 'price');
  const rows = await db.vehicle_listings.toArray();
  for (const row of rows) expect(byId(snap.idOf.get(row.id) as number)).toBe(row.price);
  expect(byId(snap.idOf.get(id(23)) as number)).toBeUndefined();
});

it('reuses the orders while nothing changes', async () => {
  const before = await orders();
  const after = await orders();
  expect(after.snap).toBe(before.snap);
});

it('reads the table again after a write it cannot name key by key (a range delete)', async () => {
  await orders();
  const stats = indexStats(db);
  await db.vehicle_listings.where('id').between(id(10), id(14)).delete();
  const after = await orders();
  expect(after.keys).toEqual(await fresh());
  expect(indexStats(db).reads).toBe(stats.reads + 1);
});

it('reads the table again when a write it was not told about changes the row count', async () => {
  await orders();
  const stats = indexStats(db);
  // Straight to IndexedDB, no event: as if another context's notice had not arrived yet.
  await new Promise<void>((resolve, reject) => {
    const tx = db.backendDB().transaction('vehicle_listings', 'readwrite');
    tx.objectStore('vehicle_listings').delete(id(20));
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('write failed'));
  });
  const after = await orders();
  expect(after.keys).toEqual(await fresh());
  expect(indexStats(db).reads).toBe(stats.reads + 1);
});

it('re-reads a row another context wrote before its notice arrived, when a newer announced write follows', async () => {
  await orders();
  // The worker's realtime write is committed; its notice is still on the way.
  await putPulledRaw(db, 'vehicle_listings', [{ ...listing(30, 1, '2026-05-01T00:00:00Z'), mileage: 1 }]);
  // Then this tab writes a row with a newer updated_at: the newest matches, the count too.
  await db.vehicle_listings.update(id(31), { price: 99_999, updated_at: '2026-05-01T00:00:01Z' });
  const after = await orders();
  expect(after.keys).toEqual(await fresh());
});

it('patches a write announced by another context (its event as BroadcastChannel delivers it: a structured clone)', async () => {
  await orders();
  const stats = indexStats(db);
  await putPulledRaw(db, 'vehicle_listings', [{ ...listing(32, 2, '2026-06-01T00:00:00Z'), year: 1999 }]);
  const parts = { [`idb://${db.name}/vehicle_listings/`]: new RangeSet().addKey(id(32)) };
  Dexie.on.storagemutated.fire(structuredClone(parts));
  const after = await orders();
  expect(after.keys).toEqual(await fresh());
  expect(indexStats(db).reads).toBe(stats.reads);
});

// The order patch copies runs between the changed positions; this pins it against sorting from
// scratch, for any mix of inserts, key moves (onto ties too), rows leaving the index and deletes.
it('patches an order exactly as sorting it again would (inserts, moves, ties, rows leaving it, deletes)', () => {
  const pk = (n: number) => `k${String(n).padStart(4, '0')}`;
  /** IndexedDB's order: by key, ties by primary key; rows without a key are left out. */
  const sorted = (keyById: Map<number, IndexKey | undefined>, pks: readonly string[]): IndexOrder => {
    const ids = [...keyById.entries()]
      .filter((e): e is [number, IndexKey] => e[1] !== undefined)
      .sort(([a, x], [b, y]) => (x < y ? -1 : x > y ? 1 : pks[a] < pks[b] ? -1 : pks[a] > pks[b] ? 1 : 0))
      .map(([id]) => id);
    return orderFromIds(Int32Array.from(ids), (id: number) => keyById.get(id));
  };
  const key = fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }); // few keys: many ties
  fc.assert(
    fc.property(
      fc.array(key, { minLength: 0, maxLength: 40 }),
      fc.array(fc.record({ target: fc.nat(), key, gone: fc.boolean(), fresh: fc.boolean() }), { maxLength: 8 }),
      fc.integer({ min: 1, max: 6 }),
      (initial, changes, chunk) => {
        // Small chunks: changes land in several, at their edges, empty some and grow others past a split.
        orderChunk.size = chunk;
        // Ids numbered in primary-key order, as a full read numbers them; new rows get any primary key.
        const pks = initial.map((_, i) => pk(i * 10));
        const keyById = new Map<number, IndexKey | undefined>(initial.map((k, i) => [i, k]));
        const before = sorted(new Map(keyById), pks); // the keys before the changes (the map changes below)
        const isChanged = new Uint8Array(pks.length + changes.length);
        const present = new Map<number, IndexRow>();
        changes.forEach((c, j) => {
          let id = c.target % (pks.length + 1);
          if (c.fresh || id === pks.length) {
            id = pks.length;
            pks.push(`${pk(((c.target * 7) % 41) * 10 + 5)}-${j}`); // unique, sorts anywhere among the others
          }
          isChanged[id] = 1;
          if (c.gone) {
            keyById.delete(id);
            present.delete(id);
          } else {
            keyById.set(id, c.key);
            present.set(id, { id: pks[id], price: c.key });
          }
        });
        const after = patchOrder(
          before,
          'price',
          [...isChanged.keys()].filter((i) => isChanged[i] === 1),
          [...present].map(([id, row]) => ({ id, row })),
          pks,
          (id) => keyById.get(id),
        );
        const expected = sorted(keyById, pks);
        expect([...idsOf(after)]).toEqual([...idsOf(expected)]);
        expect([...idsOf(after)].map(after.key)).toEqual([...idsOf(expected)].map(expected.key));
      },
    ),
    { numRuns: 500 },
  );
  orderChunk.size = 1024;
});

it('reads a table larger than one chunk, and patches more rows than one chunk, in IndexedDB order', async () => {
  const big = createDatabase(`listing-index-big-${Date.now()}`);
  // The listings each get-by-keys asks for: a patch reads the named rows a few at a time (PATCH_READ_CHUNK),
  // so that no task makes hundreds of IndexedDB requests.
  const gets: number[] = [];
  big.use({
    stack: 'dbcore',
    name: 'count-gets',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'vehicle_listings') return table;
        return {
          ...table,
          getMany: (req) => {
            gets.push(req.keys.length);
            return table.getMany(req);
          },
        };
      },
    }),
  });
  try {
    const n = 2 * READ_CHUNK + 7;
    await big.vehicle_listings.bulkPut(
      Array.from({ length: n }, (_, i) => listing(i, 5_000 + (i % 13) * 100, '2026-01-01T00:00:00Z')) as never,
    );
    const read = async () =>
      big.transaction('r', catalogueTables(big), async (tx) => {
        const t = bindCatalogue(big, tx);
        const snap = await snapshotFor(t, await readStamp(t));
        const keys: Record<string, string[]> = {};
        for (const index of INDEXES)
          keys[index] = idsInRange(snap, { index }).flatMap((part) => [...part].map((i) => snap.pks[i]));
        return { snap, keys };
      });
    const expected = () => jsOrders(big);
    const first = await read();
    expect(first.snap.size).toBe(n);
    expect(first.keys).toEqual(await expected());
    // More changed rows than one chunk, each moved in the price and mileage orders, announced key by key.
    const moved = Array.from({ length: READ_CHUNK + 3 }, (_, i) => ({
      ...listing(i * 2, 1_000 + i, '2026-02-01T00:00:00Z'),
      mileage: 7,
    }));
    await putPulledRaw(big, 'vehicle_listings', moved);
    const keys = new RangeSet();
    for (const row of moved) keys.addKey(row.id);
    Dexie.on.storagemutated.fire({ [`idb://${big.name}/vehicle_listings/`]: keys });
    const stats = indexStats(big);
    gets.length = 0;
    const after = await read();
    expect(after.keys).toEqual(await expected());
    expect(indexStats(big).patches).toBe(stats.patches + 1);
    expect(gets.reduce((a, b) => a + b, 0)).toBe(moved.length);
    expect(Math.max(...gets)).toBeLessThanOrEqual(PATCH_READ_CHUNK);
  } finally {
    await big.delete();
  }
});

it("carries each listing's dealer number to a patched state, renumbering only the rows changed since", async () => {
  const snapOnly = async () =>
    db.transaction('r', catalogueTables(db), async (tx) => {
      const t = bindCatalogue(db, tx);
      return snapshotFor(t, await readStamp(t));
    });
  const check = async (snap: IndexSnapshot) => {
    const { dealers, of } = dealerNumbers(snap);
    for (const row of await db.vehicle_listings.toArray())
      expect(dealers[of[snap.idOf.get(row.id) as number]]).toBe(row.dealer_id);
    return of;
  };
  const before = await snapOnly();
  await check(before);
  expect(await db.vehicle_listings.update(id(35), { dealer_id: 'd-moved' })).toBe(1);
  await db.vehicle_listings.put({ ...listing(410, 7_000, '2026-08-01T00:00:00Z'), dealer_id: 'd-new' } as never);
  expect(await db.vehicle_listings.get(id(36))).toBeDefined();
  await db.vehicle_listings.delete(id(36));
  const after = await snapOnly();
  expect(after.pks).toBe(before.pks);
  // The rows written, and any the look-back re-read (rows stamped within a second of the newest).
  expect(changedBetween(before, after)).toEqual(
    expect.arrayContaining([id(35), id(410), id(36)].map((k) => after.idOf.get(k))),
  );
  // Carried, renumbered for the changed rows: the patched state's dealer order was not built (the numbers
  // used to be cut from every listing's place in it, on every change).
  const carried = await check(after);
  expect(after.orders.has('dealer_id')).toBe(false);
  // Carried in place while no new row outgrows the array.
  await db.vehicle_listings.update(id(37), { dealer_id: 'd-moved' });
  const later = await snapOnly();
  expect(await check(later)).toBe(carried);
  expect(changedBetween(after, before)).toBeUndefined(); // not patched from the later state
});

it('a patch copies only the chunks of the order its rows leave or enter, whatever the order size', () => {
  const n = 50_000;
  const pks = Array.from({ length: n + 1 }, (_, i) => `k${String(i).padStart(6, '0')}`);
  const keys = new Map<number, IndexKey | undefined>(Array.from({ length: n }, (_, i) => [i, Math.floor(i / 3)]));
  const before = orderFromIds(
    Int32Array.from({ length: n }, (_, i) => i),
    (id) => keys.get(id),
  );
  // A price cut (row 40,000 moves near the start), a new row at the end and a delete in the middle.
  const after = new Map(keys);
  after.set(40_000, 5);
  after.set(n, 1e9);
  after.delete(25_000);
  const patched = patchOrder(
    before,
    'price',
    [40_000, n, 25_000],
    [
      { id: 40_000, row: { id: pks[40_000], price: 5 } },
      { id: n, row: { id: pks[n], price: 1e9 } },
    ],
    pks,
    (id) => after.get(id),
  );
  const shared = new Set(before.chunks);
  const copied = patched.chunks.filter((c) => !shared.has(c)).reduce((sum, c) => sum + c.length, 0);
  expect(copied).toBeGreaterThan(0);
  expect(copied).toBeLessThanOrEqual(3 * 2 * orderChunk.size); // before: every id, a new 200 KB array a change
  const ids = [...idsOf(patched)];
  expect(ids.length).toBe(n);
  expect(ids[ids.length - 1]).toBe(n);
  expect(ids.indexOf(40_000)).toBe(18); // after ids 15-17, the other rows keyed 5
  expect(ids.includes(25_000)).toBe(false);
  for (let i = 1; i < ids.length; i++) {
    const [a, b] = [after.get(ids[i - 1]) as number, after.get(ids[i]) as number];
    expect(a < b || (a === b && pks[ids[i - 1]] < pks[ids[i]])).toBe(true);
  }
});
