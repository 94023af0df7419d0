// The indexed search must return exactly what a full scan returns, for any filters and sort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createDatabase, type MotorlyDb } from '../db';
import { listingRow, modelRow } from '../testing/fixtures';
import { cashPriceForMonthly, representativeMonthly } from './listing-costs';
import { notifyRowsChanged, putPulledRaw } from '../raw-bulk-write';
import { listingDerivedSettled } from './listing-derived';
import {
  bindCatalogue,
  catalogueTables,
  dropIndexSnapshot,
  indexStats,
  orderChunk,
  readStamp,
  snapshotFor,
} from './listing-index';
import {
  LISTING_SORTS,
  colourKey,
  emptyListingSearch,
  scanListings,
  searchListings,
  type ListingSearch,
} from './listing-search';
import { priceIndicatorsFor, reductionsFor } from './use-catalogue';
import { priceIndicator } from '@/domain/uk';
import {
  BODY_STYLES,
  FUEL_TYPES,
  type CarModelRow,
  type DealerRow,
  type ListingRow,
  type PriceHistoryRow,
} from './types';

const uuid = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

const COLOURS = ['Red', 'Metallic Blue', 'Grey', 'Polar White', 'Black'];
const OUTCODES: [string, number, number][] = [
  ['LS1', 53.797, -1.548],
  ['M1', 53.478, -2.236],
  ['B1', 52.48, -1.904],
  ['EC1A', 51.519, -0.098],
  ['G1', 55.861, -4.25],
  ['BS1', 51.454, -2.594],
];

let db: MotorlyDb;

beforeAll(async () => {
  // Orders in chunks of a few ids: every range, walk and patch here crosses chunk edges.
  orderChunk.size = 7;
  db = createDatabase(`catalogue-search-test-${Date.now()}`);
  const brands = [0, 1, 2].map((i) => ({
    id: uuid(1, i),
    slug: ['ford', 'kia', 'tesla'][i],
    name: ['Ford', 'Kia', 'Tesla'][i],
    country: '',
    founded: null,
    logo_url: null,
    description: '',
  }));
  const models: CarModelRow[] = [];
  for (let i = 0; i < 12; i++) {
    const fuel = pick(FUEL_TYPES);
    models.push(
      modelRow({
        id: uuid(2, i),
        brand_id: brands[i % 3].id,
        slug: `model-${i}`,
        name: `Model ${i}`,
        body_style: pick(BODY_STYLES),
        fuel_type: fuel,
        price_from: 15_000 + Math.round(rnd() * 50_000),
        model_year: 2026,
        mpg: fuel === 'electric' ? null : 50,
        co2_gkm: fuel === 'electric' ? 0 : 90 + Math.round(rnd() * 100),
        insurance_group: 1 + Math.floor(rnd() * 50),
        ncap_year: 2024,
        seats: pick([2, 4, 5, 7]),
        boot_litres: 400,
        zero_to_62: 8,
        power_bhp: 150,
        engine_cc: 1500,
        gearbox: pick(['manual', 'automatic'] as const),
      }),
    );
  }
  const dealers: DealerRow[] = OUTCODES.map(([outcode, lat, lng], i) => ({
    id: uuid(3, i),
    slug: `d${i}`,
    name: `Dealer ${i}`,
    town: outcode,
    outcode,
    postcode: `${outcode} 1AA`,
    lat,
    lng,
    phone: '',
    email: '',
    rating: 4.5,
    admin_fee: 0,
  }));
  const listings: ListingRow[] = [];
  const history: PriceHistoryRow[] = [];
  for (let i = 0; i < 1500; i++) {
    const m = pick(models);
    const d = pick(dealers);
    const year = 2012 + Math.floor(rnd() * 15);
    const price = Math.round(2_000 + rnd() * 60_000);
    const listed = `2026-${String(1 + Math.floor(rnd() * 10)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 27)).padStart(2, '0')}T10:00:00Z`;
    const id = uuid(4, i);
    listings.push(
      listingRow({
        id,
        dealer_id: d.id,
        car_model_id: m.id,
        brand_id: m.brand_id,
        title: `${year} ${m.name}`,
        price,
        year,
        registration_date: `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-10`,
        mileage: Math.round(rnd() * 120_000),
        colour: pick(COLOURS),
        fuel_type: m.fuel_type,
        body_style: m.body_style,
        gearbox: m.gearbox,
        seats: m.seats,
        engine_cc: 1500,
        co2_gkm: m.co2_gkm,
        insurance_group: m.insurance_group,
        status: rnd() < 0.1 ? 'sold' : rnd() < 0.1 ? 'reserved' : 'active',
        image_seed: i,
        outcode: d.outcode,
        lat: d.lat,
        lng: d.lng,
        listed_at: listed,
      }),
    );
    history.push({
      id: uuid(5, i * 2),
      vehicle_listing_id: id,
      price: rnd() < 0.35 ? price + 500 + Math.round(rnd() * 2000) : price,
      changed_at: listed,
    });
    if (history[history.length - 1].price !== price)
      history.push({ id: uuid(5, i * 2 + 1), vehicle_listing_id: id, price, changed_at: '2026-10-30T10:00:00Z' });
  }
  await db.brands.bulkPut(brands);
  await db.car_models.bulkPut(models);
  await db.dealers.bulkPut(dealers);
  await db.vehicle_listings.bulkPut(listings);
  await db.listing_price_history.bulkPut(history);
});

