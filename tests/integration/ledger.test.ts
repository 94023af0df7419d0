// apply_mutations through supabase-js (the sync engine's push): exactly-once with the ledger, per-op
// errors and skips, anon rejection, and RLS applying inside the call.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
  type Op,
  type OpResult,
} from './helpers';

const svc = serviceClient();
let fx: CatalogueFixture;
let a: { id: string; client: SupabaseClient };
let b: { id: string; client: SupabaseClient };
let seq = 0;

function op(type: Op['type'], table: string, rowId: string, data?: Record<string, unknown>): Op {
  seq += 1;
  return { op_id: randomUUID(), seq, type, table, row_id: rowId, data };
}

async function push(client: SupabaseClient, clientId: string, ops: Op[]): Promise<OpResult[]> {
  const { data, error } = await client.rpc('apply_mutations', { client_id: clientId, ops });
  if (error) throw new Error(`apply_mutations failed: ${error.code} ${error.message}`);
  return data as OpResult[];
}

async function row(table: string, id: string): Promise<Record<string, unknown> | null> {
  const { data, error } = await svc.from(table).select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const ua = await createUser(uniqueEmail('ledger-a'));
  const ub = await createUser(uniqueEmail('ledger-b'));
  a = { id: ua.id, client: await userClient(ua.email) };
  b = { id: ub.id, client: await userClient(ub.email) };
});

describe('apply_mutations', () => {
  it('applies a replayed batch once, increments included', async () => {
    const rec = randomUUID();
    const alert = randomUUID();
    // recommendations are made by the server (service role); the client counts views and clicks
    const made = await svc.from('personalized_recommendations').insert({
      id: rec,
      user_id: a.id,
      car_model_id: fx.models.hatch,
      recommendation_score: 72.5,
      reasons: ['Fits your budget'],
    });
    expect(made.error).toBeNull();
    const batch = [
      op('update', 'personalized_recommendations', rec, { $inc: { shown_count: 1 } }),
      op('update', 'personalized_recommendations', rec, { clicked: true, $inc: { shown_count: 2 } }),
      op('create', 'price_alerts', alert, {
        user_id: a.id,
        vehicle_listing_id: fx.listings[0].id,
        target_price: 4500,
        current_price: 5000,
      }),
    ];
    const first = await push(a.client, 'device-replay', batch);
    expect(first).toEqual(
      batch.map((o) => ({
        op_id: o.op_id,
        status: 'applied',
        affected: 1,
        row: expect.objectContaining({ id: o.row_id }),
      })),
    );
    const again = await push(a.client, 'device-replay', batch);
    expect(again).toEqual(batch.map((o) => ({ op_id: o.op_id, status: 'duplicate' })));
    expect(await row('personalized_recommendations', rec)).toMatchObject({
      shown_count: 3,
      clicked: true,
      reasons: ['Fits your budget'],
    });
    // the ledger is readable by its owner only
    const own = await a.client.from('mutation_ledger').select('op_id').eq('client_id', 'device-replay');
    expect(own.data).toHaveLength(3);
    const other = await b.client.from('mutation_ledger').select('op_id').eq('client_id', 'device-replay');
    expect(other.data).toEqual([]);
  });

  it('applies the same batch once when it is sent twice at the same time', async () => {
    const id = randomUUID();
    await push(a.client, 'device-race-setup', [
      op('create', 'search_interactions', id, { user_id: a.id, interaction_type: 'view' }),
    ]);
    const batch = [op('update', 'search_interactions', id, { $inc: { results_clicked: 1 } })];
    const [r1, r2] = await Promise.all([push(a.client, 'device-race', batch), push(a.client, 'device-race', batch)]);
    expect([r1[0].status, r2[0].status].sort()).toEqual(['applied', 'duplicate']);
    expect((await row('search_interactions', id))?.results_clicked).toBe(1);
  });

  it('reports an error with its SQLSTATE, skips later ops on that row and carries on with others', async () => {
    const bad = randomUUID();
    const good = randomUUID();
    const batch = [
      op('create', 'price_alerts', bad, { user_id: a.id, target_price: -5, current_price: 5000 }),
      op('update', 'price_alerts', bad, { is_active: false }),
      op('create', 'bookmarks', good, { user_id: a.id, vehicle_listing_id: fx.listings[1].id, note: 'Shortlist' }),
      op('delete', 'price_alerts', bad),
      op('update', 'bookmarks', good, { mystery_column: 1 }),
    ];
    const res = await push(a.client, 'device-errors', batch);
    expect(res.map((r) => r.status)).toEqual(['error', 'skipped', 'applied', 'skipped', 'error']);
    expect(res[0].code).toBe('23514');
    expect(res[4].code).toBe('PGRST204');
    expect(await row('price_alerts', bad)).toBeNull();
    expect(await row('bookmarks', good)).toMatchObject({ note: 'Shortlist' });
    // a failed op is not in the ledger: fixing the data and sending it again applies it
    const retry = await push(a.client, 'device-errors', [
      { ...batch[0], seq: 1000, data: { user_id: a.id, target_price: 4000, current_price: 5000 } },
    ]);
    expect(retry[0].status).toBe('applied');
  });

  it('rejects anonymous callers', async () => {
    const { data, error, status } = await anonClient().rpc('apply_mutations', {
      client_id: 'anon',
      ops: [op('delete', 'bookmarks', randomUUID())],
    });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });

  it('runs as the caller: B cannot write A rows', async () => {
    const mine = randomUUID();
    await push(a.client, 'device-a', [
      op('create', 'bookmarks', mine, { user_id: a.id, car_model_id: fx.models.suv, note: 'A only' }),
    ]);
    // an update or delete that RLS hides is an error, not 'applied' with 0 rows (issue 9 item 8)
    const update = await push(b.client, 'device-b', [op('update', 'bookmarks', mine, { note: 'hijacked' })]);
    const res = await push(b.client, 'device-b', [
      op('delete', 'bookmarks', mine),
      op('create', 'bookmarks', randomUUID(), { user_id: a.id, car_model_id: fx.models.saloon }),
      op('create', 'notifications', randomUUID(), { user_id: b.id, title: 'Fake alert' }),
      op('create', 'user_roles', randomUUID(), { user_id: b.id, role: 'admin' }),
    ]);
    expect([...update, ...res].map((r) => [r.status, r.affected ?? r.code])).toEqual([
      ['error', '42501'],
      ['error', '42501'],
      ['error', '42501'],
      ['error', '42501'],
      ['error', '42501'],
    ]);
    expect(await row('bookmarks', mine)).toMatchObject({ user_id: a.id, note: 'A only' });
    expect((await b.client.rpc('is_admin')).data).toBe(false);
  });

  it('deletes and logs a tombstone the owner can pull', async () => {
    const id = randomUUID();
    await push(a.client, 'device-del', [
      op('create', 'bookmarks', id, { user_id: a.id, car_model_id: fx.models.hatch }),
    ]);
    const res = await push(a.client, 'device-del', [op('delete', 'bookmarks', id)]);
    expect(res[0]).toMatchObject({ status: 'applied', affected: 1 });
    const tomb = await a.client.from('deleted_rows').select('table_name, row_id').eq('row_id', id);
    expect(tomb.data).toEqual([{ table_name: 'bookmarks', row_id: id }]);
    const hidden = await b.client.from('deleted_rows').select('id').eq('row_id', id);
    expect(hidden.data).toEqual([]);
  });
});
