// Price history, live (issue 32): a realtime price change on a held listing brings its new history row at
// once, without waiting for a sync cycle, and a storm of changes is fetched in a few batched requests.
import { afterEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createSyncStore, setSessionUser } from '@/data/sync-queue';
import { dexieListingScope, recordListingOpened, setComparedListings } from '@/data/offline-pack';
import type { SyncErrorEvent } from './sync-errors';
import { SyncEngine } from './engine';
import { LivePriceHistory } from './live-price-history';
import { changeApplier } from './realtime';
import { FakeClock, FakeServer } from './testing/fake-server';
import { HISTORY, historyId, listingId, seedListingsWithHistory } from './testing/held-history';
import type { ColumnIn, Row } from './transport';

const USER = '11111111-1111-4111-8111-111111111111';

let n = 0;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

async function setup(listings: number) {
  const db = new MotorlyDb(`live-history-${++n}`);
  await setSessionUser(db, USER);
  const server = new FakeServer();
  seedListingsWithHistory(server, listings);
  const transport = server.transport();
  /** The conditions of the history requests. */
  const historyRequests: ColumnIn[] = [];
  const pullPage = transport.pullPage.bind(transport);
  transport.pullPage = (table, after, limit, where) => {
    if (table === HISTORY && where) historyRequests.push(where);
    return pullPage(table, after, limit, where);
  };
  const store = createSyncStore(db);
  const scope = dexieListingScope(db);
  const engine = new SyncEngine({
    store,
    transport,
    clock: new FakeClock(),
    isOnline: () => true,
    catalogueTables: ['vehicle_listings', HISTORY],
    userTables: ['bookmarks'],
    overlapMs: 0,
    scope,
  });
  const errors: SyncErrorEvent[] = [];
  let failedApplies = 0;
  const live = new LivePriceHistory({ transport, store, history: scope, onError: () => failedApplies++ });
  const apply = changeApplier({ store, livePrices: live, onError: (e) => errors.push(e) });
  cleanup.push(
    () => live.close(),
    () => engine.stop(),
    async () => {
      db.close();
      await db.delete();
    },
  );
  const pull = async () => {
    await engine.trigger('all');
    await engine.whenIdle();
  };
  /** The server changes a listing's price: the listing and its new history row, as its trigger does. */
  const reprice = (i: number, price: number): Row => {
    const row = server.upsertRow('vehicle_listings', { id: listingId(i), price });
    server.upsertRow(HISTORY, {
      id: historyId(i, 1),
      vehicle_listing_id: listingId(i),
      price,
      changed_at: '2026-11-20T00:00:00Z',
    });
    return row;
  };
  /** Realtime delivers the listing's new row. */
  const arrives = (row: Row) =>
    apply('vehicle_listings', { eventType: 'UPDATE', new: row, old: { id: row.id } } as never);
  const prices = async (i: number) =>
    (await db.listing_price_history.where('vehicle_listing_id').equals(listingId(i)).sortBy('changed_at')).map(
      (h) => h.price,
    );
  return {
    db,
    server,
    engine,
    live,
    pull,
    reprice,
    arrives,
    prices,
    historyRequests,
    errors,
    failed: () => failedApplies,
  };
}

describe('price history, live', () => {
  it('a realtime price drop on a compared listing brings its history row with no sync cycle', async () => {
    const t = await setup(3);
    await setComparedListings(t.db, [listingId(1)]);
    await t.pull();
    expect(await t.prices(1)).toEqual([1001]);
    t.historyRequests.splice(0);
    const pulls = t.server.calls.pull;

    await t.arrives(t.reprice(1, 950));
    await t.live.settled();
    expect((await t.db.vehicle_listings.get(listingId(1)))?.price).toBe(950);
    expect(await t.prices(1)).toEqual([1001, 950]);
    // One request, for that listing's history; nothing else was pulled.
    expect(t.historyRequests).toEqual([{ column: 'vehicle_listing_id', values: [listingId(1)] }]);
    expect(t.server.calls.pull - pulls).toBe(1);
    expect(t.errors).toEqual([]);
  });

  it('fetches a storm of 150 price changes in two requests; a change that is not a price costs none', async () => {
    const t = await setup(151);
    for (let i = 0; i <= 150; i++) await recordListingOpened(t.db, listingId(i), i);
    await t.pull();
    t.historyRequests.splice(0);

    const rows = Array.from({ length: 150 }, (_, i) => t.reprice(i, 500 + i));
    const sold = t.server.upsertRow('vehicle_listings', { id: listingId(150), status: 'sold' });
    // Arriving together, as a batch of server updates does: not awaited one by one.
    await Promise.all([...rows, sold].map((row) => t.arrives(row)));
    await t.live.settled();

    expect(t.historyRequests.map((w) => w.values.length)).toEqual([100, 50]);
    expect(t.historyRequests.flatMap((w) => w.values)).not.toContain(listingId(150));
    for (const i of [0, 99, 149]) expect(await t.prices(i)).toEqual([1000 + i, 500 + i]);
    expect(await t.prices(150)).toEqual([1150]);

    // The same events again (a redelivery): the history already shows those prices, so no request.
    t.historyRequests.splice(0);
    await Promise.all(rows.map((row) => t.arrives(row)));
    await t.live.settled();
    expect(t.historyRequests).toEqual([]);
  });

  it('replaces a history row the server merged away (two prices at one instant)', async () => {
    const t = await setup(2);
    await recordListingOpened(t.db, listingId(0));
    await t.pull();
    // The merge gave the listing's one row a new id and the new price.
    const old = t.server.table(HISTORY).get(historyId(0, 0))!;
    t.server.table(HISTORY).delete(historyId(0, 0));
    t.server.upsertRow(HISTORY, { ...old, id: historyId(0, 2), price: 990 });
    await t.arrives(t.server.upsertRow('vehicle_listings', { id: listingId(0), price: 990 }));
    await t.live.settled();
    const history = await t.db.listing_price_history.where('vehicle_listing_id').equals(listingId(0)).toArray();
    expect(history.map((h) => [h.id, h.price])).toEqual([[historyId(0, 2), 990]]);
  });

  it('a fetch that fails is reported and loses nothing: the next catch-up brings the history', async () => {
    const t = await setup(2);
    await recordListingOpened(t.db, listingId(0));
    await t.pull();
    t.server.faults.down = true;
    await t.arrives(t.reprice(0, 800));
    await t.live.settled();
    expect(t.failed()).toBe(1);
    expect(await t.prices(0)).toEqual([1000]);

    t.server.faults.down = false;
    await t.pull();
    expect(await t.prices(0)).toEqual([1000, 800]);
  });
});