afterAll(async () => {
  db.close();
  await db.delete();
});

const base: ListingSearch = emptyListingSearch(20);

const searchArb: fc.Arbitrary<ListingSearch> = fc.record({
  postcode: fc.option(fc.constantFrom('LS1 4AP', 'M1', 'SW1A 1AA', 'ZZ9 9ZZ'), { nil: undefined }),
  radius: fc.option(fc.constantFrom(10, 50, 200), { nil: undefined }),
  make: fc.option(fc.constantFrom('ford', 'kia', 'tesla', 'nope'), { nil: undefined }),
  model: fc.option(fc.constantFrom('model-0', 'model-1', 'model-3'), { nil: undefined }),
  priceMode: fc.constantFrom('cash' as const, 'monthly' as const),
  priceMin: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: undefined }),
  priceMax: fc.option(fc.integer({ min: 10_000, max: 70_000 }), { nil: undefined }),
  monthlyMax: fc.option(fc.integer({ min: 100, max: 900 }), { nil: undefined }),
  yearMin: fc.option(fc.integer({ min: 2012, max: 2020 }), { nil: undefined }),
  yearMax: fc.option(fc.integer({ min: 2018, max: 2026 }), { nil: undefined }),
  mileageMax: fc.option(fc.integer({ min: 5_000, max: 100_000 }), { nil: undefined }),
  body: fc.subarray([...BODY_STYLES]),
  fuel: fc.subarray([...FUEL_TYPES]),
  gearbox: fc.option(fc.constantFrom('manual' as const, 'automatic' as const), { nil: undefined }),
  colour: fc.subarray(['red', 'blue', 'grey']),
  seatsMin: fc.option(fc.constantFrom(4, 5, 7), { nil: undefined }),
  taxMax: fc.option(fc.constantFrom(0, 200, 640), { nil: undefined }),
  insuranceMax: fc.option(fc.integer({ min: 5, max: 50 }), { nil: undefined }),
  ulez: fc.boolean(),
  sort: fc.constantFrom(...LISTING_SORTS),
  page: fc.integer({ min: 1, max: 3 }),
  pageSize: fc.constantFrom(5, 20, 100),
});

