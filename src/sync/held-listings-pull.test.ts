// The scoped listing pull (issue 32): the engine pulls the listings the device pins, by id in chunks of
// 100, and the offline pack's area by outcode, never the whole vehicle_listings table.
import { afterEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createRow, createSyncStore, setSessionUser } from '@/data/sync-queue';
import { dexieListingScope, packListingIds, packMeta, recordListingOpened } from '@/data/offline-pack';
import { SyncEngine } from './engine';
import { FakeClock, FakeServer, type FakeTransport } from './testing/fake-server';

const USER = '11111111-1111-4111-8111-111111111111';
const listingId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** Manchester (M1) and a point 60 miles away. */
const M1 = { lat: 53.4794, lng: -2.2453 };
const FAR = { lat: 54.3, lng: -2.2453 };

let n = 0;
let engine: SyncEngine | null = null;

afterEach(() => engine?.stop());

async function setup(listings = 50) {
  const db = new MotorlyDb(`held-pull-${++n}`);
  await setSessionUser(db, USER);
  const server = new FakeServer();
  for (let i = 0; i < listings; i++)
    server.upsertRow('vehicle_listings', {
      id: listingId(i),
      price: 1000 + i,
      outcode: 'LS1',
      ...FAR,
      status: 'active',
    });
  const transport: FakeTransport = server.transport();
  engine = new SyncEngine({
    store: createSyncStore(db),
    transport,
    clock: new FakeClock(),
    isOnline: () => true,
    catalogueTables: ['vehicle_listings'],
    userTables: ['bookmarks'],
    overlapMs: 0,
    scope: dexieListingScope(db),
  });
  const pull = async () => {
    await engine!.trigger('all');
    await engine!.whenIdle();
  };
  return { db, server, transport, pull };
}

describe('scoped listing pull', () => {
  it("holds a dealer member's whole stock (the hub's), caught up on its own cursor", async () => {
    const DEALER = '22222222-2222-4222-8222-222222222222';
    const { db, server, pull } = await setup(10);
    for (const i of [20, 21, 22])
      server.upsertRow('vehicle_listings', { id: listingId(i), dealer_id: DEALER, price: 9000, status: 'active' });
    await db.dealer_members.put({
      id: crypto.randomUUID(),
      dealer_id: DEALER,
      user_id: USER,
      role: 'owner',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    } as never);
    await pull();
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual([20, 21, 22].map(listingId));
    // A car the dealer lists elsewhere arrives with the next catch-up; other dealers' cars still do not.
    server.upsertRow('vehicle_listings', { id: listingId(23), dealer_id: DEALER, price: 9100, status: 'active' });
    await pull();
    expect(await db.vehicle_listings.get(listingId(23))).toBeDefined();
    expect(await db.vehicle_listings.count()).toBe(4);
  });

  it('holds only the listings the user pinned, asked for by id', async () => {
    const { db, server, transport, pull } = await setup();
    server.upsertRow('bookmarks', { id: crypto.randomUUID(), user_id: USER, vehicle_listing_id: listingId(3) });
    await recordListingOpened(db, listingId(7));
    await pull();
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual([listingId(3), listingId(7)]);
    const asked = transport.byIdCalls.filter((c) => c.table === 'vehicle_listings');
    expect(asked.flatMap((c) => c.ids).sort()).toEqual([listingId(3), listingId(7)]);
    expect(asked.every((c) => c.since === null)).toBe(true);
  });

  it('asks for at most 100 ids a request, and after that only for changes', async () => {
    const { db, server, transport, pull } = await setup(250);
    for (let i = 0; i < 250; i++) await recordListingOpened(db, listingId(i), i);
    await pull();
    // Only the last 200 opened stay pinned.
    expect(await db.vehicle_listings.count()).toBe(200);
    const first = transport.byIdCalls.splice(0);
    expect(first.map((c) => c.ids.length)).toEqual([100, 100]);

    server.upsertRow('vehicle_listings', { id: listingId(120), price: 1 });
    await pull();
    const again = transport.byIdCalls.splice(0);
    expect(again).toHaveLength(2);
    expect(again.every((c) => c.since !== null)).toBe(true);
    expect((await db.vehicle_listings.get(listingId(120)))?.price).toBe(1);
  });

  it('pulls a newly pinned listing whole even when a search window already brought it', async () => {
    const { db, server, transport, pull } = await setup();
    await recordListingOpened(db, listingId(1));
    await pull();
    // A window wrote listing 2 earlier; it changed on the server before it was bookmarked.
    await createSyncStore(db).applyPulled('vehicle_listings', [
      { id: listingId(2), price: 5, updated_at: '2020-01-01T00:00:00.000000Z' },
    ]);
    server.upsertRow('vehicle_listings', { id: listingId(2), price: 2222 });
    await createRow(db, 'bookmarks', { vehicle_listing_id: listingId(2), car_model_id: null, note: '' });
    transport.byIdCalls.splice(0);
    await pull();
    const whole = transport.byIdCalls.find((c) => c.ids.includes(listingId(2)));
    expect(whole?.since).toBeNull();
    expect((await db.vehicle_listings.get(listingId(2)))?.price).toBe(2222);
  });

  it("follows the offline pack's area: a new car within the radius joins the pack, others stay away", async () => {
    const { db, server, pull } = await setup(5);
    await pull();
    const cursor = { updated_at: server.nextTimestamp(), id: listingId(0) };
    await packMeta(db).put({
      id: 'current',
      postcode: 'M1 1AE',
      radius: 10,
      status: 'ready',
      done: 0,
      total: 0,
      outcodes: ['M1', 'M2'],
      started_at: 0,
      finished_at: 0,
      error: null,
      cursor,
    });
    server.upsertRow('vehicle_listings', { id: listingId(100), outcode: 'M1', ...M1, status: 'active', price: 1 });
    server.upsertRow('vehicle_listings', { id: listingId(101), outcode: 'M2', ...FAR, status: 'active', price: 1 });
    server.upsertRow('vehicle_listings', { id: listingId(102), outcode: 'M1', ...M1, status: 'sold', price: 1 });
    server.upsertRow('vehicle_listings', { id: listingId(103), outcode: 'LS1', ...M1, status: 'active', price: 1 });
    await pull();
    expect(await db.vehicle_listings.toCollection().primaryKeys()).toEqual([listingId(100)]);
    expect([...(await packListingIds(db))]).toEqual([listingId(100)]);
    expect((await packMeta(db).get('current'))?.cursor?.id).toBe(listingId(102));
  });
});
