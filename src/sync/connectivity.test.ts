// The tech demo's "simulate offline" switch: while on, the engine sends nothing and writes queue
// (no try spent); switched back, the queue drains and nothing is lost. A real network change while
// simulating does not bring the app back online.
import { describe, expect, it } from 'vitest';
import { toggleBookmark } from '@/data/bookmarks';
import { MotorlyDb } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import { Connectivity, followBrowserNetwork } from './connectivity';
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

describe("followBrowserNetwork (a leader keeps to the browser's own connection)", () => {
  const setUp = (told: boolean) => {
    const connectivity = new Connectivity(told);
    const scope = new EventTarget();
    let browser = told;
    const applied: boolean[] = [];
    const stop = followBrowserNetwork(
      connectivity,
      scope,
      () => browser,
      (online) => {
        applied.push(online);
        connectivity.setNetwork(online);
      },
    );
    const change = (online: boolean) => {
      browser = online;
      scope.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    return { connectivity, applied, stop, change };
  };

  it("applies a reconnect that happened before it listened (the page's command went unheard)", () => {
    const connectivity = new Connectivity(false);
    const applied: boolean[] = [];
    followBrowserNetwork(
      connectivity,
      new EventTarget(),
      () => true,
      (online) => applied.push(online),
    );
    expect(applied).toEqual([true]);
  });

  it('applies nothing when the browser agrees with what it was told', () => {
    expect(setUp(true).applied).toEqual([]);
    expect(setUp(false).applied).toEqual([]);
  });

  it("follows the scope's own online and offline events, once per change, until stopped", () => {
    const { applied, stop, change, connectivity } = setUp(false);
    change(true);
    change(true); // a repeated event changes nothing
    change(false);
    expect(applied).toEqual([true, false]);
    stop();
    change(true);
    expect(applied).toEqual([true, false]);
    expect(connectivity.networkOnline).toBe(false);
  });

  it('keeps the simulated-offline switch: the network comes back, the app stays offline', () => {
    const { connectivity, change } = setUp(false);
    connectivity.setSimulatedOffline(true);
    change(true);
    expect(connectivity.networkOnline).toBe(true);
    expect(connectivity.isOnline()).toBe(false);
  });
});