describe('searchListings', () => {
  it('matches the full scan for random filter + sort combinations', async () => {
    await fc.assert(
      fc.asyncProperty(searchArb, async (s) => {
        const [a, b] = await Promise.all([searchListings(db, s), scanListings(db, s)]);
        expect(a.total).toBe(b.total);
        expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
        expect(a.postcodeError).toBe(b.postcodeError);
      }),
      { numRuns: 60 },
    );
  });

  it('sorts by price and pages through without overlap', async () => {
    const p1 = await searchListings(db, { ...base, sort: 'price-asc', make: 'ford' });
    const p2 = await searchListings(db, { ...base, sort: 'price-asc', make: 'ford', page: 2 });
    const prices = [...p1.rows, ...p2.rows].map((r) => r.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(new Set([...p1.rows, ...p2.rows].map((r) => r.id)).size).toBe(40);
    expect(p1.rows.every((r) => r.brand_id === uuid(1, 0) && r.status !== 'sold')).toBe(true);
  });

  it('filters by radius from a postcode and sorts nearest first', async () => {
    const res = await searchListings(db, { ...base, postcode: 'LS1 4AP', radius: 50, sort: 'distance', pageSize: 100 });
    expect(res.total).toBeGreaterThan(0);
    const miles = res.rows.map((r) => res.dealerMiles[r.dealer_id]);
    expect(miles.every((m) => m <= 50)).toBe(true);
    expect(miles).toEqual([...miles].sort((x, y) => x - y));
  });

  it('reports an unknown postcode in friendly words', async () => {
    const res = await searchListings(db, { ...base, postcode: 'ZZ9 9ZZ' });
    expect(res.postcodeError).toMatch(/postcode/i);
  });

  it('turns a monthly budget into a cash ceiling with the representative example', async () => {
    const cash = cashPriceForMonthly(300);
    expect(representativeMonthly(cash)).toBeLessThanOrEqual(300);
    expect(representativeMonthly(cash + 100)).toBeGreaterThan(300);
    const res = await searchListings(db, { ...base, priceMode: 'monthly', monthlyMax: 300, pageSize: 100 });
    expect(res.rows.every((r) => r.price <= cash)).toBe(true);
  });

  it('sees a change that keeps the count and the newest updated_at (a recolour)', async () => {
    const s: ListingSearch = { ...base, colour: ['red'], sort: 'price-asc', pageSize: 100 };
    const before = await searchListings(db, s);
    const target = (await db.vehicle_listings.toArray()).find(
      (l) => l.status !== 'sold' && colourKey(l.colour) !== 'red',
    );
    if (!target) throw new Error('no listing to recolour');
    await db.vehicle_listings.put({ ...target, colour: 'Red' });
    const after = await searchListings(db, s);
    expect(after.total).toBe(before.total + 1);
    expect(after).toEqual(await scanListings(db, s));
    await db.vehicle_listings.put(target);
  });

  // Runs last: it changes the listings the tests above rely on.
  it('stays equal to the scan while listings change under its cached index orders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.constantFrom('price', 'sold', 'delete', 'add', 'colour', 'model-price'), fc.nat(), searchArb),
          { minLength: 4, maxLength: 8 },
        ),
        async (steps) => {
          for (const [change, n, s] of steps) {
            await searchListings(db, s); // loads the index orders this search uses
            const all = await db.vehicle_listings.toArray();
            const l = all[n % all.length];
            if (change === 'price')
              await db.vehicle_listings.put({
                ...l,
                price: 1_000 + (n % 60_000),
                updated_at: new Date().toISOString(),
              });
            if (change === 'sold')
              await db.vehicle_listings.put({ ...l, status: 'sold', updated_at: new Date().toISOString() });
            if (change === 'delete') await db.vehicle_listings.delete(l.id);
            if (change === 'add')
              await db.vehicle_listings.put({
                ...l,
                id: uuid(6, n),
                mileage: n % 90_000,
                listed_at: '2026-11-01T09:00:00Z',
              });
            // Same updated_at and count: only Dexie's write notification tells the cache.
            if (change === 'colour')
              await db.vehicle_listings.put({ ...l, colour: l.colour === 'Red' ? 'Black' : 'Red' });
            if (change === 'model-price') {
              const m = await db.car_models.get(l.car_model_id);
              if (m) await db.car_models.put({ ...m, price_from: m.price_from + 30_000 });
              await listingDerivedSettled(db); // the middleware re-derives annual tax after the write
            }
            const [a, b] = await Promise.all([searchListings(db, s), scanListings(db, s)]);
            expect(a.total).toBe(b.total);
            expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
          }
        },
      ),
      { numRuns: 15 },
    );
    // A correctness property over fake-indexeddb (about 25 s alone); the machine may be shared.
  }, 180_000);

  // Two contexts write: this tab through Dexie, and the sync worker the way it writes realtime
  // changes (raw IndexedDB, keys announced afterwards). The worker's announcement reaches the tab
  // later (BroadcastChannel), so queries also run while a write is visible but not yet announced.
  it('stays equal to the scan under interleaved live changes from the tab and the sync worker', async () => {
    const patchesBefore = indexStats(db).patches;
    let clock = Date.parse('2026-11-20T00:00:00Z');
    const stamp = () => new Date((clock += 1000)).toISOString();
    let pending: (() => void)[] = [];
    const deliver = () => {
      for (const announce of pending) announce();
      pending = [];
    };
    const rawDelete = (id: string) =>
      new Promise<void>((resolve, reject) => {
        const tx = db.backendDB().transaction('vehicle_listings', 'readwrite');
        tx.objectStore('vehicle_listings').delete(id);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('delete failed'));
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.constantFrom('tab' as const, 'worker' as const),
            change: fc.constantFrom('price', 'sold', 'delete', 'add', 'colour', 'mileage'),
            n: fc.nat(),
            deliver: fc.boolean(),
            search: searchArb,
          }),
          { minLength: 4, maxLength: 10 },
        ),
        async (steps) => {
          for (const { from, change, n, deliver: now, search } of steps) {
            const all = await db.vehicle_listings.toArray();
            const l = all[n % all.length];
            const next: ListingRow | undefined =
              change === 'price'
                ? { ...l, price: 1_000 + (n % 60_000) }
                : change === 'sold'
                  ? { ...l, status: 'sold' }
                  : change === 'add'
                    ? { ...l, id: uuid(7, n % 100_000), listed_at: '2026-11-02T09:00:00Z', price: 500 + (n % 9_000) }
                    : change === 'colour'
                      ? { ...l, colour: l.colour === 'Red' ? 'Black' : 'Red' }
                      : change === 'mileage'
                        ? { ...l, mileage: n % 150_000 }
                        : undefined;
            if (from === 'tab') {
              // The tab's own writes keep or set updated_at as an edit would; Dexie names the keys.
              if (next) await db.vehicle_listings.put(n % 2 ? { ...next, updated_at: stamp() } : next);
              else await db.vehicle_listings.delete(l.id);
            } else {
              // The server stamps every realtime row with a new updated_at.
              if (next) await putPulledRaw(db, 'vehicle_listings', [{ ...next, updated_at: stamp() }]);
              else await rawDelete(l.id);
              pending.push(() => notifyRowsChanged(db, 'vehicle_listings', [(next ?? l).id]));
            }
            if (now) deliver();
            const [a, b] = await Promise.all([searchListings(db, search), scanListings(db, search)]);
            expect(a.total).toBe(b.total);
            expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
          }
          deliver();
          const s = steps[steps.length - 1].search;
          const [a, b] = await Promise.all([searchListings(db, s), scanListings(db, s)]);
          expect(a.total).toBe(b.total);
          expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
        },
      ),
      { numRuns: 25 },
    );
    // The orders were patched, not only re-read (the property holds either way; this pins the path).
    expect(indexStats(db).patches).toBeGreaterThan(patchesBefore);
  }, 180_000);
});

