import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { Dexie } from '@/data/dexie-library';
import { recordErrorReport } from '@/data/error-reports';
import {
  createRow,
  createSyncStore,
  deleteRow,
  setSessionUser,
  updateRow,
  discardParkedOp,
  type SyncStore,
} from '@/data/sync-queue';
import { priceAlertDraft } from '@/data/testing/fixtures';
import type { SyncTableName } from '@/data/types';
import { SyncEngine, type EngineOptions, type SyncEvent } from './engine';
import { NAMED_NOTICE_ROWS, WRITE_BATCH_ROWS } from './pull';
import { FakeClock, FakeServer, FakeTransport } from './testing/fake-server';
import { TransportError, type WireOp } from './transport';
import { fromMicros, toMicros } from './timestamps';
import type { SyncErrorEvent } from './sync-errors';

const USER = '11111111-1111-4111-8111-111111111111';
let n = 0;

interface Harness {
  db: MotorlyDb;
  server: FakeServer;
  clock: FakeClock;
  transport: FakeTransport;
  engine: SyncEngine;
  events: SyncEvent[];
  requests: { at: number; ops: WireOp[] }[];
  online: { value: boolean };
  settle(): Promise<void>;
  advance(ms: number): Promise<void>;
}

let h: Harness;

const listingId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/**
 * Replaces the harness's engine with one that pulls only the listings, through `store` (the harness's own
 * sync store with some calls wrapped, to watch or slow them), and starts it.
 */
function restartListingsEngine(
  store: (base: SyncStore) => SyncStore,
  opts: Omit<EngineOptions, 'store' | 'transport' | 'clock'> = {},
) {
  h.engine.stop();
  h.engine = new SyncEngine({
    store: store(createSyncStore(h.db)),
    transport: h.transport,
    clock: h.clock,
    isOnline: () => true,
    onEvent: () => undefined,
    catalogueTables: ['vehicle_listings'],
    userTables: [],
    ...opts,
  });
  h.engine.start();
}

async function makeHarness(
  opts: { catalogue?: SyncTableName[]; user?: SyncTableName[]; pageSize?: number } = {},
): Promise<Harness> {
  const db = new MotorlyDb(`engine-test-${++n}`);
  await setSessionUser(db, USER);
  const server = new FakeServer();
  const clock = new FakeClock();
  const requests: Harness['requests'] = [];
  const transport = server.transport({ onApply: (ops) => requests.push({ at: clock.now(), ops }) });
  const events: SyncEvent[] = [];
  const online = { value: true };
  const engine = new SyncEngine({
    store: createSyncStore(db),
    transport,
    clock,
    isOnline: () => online.value,
    onEvent: (e) => events.push(e),
    catalogueTables: opts.catalogue ?? [],
    userTables: opts.user ?? [],
    pageSize: opts.pageSize,
  });
  const settle = () => engine.whenIdle();
  return {
    db,
    server,
    clock,
    transport,
    engine,
    events,
    requests,
    online,
    settle,
    advance: (ms) => clock.advance(ms, settle),
  };
}

async function alert(target = 9000) {
  return createRow(h.db, 'price_alerts', priceAlertDraft({ target_price: target }));
}

beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => {
  h.engine.stop();
  await h.db.delete();
});

