import { afterEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createRow, createSyncStore, setSessionUser } from '@/data/sync-queue';
import { priceAlertDraft } from '@/data/testing/fixtures';
import { SyncEngine } from './engine';
import { foregroundGate, MAX_HOLD_MS, QUIET_MS } from './foreground';
import { FakeClock, FakeServer } from './testing/fake-server';

const USER = '11111111-1111-4111-8111-111111111111';
let n = 0;
let engine: SyncEngine | null = null;
let db: MotorlyDb | null = null;

afterEach(async () => {
  engine?.stop();
  await db?.delete();
});

/** Set when the engine, since the clock last fired a timer, has set one: it is waiting on the fake clock. */
let parked: { on: boolean; wake: () => void } = { on: false, wake: () => undefined };

/**
 * Lets the engine's IndexedDB and promise work run until it waits on the fake clock (a hold's step) or has
 * nothing to do. A fixed 30 ms of real time was too little on a loaded machine (the first pull not yet asked).
 */
const flush = async () => {
  const waiting = new Promise<void>((resolve) => (parked.on ? resolve() : (parked.wake = resolve)));
  await Promise.race([waiting, engine?.whenIdle(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  // The microtasks after the engine's last step (a status update, a write's commit).
  await new Promise((resolve) => setTimeout(resolve, 5));
};

/** A fake clock that marks the engine parked when a timer is set, and not parked when it fires one. */
function parkingClock(): FakeClock {
  const clock = new FakeClock();
  parked = { on: false, wake: () => undefined };
  const set = clock.setTimeout;
  clock.setTimeout = (cb, ms) => {
    parked.on = true;
    parked.wake();
    return set(() => {
      parked.on = false;
      cb();
    }, ms);
  };
  return clock;
}

/**
 * An engine (user table price_alerts, catalogue table brands) started just after a search was asked: its clock,
 * gate, start time and the tables it pulled, with when.
 */
async function startWhileSearching(online = { value: true }) {
  const clock = parkingClock();
  const gate = foregroundGate(clock);
  gate.note();
  const t0 = clock.now();
  db = new MotorlyDb(`foreground-test-${++n}`);
  await setSessionUser(db, USER);
  const server = new FakeServer();
  server.upsertRow('brands', { id: '00000000-0000-4000-8000-000000000001' });
  const transport = server.transport();
  const pulled: { table: string; at: number }[] = [];
  const pullPage = transport.pullPage.bind(transport);
  transport.pullPage = (table, after, limit) => {
    pulled.push({ table, at: clock.now() });
    return pullPage(table, after, limit);
  };
  engine = new SyncEngine({
    store: createSyncStore(db),
    transport,
    clock,
    isOnline: () => online.value,
    onEvent: () => undefined,
    catalogueTables: ['brands'],
    userTables: ['price_alerts'],
    foreground: gate,
  });
  engine.start();
  await clock.advance(0, flush);
  return { clock, gate, t0, server, pulled };
}

describe('foregroundGate', () => {
  it('holds until the searches pause for QUIET_MS, and a pull for MAX_HOLD_MS at most', () => {
    const clock = new FakeClock();
    const gate = foregroundGate(clock);
    const since = clock.now();
    expect(gate.holdFor(since)).toBe(0);
    gate.note();
    expect(gate.holdFor(since)).toBe(QUIET_MS);
    void clock.advance(QUIET_MS - 500);
    expect(gate.holdFor(since)).toBe(500);
    void clock.advance(MAX_HOLD_MS);
    gate.note();
    expect(gate.holdFor(since)).toBe(0);
  });

  it('a search noted late (the page telling a new worker) holds from when it was asked, never from the future', () => {
    const clock = new FakeClock();
    const gate = foregroundGate(clock);
    const since = clock.now();
    gate.note(clock.now() - 1_500);
    expect(gate.holdFor(since)).toBe(QUIET_MS - 1_500);
    // An older note does not shorten the hold a newer one set.
    gate.note(clock.now() - 1_900);
    expect(gate.holdFor(since)).toBe(QUIET_MS - 1_500);
    // A clock ahead of this one's counts as now.
    gate.note(clock.now() + 60_000);
    expect(gate.holdFor(since)).toBe(QUIET_MS);
  });
});

describe('the catalogue download gives way to searches', () => {
  it("pulls the user's own tables at once and the catalogue once the searches pause", async () => {
    const { clock, gate, t0, pulled } = await startWhileSearching();
    expect(pulled.map((p) => p.table)).toEqual(['price_alerts']);
    await clock.advance(1_000, flush);
    gate.note(); // another search, a second in
    await clock.advance(1_750, flush);
    expect(pulled.map((p) => p.table)).toEqual(['price_alerts']);
    await clock.advance(500, flush);
    expect(pulled.map((p) => p.table)).toEqual(['price_alerts', 'brands']);
    expect(pulled[1].at - t0).toBeGreaterThanOrEqual(1_000 + QUIET_MS);
  });

  it('a shopper searching without pause still gets the catalogue after MAX_HOLD_MS', async () => {
    const { clock, gate, t0, pulled } = await startWhileSearching();
    for (let t = 0; t < MAX_HOLD_MS + 2_000; t += 1_000) {
      gate.note();
      await clock.advance(1_000, flush);
    }
    const brands = pulled.find((p) => p.table === 'brands');
    expect(brands).toBeDefined();
    expect(brands!.at - t0).toBeGreaterThanOrEqual(MAX_HOLD_MS);
    expect(brands!.at - t0).toBeLessThan(MAX_HOLD_MS + 1_000);
  });

  it('going offline during the hold ends it: the catalogue waits for the reconnect, not pulled offline', async () => {
    const online = { value: true };
    const { clock, pulled } = await startWhileSearching(online);
    online.value = false;
    await clock.advance(QUIET_MS + 500, flush);
    expect(pulled.map((p) => p.table)).toEqual(['price_alerts']);
    expect(engine!.getStatus().phase).toBe('offline');
  });

  it('a write made while the download is held goes up within the hold, not after it', async () => {
    const { clock, server } = await startWhileSearching();
    await createRow(db!, 'price_alerts', priceAlertDraft());
    engine!.kick();
    await clock.advance(300, flush);
    expect(server.table('price_alerts').size).toBe(1);
    expect(server.table('brands').size).toBe(1);
  });
});