describe('what a whole-table read holds back', () => {
  // A first download writes the price history last, while the open page re-reads the listings it has
  // just been told about: a read transaction over the history held each history page until it ended.
  const historyWriteDuring = async (read: () => Promise<unknown>) => {
    dropIndexSnapshot(db); // the read below reads every listing, a chunk at a time
    const order: string[] = [];
    const reading = read().then(() => order.push('read'));
    // Once the read's transaction is under way (its first chunk is being read).
    await new Promise((r) => setTimeout(r, 0));
    const row = await db.listing_price_history.limit(1).first();
    const writing = db.listing_price_history
      .put({ ...row!, price: row!.price })
      .then(() => order.push('history write'));
    await Promise.all([reading, writing]);
    return order;
  };

  it('a search that does not sort by reduction leaves the price history free to write', async () => {
    expect(await historyWriteDuring(() => searchListings(db, { ...base, sort: 'price-asc' }))).toEqual([
      'history write',
      'read',
    ]);
  });

  it('price indicators leave the price history free to write', async () => {
    const page = (await db.vehicle_listings.limit(20).toArray()).filter((l) => l.status !== 'sold');
    expect(await historyWriteDuring(() => priceIndicatorsFor(db, page, 2026))).toEqual(['history write', 'read']);
  });

  it('a search by reduction still reads the history in its own transaction', async () => {
    const [a, b] = await Promise.all([
      searchListings(db, { ...base, sort: 'reduction' }),
      scanListings(db, { ...base, sort: 'reduction' }),
    ]);
    expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
  });
});

