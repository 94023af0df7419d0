// Issue 13's live parts on the server: sync health reports (RLS across users, the admin aggregate),
// visibility tombstones when a review is unpublished (shoppers hear them, admins do not), and new
// error reports reaching a subscribed admin over realtime but never a shopper.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, rest, serviceClient, uniqueEmail, userClient } from './helpers';

type Change = { eventType: string; new: Record<string, unknown> };

let admin: SupabaseClient;
let shopperA: SupabaseClient;
let shopperB: SupabaseClient;
let aId: string;
let modelId: string;

beforeAll(async () => {
  const adm = await createUser(uniqueEmail('live-admin'));
  const a = await createUser(uniqueEmail('live-a'));
  const b = await createUser(uniqueEmail('live-b'));
  aId = a.id;
  const svc = serviceClient();
  const { error } = await svc.from('user_roles').insert({ user_id: adm.id, role: 'admin' });
  if (error) throw new Error(error.message);
  admin = await userClient(adm.email);
  shopperA = await userClient(a.email);
  shopperB = await userClient(b.email);
  const model = await svc.from('car_models').select('id').limit(1).single();
  modelId = (model.data as { id: string }).id;
});

const open: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
afterEach(async () => {
  for (const { client, channel } of open.splice(0)) await client.removeChannel(channel);
});

function subscribe(client: SupabaseClient, table: string, event: 'INSERT' | '*' = 'INSERT'): Promise<Change[]> {
  const got: Change[] = [];
  return new Promise((resolve, reject) => {
    const channel = client
      .channel(`live-${table}-${crypto.randomUUID().slice(0, 6)}`)
      .on('postgres_changes' as never, { schema: 'public', table, event }, (p: Change) => got.push(p))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(got);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
    open.push({ client, channel });
  });
}

