// The reduction map (first price minus current price, by listing) is patched from the price-history
// change log: after price-history writes from this tab (Dexie) and from the sync worker (raw writes,
// keys announced afterwards), it equals a fresh computation from the whole table, the "biggest
// reduction" search equals the scan, and a write read only its rows and their listings' history,
// not the whole table again. A deleted history row (its listing unknown) reads the table whole.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DBCore, DBCoreTable } from 'dexie';
import { createDatabase, type MotorlyDb } from '../db';
import { notifyRowsChanged, putPulledRaw } from '../raw-bulk-write';
import { listingRow } from '../testing/fixtures';
import { emptyListingSearch, reductionMap, reductionStats, scanListings, searchListings } from './listing-search';
import type { ListingRow, PriceHistoryRow } from './types';

const uuid = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LISTINGS = 400;

let db: MotorlyDb;
/** History rows the database has handed back (every read of the table, whole or by key). */
let historyRowsRead = 0;

beforeAll(async () => {
  db = createDatabase(`reduction-map-test-${Date.now()}`);
  db.use({
    stack: 'dbcore',
    name: 'count-history-reads',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name: string): DBCoreTable {
        const t = down.table(name);
        if (name !== 'listing_price_history') return t;
        return {
          ...t,
          getMany: async (req) => {
            const res = await t.getMany(req);
            historyRowsRead += res.length;
            return res;
          },
          query: async (req) => {
            const res = await t.query(req);
            if (req.values) historyRowsRead += res.result.length;
            return res;
          },
          openCursor: (req) => t.openCursor(req),
        };
      },
    }),
  });
  const listings: ListingRow[] = [];
  const history: PriceHistoryRow[] = [];
  for (let i = 0; i < LISTINGS; i++) {
    const id = uuid(4, i);
    const price = 5_000 + ((i * 7919) % 20_000);
    listings.push(
      listingRow({
        id,
        price,
        status: i % 9 === 0 ? 'sold' : 'active',
        listed_at: `2026-0${1 + (i % 9)}-1${i % 10}T10:00:00Z`,
      }),
    );
    history.push({
      id: uuid(5, i * 3),
      vehicle_listing_id: id,
      price: price + (i % 3) * 250,
      changed_at: '2026-01-01',
    });
    if (i % 3) history.push({ id: uuid(5, i * 3 + 1), vehicle_listing_id: id, price, changed_at: '2026-06-01' });
  }
  await db.vehicle_listings.bulkPut(listings);
  await db.listing_price_history.bulkPut(history);
});

afterAll(async () => {
  db.close();
  await db.delete();
});

/** The map computed afresh from every history row (sorted by changed_at; ties keep primary-key order). */
async function expected(): Promise<Map<string, number>> {
  const byListing = new Map<string, PriceHistoryRow[]>();
  for (const h of await db.listing_price_history.toArray())
    byListing.set(h.vehicle_listing_id, [...(byListing.get(h.vehicle_listing_id) ?? []), h]);
  const out = new Map<string, number>();
  for (const [id, hs] of byListing) {
    const first = hs.reduce((a, b) => (b.changed_at < a.changed_at ? b : a));
    const last = hs.reduce((a, b) => (b.changed_at > a.changed_at ? b : a));
    if (first.price - last.price > 0) out.set(id, first.price - last.price);
  }
  return out;
}

const sorted = (m: Map<string, number>) => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));

it('patches the map from price-history writes, equal to a fresh computation, without re-reading the table', async () => {
  const reduction = { ...emptyListingSearch(20), sort: 'reduction' as const };
  await searchListings(db, reduction);
  await reductionMap(db);
  let pending: string[] = [];
  let extra = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          from: fc.constantFrom('tab' as const, 'worker' as const),
          change: fc.constantFrom('cut', 'rise', 'earlier', 'reprice', 'move'),
          n: fc.nat(),
          announce: fc.boolean(),
          page: fc.integer({ min: 1, max: 3 }),
        }),
        { minLength: 3, maxLength: 10 },
      ),
      async (steps) => {
        for (const { from, change, n, announce, page } of steps) {
          const listing = uuid(4, n % LISTINGS);
          const rows = await db.listing_price_history.where('vehicle_listing_id').equals(listing).toArray();
          // A listing whose rows all moved away gets a new first row.
          const h: PriceHistoryRow = rows.length
            ? rows[n % rows.length]
            : { id: uuid(6, extra++), vehicle_listing_id: listing, price: 9_000, changed_at: '2026-02-01' };
          const row: PriceHistoryRow =
            change === 'cut'
              ? {
                  id: uuid(6, extra++),
                  vehicle_listing_id: listing,
                  price: h.price - 100 - (n % 900),
                  changed_at: '2026-09-01',
                }
              : change === 'rise'
                ? { id: uuid(6, extra++), vehicle_listing_id: listing, price: h.price + 300, changed_at: '2026-10-01' }
                : change === 'earlier'
                  ? { id: uuid(6, extra++), vehicle_listing_id: listing, price: h.price + 50, changed_at: '2025-12-01' }
                  : change === 'reprice'
                    ? { ...h, price: h.price + ((n % 5) - 2) * 100 }
                    : { ...h, vehicle_listing_id: uuid(4, (n + 7) % LISTINGS) };
          if (from === 'tab') await db.listing_price_history.put(row);
          else {
            await putPulledRaw(db, 'listing_price_history', [row]);
            pending.push(row.id);
          }
          if (announce) {
            notifyRowsChanged(db, 'listing_price_history', pending);
            pending = [];
          }
          // A raw write not announced yet can leave the map behind (its row count gives it away).
          if (pending.length === 0) expect(sorted(await reductionMap(db))).toEqual(sorted(await expected()));
          const s = { ...reduction, page };
          const [a, b] = await Promise.all([searchListings(db, s), scanListings(db, s)]);
          expect(a.total).toBe(b.total);
          expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
        }
        notifyRowsChanged(db, 'listing_price_history', pending);
        pending = [];
        expect(sorted(await reductionMap(db))).toEqual(sorted(await expected()));
      },
    ),
    { numRuns: 12 },
  );
});

it('reads only the written rows and their listings history for a write, and the table whole after a delete', async () => {
  // A listing the property test above never touches (it writes and moves rows of the first LISTINGS only).
  const listing = uuid(4, LISTINGS);
  await db.vehicle_listings.put(listingRow({ id: listing, price: 1 }));
  await db.listing_price_history.put({
    id: uuid(9, 0),
    vehicle_listing_id: listing,
    price: 20_000,
    changed_at: '2026-01-01',
  });
  await reductionMap(db);
  const before = reductionStats(db);
  const total = await db.listing_price_history.count();
  historyRowsRead = 0;
  await db.listing_price_history.put({
    id: uuid(9, 1),
    vehicle_listing_id: listing,
    price: 1,
    changed_at: '2027-01-01',
  });
  const map = await reductionMap(db);
  // The written row and its listing's history (2 rows), not the table's rows.
  expect(historyRowsRead).toBeLessThan(10);
  expect(map.get(listing)).toBe(19_999);
  expect(sorted(map)).toEqual(sorted(await expected()));
  expect(total).toBeGreaterThan(500);
  expect(reductionStats(db).reads).toBe(before.reads);
  expect(reductionStats(db).patches).toBeGreaterThan(before.patches);

  await db.listing_price_history.delete(uuid(9, 1));
  expect(sorted(await reductionMap(db))).toEqual(sorted(await expected()));
  expect(reductionStats(db).reads).toBe(before.reads + 1);
});
