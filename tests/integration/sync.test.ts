// The sync engine in Node (fake-indexeddb) against the real embedded stack: queued ops reach the
// server through apply_mutations, a replayed batch applies nothing twice, a permanent RLS error parks,
// and the pull brings catalogue changes and deletions by cursor.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { addBookmark } from '@/data/bookmarks';
import { MotorlyDb } from '@/data/db';
import { recordErrorReport } from '@/data/error-reports';
import { incrementRecommendationShown } from '@/data/personalisation';
import { createPriceAlert, setPriceAlertActive } from '@/data/price-alerts';
import { createRow, createSyncStore, setSessionUser } from '@/data/sync-queue';
import { SyncEngine } from '@/sync/engine';
import { createSupabaseTransport } from '@/sync/supabase-transport';
import { TransportError, type SyncTransport, type WireOp } from '@/sync/transport';
import {
  anonClient,
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

let fx: CatalogueFixture;
let user: { id: string; email: string };
let client: SupabaseClient;
let db: MotorlyDb;
let n = 0;
const engines: SyncEngine[] = [];

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  user = await createUser(uniqueEmail('sync'));
  client = await userClient(user.email);
});

async function freshDb(): Promise<MotorlyDb> {
  db = new MotorlyDb(`sync-int-${process.pid}-${++n}`);
  await setSessionUser(db, user.id);
  return db;
}

afterEach(async () => {
  for (const e of engines.splice(0)) e.stop();
  await db?.delete();
});

function engineFor(
  transport: SyncTransport,
  extra: Partial<ConstructorParameters<typeof SyncEngine>[0]> = {},
): SyncEngine {
  const engine = new SyncEngine({
    store: createSyncStore(db),
    transport,
    retryDelayMs: 30,
    catalogueTables: [],
    userTables: ['bookmarks', 'price_alerts'],
    ...extra,
  });
  engines.push(engine);
  return engine;
}