describe('price indicators and reductions for a page of results', () => {
  it('price indicators follow changes to the comparables (read from the patched in-memory indexes)', async () => {
    const all = await db.vehicle_listings.toArray();
    const page = all.filter((l) => l.status !== 'sold').slice(0, 60);
    await priceIndicatorsFor(db, page, 2026); // the orders are in memory from here
    const stats = indexStats(db);
    const same = all.filter((c) => c.car_model_id === page[0].car_model_id && c.id !== page[0].id);
    expect(same.length).toBeGreaterThan(3);
    await db.vehicle_listings.update(same[0].id, { price: same[0].price * 3, mileage: page[0].mileage });
    await db.vehicle_listings.update(same[1].id, { status: 'sold' });
    await db.vehicle_listings.delete(same[2].id);
    await db.vehicle_listings.put({ ...same[3], id: uuid(8, 1), year: page[0].year, mileage: page[0].mileage });
    const now = await db.vehicle_listings.toArray();
    const indicators = await priceIndicatorsFor(db, page, 2026);
    for (const r of page) {
      const comparables = now.filter((c) => c.car_model_id === r.car_model_id && c.status !== 'sold');
      expect(indicators[r.id]).toEqual(priceIndicator(r, comparables, 2026));
    }
    expect(indexStats(db).reads).toBe(stats.reads); // patched, not read again
  });

  it("carry each model's comparables to the next state: a change to another model collects none again", async () => {
    const all = await db.vehicle_listings.toArray();
    const page = all.filter((l) => l.status !== 'sold').slice(0, 10);
    const models = new Set(page.map((r) => r.car_model_id));
    const other = all.find((l) => !models.has(l.car_model_id));
    if (!other) throw new Error('every listing is of a page model');
    // The newest row first (a patch also re-reads the rows stamped within a second of the newest it knows).
    await db.vehicle_listings.update(other.id, { updated_at: '2030-01-01T00:00:00Z' });
    await priceIndicatorsFor(db, page, 2026);
    const stats = indexStats(db);
    await db.vehicle_listings.update(other.id, { price: other.price + 1, updated_at: '2030-01-02T00:00:00Z' });
    const indicators = await priceIndicatorsFor(db, page, 2026);
    const snap = await db.transaction('r', catalogueTables(db, { history: false }), async (tx) => {
      const t = bindCatalogue(db, tx);
      return snapshotFor(t, await readStamp(t));
    });
    // The patched state's model order was never needed: no listing of the page's models was walked again
    // (before, every change collected them all from the new state's car_model_id order).
    expect(indexStats(db)).toMatchObject({ reads: stats.reads, patchedRows: stats.patchedRows + 1 });
    expect(snap.orders.has('car_model_id')).toBe(false);
    const now = await db.vehicle_listings.toArray();
    for (const r of page) {
      const comparables = now.filter((c) => c.car_model_id === r.car_model_id && c.status !== 'sold');
      expect(indicators[r.id]).toEqual(priceIndicator(r, comparables, 2026));
    }
    // A change to a page model's listing is collected again.
    const mine = now.find((l) => l.car_model_id === page[0].car_model_id && l.id !== page[0].id) as ListingRow;
    await db.vehicle_listings.update(mine.id, { price: page[0].price, year: page[0].year, mileage: page[0].mileage });
    const again = await priceIndicatorsFor(db, page, 2026);
    const latest = await db.vehicle_listings.toArray();
    for (const r of page) {
      const comparables = latest.filter((c) => c.car_model_id === r.car_model_id && c.status !== 'sold');
      expect(again[r.id]).toEqual(priceIndicator(r, comparables, 2026));
    }
  });

  it('match a full scan of the tables', async () => {
    const all = await db.vehicle_listings.toArray();
    const page = all.slice(0, 300);
    const history = await db.listing_price_history.toArray();
    const indicators = await priceIndicatorsFor(db, page, 2026);
    for (const r of page) {
      const comparables = all.filter((c) => c.car_model_id === r.car_model_id && c.status !== 'sold');
      expect(indicators[r.id]).toEqual(priceIndicator(r, comparables, 2026));
    }
    const expected: Record<string, number> = {};
    for (const r of page) {
      const hs = history
        .filter((h) => h.vehicle_listing_id === r.id)
        .sort((a, b) => a.changed_at.localeCompare(b.changed_at));
      if (hs.length && hs[0].price - hs[hs.length - 1].price > 0)
        expected[r.id] = hs[0].price - hs[hs.length - 1].price;
    }
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(
      await reductionsFor(
        db,
        page.map((r) => r.id),
      ),
    ).toEqual(expected);
  });
});