async function waitFor(pred: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface SyncHealth {
  clients_with_parked: number;
  total_parked: number;
  last_report_at: string | null;
  clients: { client_id: string; email: string | null; parked_count: number }[];
}

describe('sync health reports', () => {
  it('clients report parked counts; users read only their own rows; admins read the aggregate', async () => {
    const clientA = crypto.randomUUID();
    const anonDevice = crypto.randomUUID();
    expect((await shopperA.rpc('report_sync_health', { p_client_id: clientA, p_parked_count: 3 })).error).toBeNull();
    expect(
      (await anonClient().rpc('report_sync_health', { p_client_id: anonDevice, p_parked_count: 2 })).error,
    ).toBeNull();
    // B reporting with A's device id writes B's own row; A's stays as A reported it.
    expect((await shopperB.rpc('report_sync_health', { p_client_id: clientA, p_parked_count: 0 })).error).toBeNull();

    const own = await shopperA.from('sync_health_reports').select('client_id, user_id, parked_count');
    expect(own.data).toEqual([{ client_id: clientA, user_id: aId, parked_count: 3 }]);
    expect((await shopperB.from('sync_health_reports').select('*')).data).toEqual([]);
    expect((await anonClient().from('sync_health_reports').select('*')).data).toEqual([]);

    const health = await admin.rpc('admin_sync_health');
    expect(health.error).toBeNull();
    const h = health.data as SyncHealth;
    expect(h.clients.find((c) => c.client_id === clientA)).toMatchObject({ parked_count: 3 });
    expect(h.clients.find((c) => c.client_id === anonDevice)).toMatchObject({ parked_count: 2, email: null });
    expect(h.clients_with_parked).toBeGreaterThanOrEqual(2);
    expect(h.total_parked).toBeGreaterThanOrEqual(5);
    expect(h.last_report_at).not.toBeNull();

    // Cleared: the device reports 0 and drops out of the figures.
    await shopperA.rpc('report_sync_health', { p_client_id: clientA, p_parked_count: 0 });
    const after = (await admin.rpc('admin_sync_health')).data as SyncHealth;
    expect(after.clients.some((c) => c.client_id === clientA)).toBe(false);
    expect(after.total_parked).toBe(h.total_parked - 3);
  });

  it('refuses bad counts, direct writes and the admin aggregate to non-admins', async () => {
    const bad = await shopperA.rpc('report_sync_health', { p_client_id: crypto.randomUUID(), p_parked_count: -1 });
    expect(bad.error?.code).toBe('22023');
    const direct = await shopperA
      .from('sync_health_reports')
      .insert({ client_id: crypto.randomUUID(), user_id: aId, parked_count: 1 });
    expect(direct.error?.code).toBe('42501');
    const token = (await shopperA.auth.getSession()).data.session?.access_token ?? '';
    const raw = await rest('/sync_health_reports', {
      method: 'PATCH',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ parked_count: 99 }),
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect((await shopperA.rpc('admin_sync_health')).error?.code).toBe('42501');
    expect((await anonClient().rpc('admin_sync_health')).error).not.toBeNull();
  });

  it('a device that never had parked ops writes no row', async () => {
    const quiet = crypto.randomUUID();
    await shopperA.rpc('report_sync_health', { p_client_id: quiet, p_parked_count: 0 });
    const rows = await serviceClient().from('sync_health_reports').select('id').eq('client_id', quiet);
    expect(rows.data).toEqual([]);
  });
});

describe('review visibility tombstones', () => {
  it('unpublishing tells shoppers (pull and realtime) but not admins; publishing again withdraws it', async () => {
    const id = crypto.randomUUID();
    const ins = await admin
      .from('reviews')
      .insert({ id, car_model_id: modelId, author: 'Ed', title: 'Live test', cs_score: 7, published: true });
    expect(ins.error).toBeNull();
    const shopperHeard = await subscribe(anonClient(), 'deleted_rows');
    const adminHeard = await subscribe(admin, 'deleted_rows');

    expect((await admin.from('reviews').update({ published: false }).eq('id', id)).error).toBeNull();
    await waitFor(() => shopperHeard.some((c) => c.new.row_id === id));
    expect(shopperHeard.find((c) => c.new.row_id === id)?.new).toMatchObject({ table_name: 'reviews' });
    const pulled = await anonClient().from('deleted_rows').select('row_id').eq('row_id', id);
    expect(pulled.data).toEqual([{ row_id: id }]);
    expect((await shopperA.from('deleted_rows').select('row_id').eq('row_id', id)).data).toHaveLength(1);
    // The admin still has the review: the tombstone is not theirs to see.
    expect((await admin.from('deleted_rows').select('row_id').eq('row_id', id)).data).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(adminHeard.some((c) => c.new.row_id === id)).toBe(false);

    expect((await admin.from('reviews').update({ published: true }).eq('id', id)).error).toBeNull();
    expect((await anonClient().from('deleted_rows').select('row_id').eq('row_id', id)).data).toEqual([]);
    expect((await anonClient().from('reviews').select('id').eq('id', id)).data).toEqual([{ id }]);
  });

  it('an edit that keeps a review unpublished or published writes no tombstone', async () => {
    const id = crypto.randomUUID();
    await admin
      .from('reviews')
      .insert({ id, car_model_id: modelId, author: 'Ed', title: 'Draft', cs_score: 6, published: false });
    await admin.from('reviews').update({ title: 'Draft 2' }).eq('id', id);
    await admin.from('reviews').update({ published: true }).eq('id', id);
    await admin.from('reviews').update({ title: 'Final' }).eq('id', id);
    const rows = await serviceClient().from('deleted_rows').select('id').eq('row_id', id);
    expect(rows.data).toEqual([]);
  });
});

describe('error reports live', () => {
  it('a new report reaches a subscribed admin, never a shopper', async () => {
    const adminHeard = await subscribe(admin, 'error_reports');
    const shopperHeard = await subscribe(shopperB, 'error_reports');
    const id = crypto.randomUUID();
    const ins = await shopperA
      .from('error_reports')
      .insert({ id, message: 'live boom', severity: 'high', context: { component: 'test' } });
    expect(ins.error).toBeNull();
    await waitFor(() => adminHeard.some((c) => c.new.id === id));
    expect(adminHeard.find((c) => c.new.id === id)?.new).toMatchObject({ message: 'live boom' });
    await new Promise((r) => setTimeout(r, 300));
    expect(shopperHeard.some((c) => c.new.id === id)).toBe(false);
  });
});