describe('sync engine against the stack', () => {
  it('pushes queued creates and updates; the local rows then equal the server rows', async () => {
    await freshDb();
    const listing = fx.listings[0];
    const bookmark = await addBookmark(db, { listingId: listing.id });
    const alert = await createPriceAlert(db, {
      vehicleListingId: listing.id,
      targetPrice: 4000,
      currentPrice: listing.price,
    });
    await setPriceAlertActive(db, alert.id, false);
    const engine = engineFor(createSupabaseTransport(client));
    engine.start();
    await engine.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.needs_attention.count()).toBe(0);
    const svc = serviceClient();
    const { data: b } = await svc
      .from('bookmarks')
      .select('id, user_id, vehicle_listing_id')
      .eq('id', bookmark.id)
      .single();
    expect(b).toEqual({ id: bookmark.id, user_id: user.id, vehicle_listing_id: listing.id });
    const { data: a } = await svc.from('price_alerts').select('*').eq('id', alert.id).single();
    expect(a).toMatchObject({ user_id: user.id, is_active: false, target_price: 4000 });
    // The ack re-read stored the server's copy (server timestamps included).
    expect((await db.price_alerts.get(alert.id))?.updated_at).toBe(a!.updated_at);
    const { count } = await svc
      .from('mutation_ledger')
      .select('*', { count: 'exact', head: true })
      .eq('client_id', await createSyncStore(db).clientId());
    expect(count).toBe(3);
  });

  it('a batch replayed after a lost response applies nothing twice ("$inc" included)', async () => {
    await freshDb();
    const svc = serviceClient();
    const recId = crypto.randomUUID();
    const { error } = await svc.from('personalized_recommendations').insert({
      id: recId,
      user_id: user.id,
      car_model_id: fx.models.hatch,
      recommendation_score: 0.9,
    });
    expect(error).toBeNull();
    await db.personalized_recommendations.put({
      id: recId,
      user_id: user.id,
      car_model_id: fx.models.hatch,
      recommendation_score: 0.9,
      reasons: [],
      expires_at: '',
      clicked: false,
      shown_count: 0,
    });
    await incrementRecommendationShown(db, recId);
    await incrementRecommendationShown(db, recId);
    const real = createSupabaseTransport(client);
    const sent: WireOp[][] = [];
    let drop = true;
    const lossy: SyncTransport = {
      ...real,
      async applyMutations(clientId, ops) {
        sent.push(ops);
        const results = await real.applyMutations(clientId, ops);
        if (drop) {
          drop = false;
          throw new TransportError('network', 'response lost', 0);
        }
        return results;
      },
    };
    const engine = engineFor(lossy, { userTables: [] });
    engine.start();
    await engine.whenIdle();
    await new Promise((r) => setTimeout(r, 60));
    await engine.whenIdle();
    expect(sent.length).toBe(2);
    expect(sent[1].map((o) => o.op_id)).toEqual(sent[0].map((o) => o.op_id));
    // A third, manual replay of the same batch: every op is a duplicate.
    const again = await real.applyMutations(await createSyncStore(db).clientId(), sent[0]);
    expect(again.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const { data } = await svc.from('personalized_recommendations').select('shown_count').eq('id', recId).single();
    expect(data?.shown_count).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.personalized_recommendations.get(recId))?.shown_count).toBe(2);
  });

  it('a permanent RLS error (42501) is tried 3 times, then parked; other rows go on', async () => {
    await freshDb();
    // Clients may not create notifications (server-made only): RLS rejects the insert.
    const bad = await createRow(db, 'notifications', {
      type: 'other',
      title: 'Forged',
      message: '',
      data: {},
      vehicle_listing_id: null,
      alert_type: null,
      dismissed_at: null,
    });
    const ok = await addBookmark(db, { carModelId: fx.models.suv });
    const engine = engineFor(createSupabaseTransport(client), { userTables: [] });
    engine.start();
    for (let i = 0; i < 100 && (await db.needs_attention.count()) === 0; i++) {
      await engine.whenIdle();
      await new Promise((r) => setTimeout(r, 50));
    }
    await engine.whenIdle();
    const parked = await db.needs_attention.toArray();
    if (parked.length !== 1)
      console.log(JSON.stringify({ outbox: await db.outbox.toArray(), status: engine.getStatus() }));
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ row_id: bad.id, failure: 'permanent', last_error_code: '42501', retries: 3 });
    expect(parked[0].last_error).toBe('You do not have permission to perform this action.');
    const { data } = await serviceClient().from('bookmarks').select('id').eq('id', ok.id);
    expect(data).toHaveLength(1);
  });

  it('pulls the catalogue by cursor, then catches up changes and deletions', async () => {
    await freshDb();
    const progress: number[] = [];
    const engine = engineFor(createSupabaseTransport(client), {
      catalogueTables: ['vehicle_listings'],
      userTables: [],
      pageSize: 1000,
      onEvent: (e) => {
        if (e.type === 'status' && e.status.download) progress.push(e.status.download.done);
      },
    });
    engine.start();
    await engine.whenIdle();
    const { count } = await serviceClient().from('vehicle_listings').select('*', { count: 'exact', head: true });
    expect(await db.vehicle_listings.count()).toBe(count);
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(count);

    const svc = serviceClient();
    const [first, second] = fx.listings;
    await svc.from('vehicle_listings').update({ price: 4321 }).eq('id', first.id);
    await svc.from('vehicle_listings').delete().eq('id', second.id);
    await engine.trigger('all');
    await engine.whenIdle();
    expect((await db.vehicle_listings.get(first.id))?.price).toBe(4321);
    expect(await db.vehicle_listings.get(second.id)).toBeUndefined();
  });
});

describe('error reports made while signed out', () => {
  it('reach error_reports through the engine as anonymous inserts; a replay is a duplicate, not an error', async () => {
    db = new MotorlyDb(`sync-int-${process.pid}-${++n}`);
    await setSessionUser(db, null);
    const report = await recordErrorReport(db, {
      message: 'Signed-out crash',
      severity: 'high',
      component: 'app',
      comment: 'offline',
    });
    const transport = createSupabaseTransport(anonClient());
    const engine = engineFor(transport, { userTables: [] });
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    const { data } = await serviceClient().from('error_reports').select('*').eq('id', report.id);
    expect(data).toMatchObject([
      { message: 'Signed-out crash', severity: 'high', user_id: null, context: { comment: 'offline' } },
    ]);
    const again: WireOp = {
      op_id: 'x',
      seq: 1,
      type: 'create',
      table: 'error_reports',
      row_id: report.id,
      data: { message: 'again' },
    };
    expect(await transport.insertAnonymous([again])).toEqual([{ op_id: 'x', status: 'duplicate' }]);
  });
});