describe('push', () => {
  it('replays ops in seq order, batched 200 per request', async () => {
    const rows = [];
    for (let i = 0; i < 450; i++) rows.push(await alert(1000 + i));
    h.engine.start();
    await h.settle();
    expect(h.requests.map((r) => r.ops.length)).toEqual([200, 200, 50]);
    const seqs = h.requests.flatMap((r) => r.ops.map((o) => o.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(h.server.table('price_alerts').size).toBe(450);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('reads the queue a page at a time: ops waiting out a retry are stepped over and the batch fills from later pages', async () => {
    const rows = [];
    for (let i = 0; i < 700; i++) rows.push(await alert(1000 + i));
    // The first 450 ops (each its own row) wait out a per-op retry delay: more than one page of 400.
    const ops = await h.db.outbox.orderBy('seq').toArray();
    const later = h.clock.now() + 60_000;
    await h.db.outbox.bulkPut(ops.slice(0, 450).map((op) => ({ ...op, next_attempt_at: later })));
    h.engine.start();
    await h.settle();
    expect(h.requests.map((r) => r.ops.length)).toEqual([200, 50]);
    expect(h.requests.flatMap((r) => r.ops.map((o) => o.seq))).toEqual(ops.slice(450).map((op) => op.seq));
    expect(await h.db.outbox.count()).toBe(450);
    await h.advance(60_000);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.server.table('price_alerts').size).toBe(700);
  });

  it('retries a failed request 5 s later, 3 tries in all, then parks it with Sync Failed', async () => {
    await alert();
    h.server.faults.fail5xx = 1000;
    h.engine.start();
    await h.settle();
    await h.advance(4999);
    expect(h.requests.map((r) => r.at - h.requests[0].at)).toEqual([0]);
    await h.advance(1);
    await h.advance(5000);
    expect(h.requests.map((r) => r.at - h.requests[0].at)).toEqual([0, 5000, 10000]);
    expect(await h.db.outbox.count()).toBe(0);
    const [parked] = await h.db.needs_attention.toArray();
    expect(parked).toMatchObject({ retries: 3, failure: 'transient', last_error_code: '503' });
    expect(h.events.filter((e) => e.type === 'sync-failed')).toHaveLength(1);
    expect(h.events.filter((e) => e.type === 'sync-error').length).toBeGreaterThanOrEqual(1);
    // No 4th try until something triggers it.
    await h.advance(20_000);
    expect(h.requests).toHaveLength(3);
    // Transient: resumes by itself on the next trigger (here the resume timer) once the server is back.
    h.server.faults.fail5xx = 0;
    await h.advance(60_000);
    expect(h.server.table('price_alerts').size).toBe(1);
    expect(await h.db.needs_attention.count()).toBe(0);
  });

  it('parks a permanent per-op error; later ops on that row wait, other rows go on; Discard unblocks', async () => {
    const bad = await alert(1);
    const good = await alert(2);
    await updateRow(h.db, 'price_alerts', bad.id, { is_active: false });
    h.server.forbiddenRows.add(bad.id);
    h.engine.start();
    await h.settle();
    expect(h.server.table('price_alerts').has(good.id)).toBe(true);
    await h.advance(5000);
    await h.advance(5000);
    const tries = h.requests.filter((r) => r.ops.some((o) => o.row_id === bad.id && o.type === 'create'));
    expect(tries.map((r) => r.at - tries[0].at)).toEqual([0, 5000, 10000]);
    const parked = await h.db.needs_attention.toArray();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ type: 'create', failure: 'permanent', last_error_code: '42501' });
    // The update on the same row waits behind it, with no tries spent.
    const waiting = await h.db.outbox.toArray();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ type: 'update', retries: 0 });
    // Permanent: nothing happens on triggers.
    await h.engine.setOnline(true);
    await h.advance(60_000);
    expect(await h.db.needs_attention.count()).toBe(1);
    // Discard: the blocked update goes (and fails on its own, since the row stays forbidden).
    await discardParkedOp(h.db, parked[0].id);
    h.server.forbiddenRows.delete(bad.id);
    await h.engine.trigger();
    await h.settle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.server.ledger.size).toBe(2); // good create + the update (affected 0: row never created)
    expect(await h.db.price_alerts.get(bad.id)).toBeUndefined(); // re-read: not on the server
  });

  it('an enquiry over the server hourly limit (PT429) parks as permanent with the spec rate-limit text', async () => {
    const over = await alert(3);
    h.server.rejectedRows.set(over.id, { code: 'PT429', message: 'Too many attempts. Please try again later.' });
    h.engine.start();
    await h.settle();
    await h.advance(5000);
    await h.advance(5000);
    const parked = await h.db.needs_attention.toArray();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      failure: 'permanent',
      last_error_code: 'PT429',
      last_error: 'Too many attempts. Please try again later.',
    });
    expect(h.events).toContainEqual(
      expect.objectContaining({ type: 'sync-failed', message: 'Too many attempts. Please try again later.' }),
    );
    // Permanent: the resume timer does not bring it back on its own.
    await h.advance(120_000);
    expect(await h.db.needs_attention.count()).toBe(1);
  });

  it('an error report over its rate limit (PT429) is held back and resumes by itself, not parked for the user', async () => {
    const report = await recordErrorReport(h.db, { message: 'Limited crash', severity: 'medium' });
    h.server.rejectedRows.set(report.id, { code: 'PT429', message: 'Too many attempts. Please try again later.' });
    h.engine.start();
    await h.settle();
    for (let i = 0; i < 3; i++) await h.advance(5000);
    const parked = await h.db.needs_attention.toArray();
    expect(parked.map((p) => p.failure)).toEqual(['transient']);
    // The limit passes: the resume timer sends it without anyone pressing Retry.
    h.server.rejectedRows.delete(report.id);
    await h.advance(120_000);
    expect(await h.db.needs_attention.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a delete the server answers 42501 for (the row is already gone) counts as done, not parked', async () => {
    const gone = await alert(4);
    h.engine.start();
    await h.settle();
    expect(h.server.table('price_alerts').has(gone.id)).toBe(true);
    h.server.rejectedRows.set(gone.id, { code: '42501', message: 'The row does not exist or you may not change it' });
    h.server.table('price_alerts').delete(gone.id); // deleted on another device
    await deleteRow(h.db, 'price_alerts', gone.id);
    await h.engine.trigger();
    await h.settle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.needs_attention.count()).toBe(0);
    expect(h.events.some((e) => e.type === 'sync-failed')).toBe(false);
  });

  it('a delete refused with 42501 while the row is still visible on the server parks for attention', async () => {
    const kept = await alert(5);
    h.engine.start();
    await h.settle();
    h.server.rejectedRows.set(kept.id, { code: '42501', message: 'The row does not exist or you may not change it' });
    await deleteRow(h.db, 'price_alerts', kept.id);
    await h.engine.trigger();
    await h.settle();
    await h.advance(5000);
    await h.advance(5000);
    expect(await h.db.needs_attention.count()).toBe(1);
  });

  it('refreshes an expired token and retries without spending a try', async () => {
    await alert();
    h.server.expireTokens();
    h.engine.start();
    await h.settle();
    expect(h.transport.refreshes).toBe(1);
    expect(h.server.table('price_alerts').size).toBe(1);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.events.some((e) => e.type === 'sync-error')).toBe(false);
  });

  it('offline spends no tries, and going online pushes', async () => {
    h.online.value = false;
    const a = await alert();
    h.engine.start();
    await h.settle();
    await h.advance(60_000);
    expect(h.server.calls.apply).toBe(0);
    expect((await h.db.outbox.get((await h.db.outbox.toArray())[0].id))?.retries).toBe(0);
    expect(h.engine.getStatus().phase).toBe('offline');
    h.online.value = true;
    await h.engine.setOnline(true);
    await h.settle();
    expect(h.server.table('price_alerts').has(a.id)).toBe(true);
  });

  it('going offline while the batch is read from the queue sends nothing; back online it goes', async () => {
    const store = createSyncStore(h.db);
    // The switch flips between the push's first look at the connection and its request.
    const engine = new SyncEngine({
      store: {
        ...store,
        pendingOpsAfter: async (afterSeq, limit) => {
          const ops = await store.pendingOpsAfter(afterSeq, limit);
          h.online.value = false;
          void engine.setOnline(false);
          return ops;
        },
      },
      transport: h.transport,
      clock: h.clock,
      isOnline: () => h.online.value,
      userTables: [],
      catalogueTables: [],
    });
    const a = await alert();
    engine.start();
    await engine.whenIdle();
    expect(h.server.calls.apply).toBe(0);
    expect((await h.db.outbox.toArray()).map((op) => op.retries)).toEqual([0]);
    expect(engine.getStatus().phase).toBe('offline');
    engine.stop();
    h.online.value = true;
    const online = new SyncEngine({
      store,
      transport: h.transport,
      clock: h.clock,
      isOnline: () => true,
      userTables: [],
      catalogueTables: [],
    });
    online.start();
    await online.whenIdle();
    online.stop();
    expect(h.server.table('price_alerts').has(a.id)).toBe(true);
  });

  it('a lost response after commit is replayed without applying twice ($inc included)', async () => {
    h.server.upsertRow('personalized_recommendations', { id: 'r1', user_id: USER, shown_count: 0 });
    await h.db.personalized_recommendations.put({
      id: 'r1',
      user_id: USER,
      car_model_id: 'm',
      recommendation_score: 1,
      reasons: [],
      expires_at: '',
      clicked: false,
      shown_count: 0,
    });
    await updateRow(h.db, 'personalized_recommendations', 'r1', {}, { shown_count: 1 });
    h.server.faults.dropResponses = 1;
    h.engine.start();
    await h.settle();
    await h.advance(5000);
    expect(h.requests).toHaveLength(2);
    expect(h.server.table('personalized_recommendations').get('r1')?.shown_count).toBe(1);
    expect([...h.server.applyCount.values()]).toEqual([1]);
    expect((await h.db.personalized_recommendations.get('r1'))?.shown_count).toBe(1);
  });
  it('a kick while the cycle is winding down (scheduling its timer) runs one more cycle', async () => {
    const store = createSyncStore(h.db);
    let armed = true;
    let hold: Promise<void> | null = null;
    let release: () => void = () => undefined;
    // sessionUserId is the first read of scheduleNext, after the cycle's last look at its kicks.
    const gated = { ...store, sessionUserId: async () => (hold ? await hold : undefined, store.sessionUserId()) };
    const engine = new SyncEngine({
      store: gated,
      transport: h.transport,
      clock: h.clock,
      catalogueTables: [],
      userTables: [],
      onEvent: (e) => {
        if (armed && e.type === 'status' && e.status.phase === 'idle') {
          armed = false;
          hold = new Promise<void>((r) => (release = r));
        }
      },
    });
    await alert(1);
    engine.start();
    while (!hold) await new Promise((r) => setTimeout(r, 5));
    await alert(2); // a write lands, and its trigger kicks the engine, while the cycle winds down
    engine.kick();
    release();
    await engine.whenIdle();
    engine.stop();
    expect(h.requests).toHaveLength(2);
    expect(h.server.table('price_alerts').size).toBe(2);
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('pull', () => {
  it('no pull while offline; back online, writes queued meanwhile go out before the catch-up', async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'] });
    h.server.upsertRow('vehicle_listings', { id: '00000000-0000-4000-8000-000000000001', price: 1 });
    h.engine.start();
    await h.settle();
    const calls: string[] = [];
    const server = h.server;
    const log = { apply: server.calls.apply, pull: server.calls.pull };
    const record = () => {
      if (server.calls.apply > log.apply) calls.push('apply');
      if (server.calls.pull > log.pull) calls.push('pull');
      log.apply = server.calls.apply;
      log.pull = server.calls.pull;
    };
    // The connection drops right after an upload is answered, with a catch-up due.
    const apply = h.transport.applyMutations.bind(h.transport);
    h.transport.applyMutations = async (clientId: string, ops: WireOp[]) => {
      const results = await apply(clientId, ops);
      h.online.value = false;
      void h.engine.setOnline(false);
      return results;
    };
    await alert(1);
    await h.engine.trigger('all');
    await h.settle();
    record();
    expect(calls).toEqual(['apply']);
    expect(h.engine.getStatus().phase).toBe('offline');
    await h.advance(60_000); // no retry timer pulls while offline either
    record();
    expect(calls.filter((c) => c === 'pull')).toEqual([]);

    const queued = await alert(2);
    h.online.value = true;
    const before = server.calls.pull;
    let pushedBeforePull: boolean | null = null;
    h.transport.applyMutations = async (clientId: string, ops: WireOp[]) => {
      pushedBeforePull ??= server.calls.pull === before;
      return apply(clientId, ops);
    };
    await h.engine.setOnline(true);
    await h.settle();
    expect(pushedBeforePull).toBe(true);
    expect(server.table('price_alerts').has(queued.id)).toBe(true);
    expect(server.calls.pull).toBeGreaterThan(before); // the catch-up ran after the push
  });

  it('writes queued offline send the offline status once, not once per write', async () => {
    h.engine.start();
    await h.settle();
    h.online.value = false;
    await h.engine.setOnline(false);
    await h.settle();
    const before = h.events.length;
    for (let i = 0; i < 5; i++) {
      await alert(100 + i);
      h.engine.kick();
      await h.settle();
    }
    expect(h.events.slice(before).filter((e) => e.type === 'status')).toEqual([]);
    expect(h.engine.getStatus().phase).toBe('offline');
  });

  it('reconnecting runs the catch-up at once, within the retry delay of a pull that failed', async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'] });
    h.server.faults.down = true;
    h.engine.start();
    await h.settle(); // the pull fails: next try in 5 s
    h.server.faults.down = false;
    const before = h.server.calls.pull;
    h.online.value = false;
    await h.engine.setOnline(false);
    h.online.value = true;
    await h.engine.setOnline(true);
    await h.settle();
    expect(h.server.calls.pull).toBeGreaterThan(before);
    expect(h.engine.getStatus().lastSyncedAt).not.toBeNull();
  });

  it('writes queued while a catch-up was under way go up before its next table, not after the whole pull', async () => {
    // A catch-up of small tables (one page each, so no pages to push between): the write made while
    // the first table's page was on the wire (offline on a train, say) must not wait for the rest.
    h = await makeHarness({ catalogue: ['brands', 'car_models', 'dealers', 'vehicle_listings'] });
    for (const t of ['brands', 'car_models', 'dealers', 'vehicle_listings'])
      h.server.upsertRow(t, { id: '00000000-0000-4000-8000-000000000001' });
    h.engine.start();
    await h.settle();
    const calls: string[] = [];
    const pullPage = h.transport.pullPage.bind(h.transport);
    let queued: Promise<unknown> | null = null;
    h.transport.pullPage = async (table, after, limit) => {
      calls.push(`pull ${table}`);
      if (table === 'brands' && !queued) {
        queued = alert(3).then(() => h.engine.kick());
        await queued;
      }
      return pullPage(table, after, limit);
    };
    const apply = h.transport.applyMutations.bind(h.transport);
    h.transport.applyMutations = async (clientId: string, ops: WireOp[]) => {
      calls.push('apply');
      return apply(clientId, ops);
    };
    await h.engine.trigger('all');
    await h.settle();
    expect(calls.slice(0, 3)).toEqual(['pull brands', 'apply', 'pull car_models']);
    expect(h.server.table('price_alerts').size).toBe(1);
  });

  it('a catch-up does not download again rows sharing one old timestamp (a seeded table): the cursor resolves the tie', async () => {
    h = await makeHarness({ catalogue: ['brands', 'car_models'] });
    const seeded = '2025-01-01T09:00:00.000000Z';
    const models = h.server.table('car_models');
    for (let i = 1; i <= 3; i++) {
      const id = `00000000-0000-4000-8000-00000000000${i}`;
      models.set(id, { id, name: `Model ${i}`, updated_at: seeded });
    }
    h.server.upsertRow('brands', { id: '00000000-0000-4000-8000-0000000000b1', name: 'Brand' }); // stamped now
    const pulled = new Map<string, number>();
    const pullPage = h.transport.pullPage.bind(h.transport);
    h.transport.pullPage = async (table, after, limit) => {
      const rows = await pullPage(table, after, limit);
      pulled.set(table, (pulled.get(table) ?? 0) + rows.length);
      return rows;
    };
    h.engine.start();
    await h.settle();
    expect(pulled.get('car_models')).toBe(3);
    expect(await h.db.car_models.count()).toBe(3);
    pulled.clear();
    // A new model with that same old timestamp and an id after the cursor's (an insert with the seed's
    // updated_at) is still read: the tie on updated_at goes to the (updated_at, id) cursor.
    models.set('00000000-0000-4000-8000-000000000009', {
      id: '00000000-0000-4000-8000-000000000009',
      name: 'Model 9',
      updated_at: seeded,
    });
    await h.engine.trigger('all');
    await h.settle();
    expect(pulled.get('car_models')).toBe(1);
    expect(await h.db.car_models.count()).toBe(4);
    pulled.clear();
    await h.engine.trigger('all');
    await h.settle();
    expect(pulled.get('car_models')).toBe(0);
  });

  it("a catch-up's overlap writes and announces only rows it does not hold in that version (a seeded catalogue)", async () => {
    // Every row shares the seed's timestamp and nothing newer was ever pulled, so the device's clock (the newest
    // updated_at it saw) is that timestamp: the catch-up's overlap window re-reads every row. Before, each one was
    // written again and every screen reading the tables re-ran (twice over on a first visit: bench:scale).
    h = await makeHarness({ catalogue: ['brands', 'car_models'] });
    const seeded = '2025-01-01T09:00:00.000000Z';
    const id = (i: number) => `00000000-0000-4000-8000-00000000000${i}`;
    for (let i = 1; i <= 3; i++) {
      h.server.table('brands').set(id(i), { id: id(i), name: `Brand ${i}`, updated_at: seeded });
      h.server.table('car_models').set(id(i), { id: id(i), name: `Model ${i}`, updated_at: seeded });
    }
    const notices: string[] = [];
    const applied: Record<string, number> = {};
    restartListingsEngine(
      (store) => ({
        ...store,
        applyPulled: async (table, rows, opts) => {
          const n = await store.applyPulled(table, rows, opts);
          applied[table] = (applied[table] ?? 0) + n;
          return n;
        },
        notifyChanged: (tables) => (notices.push(...tables), store.notifyChanged(tables)),
        notifyRowsChanged: (table, ids) => (notices.push(table), store.notifyRowsChanged(table, ids)),
      }),
      { catalogueTables: ['brands', 'car_models'] },
    );
    await h.engine.whenIdle();
    expect(applied).toEqual({ brands: 3, car_models: 3 });
    const modelsMutated = vi.fn();
    const sub = Dexie.liveQuery(() => h.db.car_models.toArray()).subscribe({ next: modelsMutated });
    await vi.waitFor(() => expect(modelsMutated).toHaveBeenCalledTimes(1));
    for (const k of Object.keys(applied)) delete applied[k];
    notices.length = 0;

    // One brand changed (a new version at the same old timestamp would be a new updated_at on a real server).
    h.server
      .table('brands')
      .set(id(2), { id: id(2), name: 'Brand 2 renamed', updated_at: '2025-01-01T09:00:01.000000Z' });
    await h.engine.trigger('all');
    await h.engine.whenIdle();
    expect(applied).toEqual({ brands: 1, car_models: 0 });
    expect(notices).toEqual(['brands']);
    expect((await h.db.brands.get(id(2)))?.name).toBe('Brand 2 renamed');
    // The models' screens were not woken: nothing of theirs was written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(modelsMutated).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });

  it('a catch-up still reads a row committed late with an updated_at before the cursor (the overlap window)', async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'] });
    const a = h.server.upsertRow('vehicle_listings', { id: '00000000-0000-4000-8000-00000000000a', price: 1 });
    h.engine.start();
    await h.settle();
    const at = toMicros(String(a.updated_at));
    // Rows stamped inside a transaction that began before the pull's read and committed after it.
    const late = (id: string, msBefore: number) =>
      h.server
        .table('vehicle_listings')
        .set(id, { id, price: 2, updated_at: fromMicros(at - BigInt(msBefore) * 1000n) });
    late('00000000-0000-4000-8000-000000000001', 1);
    await h.engine.trigger('all');
    await h.settle();
    expect(await h.db.vehicle_listings.get('00000000-0000-4000-8000-000000000001')).toBeDefined();
    late('00000000-0000-4000-8000-000000000002', 2);
    await h.engine.trigger('all');
    await h.settle();
    expect(await h.db.vehicle_listings.get('00000000-0000-4000-8000-000000000002')).toBeDefined();
  });

  it('announces a long download to live queries a growing share apart, so their re-reads stay linear', async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'], pageSize: 5 });
    const N = 200;
    for (let i = 0; i < N; i++)
      h.server.upsertRow('vehicle_listings', {
        id: listingId(i),
        price: i,
      });
    // Every page takes 2 s to arrive (over the once-a-second floor), and each notice is answered the
    // way a screen answers it: by re-reading the whole table.
    const pullPage = h.transport.pullPage.bind(h.transport);
    h.transport.pullPage = async (...args) => {
      await h.clock.advance(2000);
      // Slower than a write here, so each page is written (and may be announced) on its own.
      await new Promise((r) => setTimeout(r, 15));
      return pullPage(...args);
    };
    const reread: number[] = [];
    restartListingsEngine(
      (store) => ({
        ...store,
        // Counted the same whether the notice names its rows or not: this is about how often notices go.
        notifyChanged: (tables) => {
          void h.db.vehicle_listings.count().then((c) => reread.push(c));
          store.notifyChanged(tables);
        },
        notifyRowsChanged: (table, ids) => {
          void h.db.vehicle_listings.count().then((c) => reread.push(c));
          store.notifyRowsChanged(table, ids);
        },
      }),
      {
        pageSize: 5,
      },
    );
    await h.engine.whenIdle();
    expect(await h.db.vehicle_listings.count()).toBe(N);
    // The first page is announced at once, the last rows too; one notice a page would re-read
    // 5 + 10 + ... + 200 = 4,100 rows (quadratic); eight-fold apart, a geometric series: under
    // 8/7 x 200, plus the closing notice (half-again steps re-read up to 3 x 200 before it).
    // (A re-read can already see the page queued behind the one announced: pages are pipelined.)
    expect(reread[0]).toBeLessThanOrEqual(2 * 5);
    // Eight-fold: the first page, one at about 8 x 5 rows, the closing one (four-fold took four).
    expect(reread.length).toBeLessThanOrEqual(3);
    expect(reread[reread.length - 1]).toBe(N);
    expect(reread.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual((8 / 7) * N + N);
  });

  it("names a notice's rows when they are few (a catch-up), so the listing indexes patch instead of re-reading", async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'], pageSize: 200 });
    const N = 2 * NAMED_NOTICE_ROWS;
    for (let i = 0; i < N; i++) h.server.upsertRow('vehicle_listings', { id: listingId(i), price: i });
    const notices: { named: string[] | null; count: number }[] = [];
    restartListingsEngine(
      (store) => ({
        ...store,
        notifyChanged: (tables) => {
          notices.push({ named: null, count: 0 });
          store.notifyChanged(tables);
        },
        notifyRowsChanged: (table, ids) => {
          notices.push({ named: [...ids], count: ids.length });
          store.notifyRowsChanged(table, ids);
        },
      }),
      {
        pageSize: 200,
        // The fake server's rows are 1 µs apart: a catch-up's overlap window would take them all again.
        overlapMs: 0,
      },
    );
    await h.engine.whenIdle();
    // The first download: its first page named, the closing notice (over NAMED_NOTICE_ROWS rows) not.
    expect(notices[0].named).toHaveLength(200);
    expect(notices[notices.length - 1].named).toBeNull();

    // A catch-up that brings one changed row names it (with the overlap window's rows, if any).
    notices.length = 0;
    h.server.upsertRow('vehicle_listings', { id: listingId(7), price: 1 });
    await h.engine.trigger('all');
    await h.engine.whenIdle();
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => n.named !== null)).toBe(true);
    expect(notices.flatMap((n) => n.named ?? [])).toContain(listingId(7));

    // The named row is the one stored.
    expect((await h.db.vehicle_listings.get(listingId(7)))?.price).toBe(1);
  });

  it("announces a download's full first page (the default 1,000 rows) without naming them: the page re-reads a table that small", async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'] });
    for (let i = 0; i < 1000; i++) h.server.upsertRow('vehicle_listings', { id: listingId(i), price: i });
    const named: number[] = [];
    restartListingsEngine((store) => ({
      ...store,
      notifyRowsChanged: (table, ids) => (named.push(ids.length), store.notifyRowsChanged(table, ids)),
    }));
    await h.engine.whenIdle();
    expect(await h.db.vehicle_listings.count()).toBe(1000);
    // Every live query in a page copies a notice's named keys, and a patch reads named rows key by key.
    expect(named.every((n) => n <= NAMED_NOTICE_ROWS)).toBe(true);
    expect(named.reduce((a, b) => a + b, 0)).toBeLessThan(1000);
  });

  it("queues a download page's write while the page before is still committing, and never stores a page over one that failed", async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'], pageSize: 1000 });
    // The first page, two batches of WRITE_BATCH_ROWS, the rest.
    const N = 1000 + 2 * WRITE_BATCH_ROWS + 500;
    for (let i = 0; i < N; i++) h.server.upsertRow('vehicle_listings', { id: listingId(i), price: i });
    const log: string[] = [];
    let calls = 0;
    let failSecond = true;
    // Resolves once write `n` has started, or after 5 s (the order checks below then fail): a write ends only
    // after the next one has started, however slowly a loaded machine fetches the next page.
    const started = (n: number) =>
      new Promise<void>((resolve) => {
        const since = Date.now();
        const look = () => (log.includes(`start ${n}`) || Date.now() - since > 5_000 ? resolve() : setTimeout(look, 5));
        look();
      });
    restartListingsEngine(
      (store) => ({
        ...store,
        async applyPulled(table, rows, opts) {
          const n = ++calls;
          log.push(`start ${n}`);
          try {
            // A write takes longer than a fetch (as a page's IndexedDB write does in the browser); the
            // second write fails (as an aborted transaction would): nothing stored.
            if ((n === 2 && failSecond) || (n === 1 && !failSecond)) await started(n + 1);
            else await new Promise((r) => setTimeout(r, 250));
            if (n === 2 && failSecond) throw new Error('IndexedDB write aborted');
            return await store.applyPulled(table, rows, opts);
          } finally {
            log.push(`end ${n}`);
          }
        },
      }),
      {
        onEvent: (e) => h.events.push(e),
        pageSize: 1000,
      },
    );
    await h.engine.whenIdle();
    await vi.waitFor(() => expect(log).toContain('end 3'), { timeout: 5_000 }); // the third write (queued) ends too
    // The third write was queued before the second's ended, and stored nothing over it.
    expect(log.indexOf('start 3')).toBeLessThan(log.indexOf('end 2'));
    expect(h.events.some((e) => e.type === 'sync-error' && e.kind === 'pull')).toBe(true);
    const stored = (await h.db.vehicle_listings.toArray()).map((r) => r.id).sort();
    expect(stored).toEqual(Array.from({ length: 1000 }, (_, i) => listingId(i)));
    expect((await h.db.sync_state.get('cursor:vehicle_listings'))?.value).toMatchObject({ id: listingId(999) });

    // The next pull goes on from the last stored page, pipelined, and stores everything in order.
    failSecond = false;
    log.length = 0;
    calls = 0;
    await h.engine.trigger('all');
    await h.clock.advance(60_000, () => h.engine.whenIdle()); // past the failed pull's retry delay
    expect(await h.db.vehicle_listings.count()).toBe(N);
    expect((await h.db.sync_state.get('cursor:vehicle_listings'))?.value).toMatchObject({ id: listingId(N - 1) });
    expect(log.indexOf('start 2')).toBeLessThan(log.indexOf('end 1'));
  });

  it('after the first page, writes whole batches of WRITE_BATCH_ROWS rows (one transaction each), the rest last', async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'], pageSize: 1000 });
    const N = 9500;
    for (let i = 0; i < N; i++) h.server.upsertRow('vehicle_listings', { id: listingId(i), price: i });
    const writes: number[] = [];
    // Pages arrive one by one, slower than a write (as the listing pages do in the browser).
    const pullPage = h.transport.pullPage.bind(h.transport);
    h.transport.pullPage = async (...args) => {
      await new Promise((r) => setTimeout(r, 20));
      return pullPage(...args);
    };
    restartListingsEngine(
      (store) => ({
        ...store,
        async applyPulled(table, rows, opts) {
          writes.push(rows.length);
          return store.applyPulled(table, rows, opts);
        },
      }),
      {
        pageSize: 1000,
      },
    );
    await h.engine.whenIdle();
    expect(await h.db.vehicle_listings.count()).toBe(N);
    expect((await h.db.sync_state.get('cursor:vehicle_listings'))?.value).toMatchObject({ id: listingId(N - 1) });
    // The first page is written (and shown) at once; then whole batches (even when the pages arrive one by
    // one), the rest with the last page.
    expect(writes).toEqual([1000, WRITE_BATCH_ROWS, WRITE_BATCH_ROWS, N - 1000 - 2 * WRITE_BATCH_ROWS]);
  });

  it('first download reports progress from the exact count, then catches up by cursor with deletes', async () => {
    h = await makeHarness({ catalogue: ['vehicle_listings'], pageSize: 10 });
    for (let i = 0; i < 25; i++)
      h.server.upsertRow('vehicle_listings', {
        id: listingId(i),
        price: i,
      });
    h.engine.start();
    await h.settle();
    const progress = h.events.flatMap((e) => (e.type === 'status' && e.status.download ? [e.status.download] : []));
    expect(progress[0]).toEqual({ done: 0, total: 25 });
    // The first page at once, then the rest in one batch (WRITE_BATCH_ROWS).
    expect(progress.map((p) => p.done)).toEqual([0, 10, 25]);
    expect(await h.db.vehicle_listings.count()).toBe(25);
    const pullsBefore = h.server.calls.pull;

    const first = '00000000-0000-4000-8000-000000000000';
    h.server.upsertRow('vehicle_listings', { id: first, price: 999 });
    h.server.deleteRow('vehicle_listings', '00000000-0000-4000-8000-000000000001');
    await h.engine.trigger('all');
    await h.settle();
    expect((await h.db.vehicle_listings.get(first))?.price).toBe(999);
    expect(await h.db.vehicle_listings.count()).toBe(24);
    // Catch-up reads only the overlap window, not the whole table again.
    expect(h.server.calls.pull - pullsBefore).toBeLessThanOrEqual(4);
    expect(h.engine.getStatus().download).toBeNull();
  });

  it("a first download asks for every table's count at once, not a round trip per table before the first page", async () => {
    h = await makeHarness({ catalogue: ['brands', 'car_models', 'dealers'] });
    for (const table of ['brands', 'car_models', 'dealers'] as const)
      for (let i = 0; i < 3; i++) h.server.upsertRow(table, { id: listingId(i), name: `${table} ${i}` });
    let inFlight = 0;
    let most = 0;
    const count = h.transport.count.bind(h.transport);
    h.transport.count = async (table) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return count(table);
    };
    h.engine.start();
    await h.settle();
    expect(most).toBe(3);
    const progress = h.events.flatMap((e) => (e.type === 'status' && e.status.download ? [e.status.download] : []));
    expect(progress[0]).toEqual({ done: 0, total: 9 });
  });

  it('a row with a pending op keeps the local change; the ack re-read brings the merged server row', async () => {
    h = await makeHarness({ user: ['price_alerts'] });
    const a = await alert(5000);
    h.engine.start();
    await h.settle();
    h.online.value = false;
    await h.engine.setOnline(false);
    await updateRow(h.db, 'price_alerts', a.id, { target_price: 4000 });
    // Meanwhile the server changes another column (a price-drop trigger) and, racing, the target.
    h.server.upsertRow('price_alerts', { id: a.id, times_triggered: 7, target_price: 1 });
    h.online.value = true;
    await h.engine.setOnline(true);
    await h.settle();
    const local = await h.db.price_alerts.get(a.id);
    expect(local?.target_price).toBe(4000);
    expect(local?.times_triggered).toBe(7);
    expect(local).toEqual(h.server.table('price_alerts').get(a.id));
  });
});

