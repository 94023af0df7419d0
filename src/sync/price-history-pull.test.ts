// Price history follows the held listings (issue 32): the engine pulls listing_price_history for the listings
// the device holds, by listing id, never the whole table, pulls a held listing's history again when its row
// changed, and drops the history of listings that left the device.
import { afterEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createRow, createSyncStore, setSessionUser } from '@/data/sync-queue';
import { dexieListingScope, recentListings, recordListingOpened } from '@/data/offline-pack';
import { SyncEngine } from './engine';
import { FakeClock, FakeServer } from './testing/fake-server';
import { HISTORY, historyId, listingId, recordHistoryPages, seedListingsWithHistory } from './testing/held-history';

const USER = '11111111-1111-4111-8111-111111111111';

let n = 0;
let engine: SyncEngine | null = null;
afterEach(() => engine?.stop());

async function setup(listings = 30) {
  const db = new MotorlyDb(`history-pull-${++n}`);
  await setSessionUser(db, USER);
  const server = new FakeServer();
  seedListingsWithHistory(server, listings);
  const transport = server.transport();
  /** Every page request for price history, with its condition. */
  const historyPages = recordHistoryPages(transport);
  engine = new SyncEngine({
    store: createSyncStore(db),
    transport,
    clock: new FakeClock(),
    isOnline: () => true,
    catalogueTables: ['vehicle_listings', HISTORY],
    userTables: ['bookmarks'],
    overlapMs: 0,
    scope: dexieListingScope(db),
  });
  const pull = async () => {
    await engine!.trigger('all');
    await engine!.whenIdle();
  };
  /** The listings whose history the device has, sorted. */
  const historyListings = async () =>
    [...new Set((await db.listing_price_history.toArray()).map((h) => h.vehicle_listing_id))].sort();
  return { db, server, historyPages, pull, historyListings };
}

describe('price history follows the held listings', () => {
  it('pulls the history of the held listings only, asked for by listing id', async () => {
    const { db, historyPages, pull, historyListings } = await setup();
    await createRow(db, 'bookmarks', { vehicle_listing_id: listingId(3), car_model_id: null, note: '' });
    await recordListingOpened(db, listingId(7));
    await pull();
    expect(await historyListings()).toEqual([listingId(3), listingId(7)]);
    expect(await db.listing_price_history.count()).toBe(2);
    // Never the whole table: every request names the listings.
    expect(historyPages.length).toBeGreaterThan(0);
    expect(historyPages.every((p) => p.where?.column === 'vehicle_listing_id')).toBe(true);
    expect(historyPages.flatMap((p) => p.where!.values).sort()).toEqual([listingId(3), listingId(7)]);

    // Nothing changed: the next catch-up asks for no history at all.
    historyPages.splice(0);
    await pull();
    expect(historyPages).toEqual([]);
  });

  it("pulls a held listing's history again when its price changed, and only that listing's", async () => {
    const { db, server, historyPages, pull } = await setup();
    await recordListingOpened(db, listingId(3));
    await recordListingOpened(db, listingId(7));
    await pull();
    historyPages.splice(0);
    // A price drop: the listing and its new history row change together (the listing trigger).
    server.upsertRow('vehicle_listings', { id: listingId(3), price: 900 });
    server.upsertRow(HISTORY, {
      id: historyId(3, 1),
      vehicle_listing_id: listingId(3),
      price: 900,
      changed_at: '2026-11-20T00:00:00Z',
    });
    // The merge of two prices at one instant replaced a row's id: the old id is gone from the server.
    const merged = server.table(HISTORY).get(historyId(3, 0))!;
    server.table(HISTORY).delete(historyId(3, 0));
    server.upsertRow(HISTORY, { ...merged, id: historyId(3, 2) });
    await pull();
    expect(historyPages.flatMap((p) => p.where!.values)).toEqual([listingId(3)]);
    const history = await db.listing_price_history.where('vehicle_listing_id').equals(listingId(3)).toArray();
    expect(history.map((h) => [h.id, h.price]).sort()).toEqual(
      [
        [historyId(3, 1), 900],
        [historyId(3, 2), 1003],
      ].sort(),
    );
  });

  it('gets the history of a listing a search window brought, and drops that of listings that left', async () => {
    const { db, pull, historyListings } = await setup();
    await recordListingOpened(db, listingId(7));
    await pull();
    // The query engine stored a window's listing (from search_listings, without its history).
    await createSyncStore(db).applyPulled('vehicle_listings', [
      { id: listingId(12), price: 1012, updated_at: '2026-11-02T00:00:00.000000Z' },
    ]);
    await pull();
    expect(await historyListings()).toEqual([listingId(7), listingId(12)]);
    // The window was evicted (its listing deleted) and the opened listing fell out of the recent 200.
    await db.vehicle_listings.delete(listingId(12));
    await recentListings(db).clear();
    await db.vehicle_listings.delete(listingId(7));
    await pull();
    expect(await historyListings()).toEqual([]);
  });

  it('without a history scope (engine tests of the page chain), pulls the table like any other', async () => {
    const { db, server } = await setup(5);
    const plain = new SyncEngine({
      store: createSyncStore(db),
      transport: server.transport(),
      clock: new FakeClock(),
      isOnline: () => true,
      catalogueTables: [HISTORY],
      userTables: [],
      overlapMs: 0,
    });
    await plain.trigger('all');
    await plain.whenIdle();
    plain.stop();
    expect(await db.listing_price_history.count()).toBe(5);
  });
});
