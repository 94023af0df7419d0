// The tech demo's "simulate offline" switch: while on, the engine sends nothing and writes queue
// (no try spent); switched back, the queue drains and nothing is lost. A real network change while
// simulating does not bring the app back online.
import { describe, expect, it } from 'vitest';
import { MotorlyDb, createSyncStore, toggleBookmark } from '@/data';
import { Connectivity } from './connectivity';
import { SyncEngine } from './engine';
import { FakeClock, FakeServer } from './testing/fake-server';
import { withTestDb } from '@/data/testing/test-db';

const USER = '11111111-1111-4111-8111-111111111111';
let db: MotorlyDb;

withTestDb('connectivity-test', (d) => (db = d), USER);

describe('Connectivity', () => {
  it('is online only when the network is up and the simulation is off', () => {
    const c = new Connectivity(true);
    expect(c.isOnline()).toBe(true);
    expect(c.setSimulatedOffline(true)).toBe(false);
    expect(c.setNetwork(true)).toBe(false);
    expect(c.setSimulatedOffline(false)).toBe(true);
    expect(c.setNetwork(false)).toBe(false);
  });

  it('queues writes while simulated offline and drains them when switched back', async () => {
    const server = new FakeServer();
    const clock = new FakeClock();
    const sent: number[] = [];
    const connectivity = new Connectivity(true);
    const engine = new SyncEngine({
      store: createSyncStore(db),
      transport: server.transport({ onApply: (ops) => sent.push(ops.length) }),
      clock,
      isOnline: () => connectivity.isOnline(),
      catalogueTables: [],
      userTables: [],
    });
    engine.start();
    await engine.whenIdle();

    await engine.setOnline(connectivity.setSimulatedOffline(true));
    await toggleBookmark(db, { listingId: 'listing-1' });
    await toggleBookmark(db, { listingId: 'listing-2' });
    await engine.trigger();
    await engine.whenIdle();
    // The browser says "online" meanwhile: still simulated offline.
    await engine.setOnline(connectivity.setNetwork(true));
    await engine.whenIdle();
    expect(sent).toEqual([]);
    expect(engine.getStatus().phase).toBe('offline');
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(2);
    expect(queued.every((op) => op.retries === 0)).toBe(true);

    await engine.setOnline(connectivity.setSimulatedOffline(false));
    await engine.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    expect([...server.table('bookmarks').values()].map((r) => r.vehicle_listing_id).sort()).toEqual([
      'listing-1',
      'listing-2',
    ]);
    engine.stop();
  });
});