describe('auth', () => {
  it('with no session to refresh, pushing stops (no busy retry loop) until the user signs in again', async () => {
    await alert();
    h.server.expireTokens();
    h.transport.refreshAuth = async () => false;
    h.engine.start();
    await h.settle();
    expect(h.engine.getStatus().phase).toBe('signed-out');
    await h.advance(60_000);
    expect(h.requests).toHaveLength(1);
    expect((await h.db.outbox.toArray())[0].retries).toBe(0);
    h.transport.token = h.server.tokenGeneration; // signed in again
    await h.engine.authChanged();
    await h.settle();
    expect(h.server.table('price_alerts').size).toBe(1);
  });
});

describe('after an ack', () => {
  it('stores the row apply_mutations returns, with no re-read', async () => {
    h = await makeHarness({ user: ['price_alerts'] });
    const a = await alert(5000);
    h.engine.start();
    await h.settle();
    const server = h.server.table('price_alerts').get(a.id);
    expect(server?.updated_at).toBeTruthy();
    expect(await h.db.price_alerts.get(a.id)).toEqual(server);
    expect(h.transport.fetchCalls).toBe(0);
  });

  it('re-reads the row when the result carries none (a server from before `row`)', async () => {
    h = await makeHarness({ user: ['price_alerts'] });
    h.server.returnsRows = false;
    const a = await alert(5000);
    h.engine.start();
    await h.settle();
    expect(h.transport.fetchCalls).toBe(1);
    expect(await h.db.price_alerts.get(a.id)).toEqual(h.server.table('price_alerts').get(a.id));
  });
});

describe('error reports made while signed out', () => {
  it('are queued without a user and sent as a plain insert, not through apply_mutations', async () => {
    await setSessionUser(h.db, null);
    const report = await recordErrorReport(h.db, {
      message: 'Boom',
      severity: 'high',
      component: 'app',
      comment: 'it broke',
    });
    expect((await h.db.outbox.toArray()).map((op) => op.user_id)).toEqual([null]);
    h.engine.start();
    await h.settle();
    expect(h.requests).toHaveLength(0);
    expect(h.server.anonymousInserts).toMatchObject([
      { id: report.id, message: 'Boom', severity: 'high', user_id: null },
    ]);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.error_reports.get(report.id)).toBeDefined(); // kept locally (write-only table)
  });

  it("survive signing in and out (only the account's own ops are cleared)", async () => {
    await setSessionUser(h.db, null);
    await recordErrorReport(h.db, { message: 'Offline crash', severity: 'medium' });
    await setSessionUser(h.db, USER);
    await alert();
    await setSessionUser(h.db, null); // sign-out clears the user's queue
    expect((await h.db.outbox.toArray()).map((op) => [op.table, op.user_id])).toEqual([['error_reports', null]]);
  });
});

describe('sync-error events on the engine edges', () => {
  const errors = () => h.events.filter((e): e is SyncErrorEvent => e.type === 'sync-error');

  it('a failed pull is an event (kind pull), not just a status line', async () => {
    h = await makeHarness({ catalogue: ['brands'] });
    h.server.faults.fail5xx = 1;
    h.engine.start();
    await h.settle();
    expect(errors()).toMatchObject([
      { kind: 'pull', status: 503, message: 'There was a problem accessing the data. Please try again.' },
    ]);
    expect(errors()[0].cause).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('a pull cut off by the connection dropping (failed before the offline news came) is not reported', async () => {
    h = await makeHarness({ catalogue: ['brands'] });
    h.engine.start();
    await h.settle();
    // The browser fails the request first; the 'offline' command reaches the worker just after.
    h.server.faults.down = true;
    await h.engine.trigger('all');
    await h.settle();
    h.online.value = false;
    await h.engine.setOnline(false);
    h.server.faults.down = false;
    h.online.value = true;
    await h.engine.setOnline(true);
    await h.settle();
    expect(errors()).toEqual([]);
    expect(h.engine.getStatus().lastError).toBeNull();
    // A server that stays unreachable while online is reported, at its second failure in a row.
    h.server.faults.down = true;
    await h.engine.trigger('all');
    await h.settle();
    expect(errors()).toEqual([]);
    await h.advance(5000);
    expect(errors()).toMatchObject([{ kind: 'pull' }]);
  });

  it('a failed re-read after an ack is an event (kind refetch) and the catch-up is scheduled', async () => {
    h = await makeHarness({ user: ['price_alerts'] });
    h.server.returnsRows = false;
    h.transport.fetchByIds = async () => {
      throw new TransportError('network', 'Failed to fetch', 0);
    };
    await alert();
    h.engine.start();
    await h.settle();
    expect(errors().map((e) => e.kind)).toContain('refetch');
  });

  it('a failed token refresh after a 401 on a pull is an event (kind auth-refresh)', async () => {
    h = await makeHarness({ catalogue: ['brands'] });
    h.server.expireTokens();
    h.transport.refreshAuth = async () => {
      throw new TransportError('network', 'Failed to fetch', 0);
    };
    h.engine.start();
    await h.settle();
    await new Promise((r) => setTimeout(r, 10));
    expect(errors().map((e) => e.kind)).toContain('auth-refresh');
  });
});
