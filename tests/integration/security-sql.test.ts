// Issue 9 items 8 and 10 (newsletter) and the database rate limits of item 7, through supabase-js and raw
// HTTP against the stack: apply_mutations reports ops that reach no row, scopes the ledger per user,
// prunes it after the retry horizon and returns the rows it wrote (issue 10 item 5); preference creates
// merge into the user's one row; error reports and newsletter sign-ups are rate limited per address / user;
// signing up twice answers like signing up once.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fetchFrom, loopbackAddress, requestFrom } from './from-address';
import {
  anonClient,
  createUser,
  rest,
  seedCatalogueFixture,
  serviceClient,
  stack,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
  type Op,
  type OpResult,
} from './helpers';

const NO_ROW = 'The row does not exist or you may not change it';
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

async function svcRow(table: string, id: string): Promise<Record<string, unknown> | null> {
  const { data, error } = await svc.from(table).select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
}

async function ledgerOf(client: SupabaseClient, clientId: string): Promise<string[]> {
  const { data, error } = await client.from('mutation_ledger').select('op_id').eq('client_id', clientId);
  if (error) throw new Error(error.message);
  return (data as { op_id: string }[]).map((r) => r.op_id).sort();
}

async function signedIn(prefix: string): Promise<{ id: string; client: SupabaseClient }> {
  const u = await createUser(uniqueEmail(prefix));
  return { id: u.id, client: await userClient(u.email) };
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  a = await signedIn('secsql-a');
  b = await signedIn('secsql-b');
});

describe('apply_mutations: ops that reach no row', () => {
  it("reports an update or delete of another user's row as a 42501 error and keeps it out of the ledger", async () => {
    const mine = randomUUID();
    const create = op('create', 'bookmarks', mine, { user_id: a.id, car_model_id: fx.models.suv, note: 'A only' });
    await push(a.client, 'sec-owner', [create]);
    const update = op('update', 'bookmarks', mine, { note: 'hijacked' });
    const remove = op('delete', 'bookmarks', mine);
    const [u] = await push(b.client, 'sec-intruder', [update]);
    const [d] = await push(b.client, 'sec-intruder', [remove]);
    expect(u).toEqual({ op_id: update.op_id, status: 'error', code: '42501', message: NO_ROW });
    expect(d).toEqual({ op_id: remove.op_id, status: 'error', code: '42501', message: NO_ROW });
    expect(await svcRow('bookmarks', mine)).toMatchObject({ user_id: a.id, note: 'A only' });
    // never parked as done: the same op sent again is rejected again, not a duplicate
    expect((await push(b.client, 'sec-intruder', [update]))[0]).toMatchObject({ status: 'error', code: '42501' });
    expect(await ledgerOf(b.client, 'sec-intruder')).toEqual([]);
  });

  it('reports an update or delete of a row that does not exist the same way', async () => {
    const ghost = randomUUID();
    const res = await push(a.client, 'sec-ghost', [
      op('update', 'price_alerts', ghost, { is_active: false }),
      op('delete', 'search_interactions', ghost),
      op('update', 'bookmarks', ghost, {}),
    ]);
    expect(res.map((r) => [r.status, r.code, r.message])).toEqual([
      ['error', '42501', NO_ROW],
      ['error', '42501', NO_ROW],
      ['error', '42501', NO_ROW],
    ]);
    expect(await ledgerOf(a.client, 'sec-ghost')).toEqual([]);
  });

  it('answers the same over raw HTTP (the sync transport)', async () => {
    const mine = randomUUID();
    const create = op('create', 'search_interactions', mine, { user_id: a.id, interaction_type: 'view' });
    await push(a.client, 'sec-raw-owner', [create]);
    const attempt = op('update', 'search_interactions', mine, { $inc: { results_clicked: 5 } });
    const res = await rest('/rpc/apply_mutations', {
      method: 'POST',
      token: await tokenOf(b.client),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'sec-raw', ops: [attempt] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ op_id: attempt.op_id, status: 'error', code: '42501', message: NO_ROW }]);
    expect((await svcRow('search_interactions', mine))?.results_clicked).toBe(0);
  });
});

describe('apply_mutations: the ledger is per user', () => {
  it("does not answer another user's op id as a duplicate", async () => {
    const shared = randomUUID();
    const aRow = randomUUID();
    const bRow = randomUUID();
    const aOp = { ...op('create', 'bookmarks', aRow, { user_id: a.id, car_model_id: fx.models.hatch }), op_id: shared };
    const bOp = { ...op('create', 'bookmarks', bRow, { user_id: b.id, car_model_id: fx.models.hatch }), op_id: shared };
    expect((await push(a.client, 'sec-shared-op-a', [aOp]))[0].status).toBe('applied');
    expect((await push(b.client, 'sec-shared-op-b', [bOp]))[0].status).toBe('applied');
    expect(await svcRow('bookmarks', bRow)).toMatchObject({ user_id: b.id });
    // each user's own replay is still exactly once
    expect((await push(b.client, 'sec-shared-op-b', [bOp]))[0].status).toBe('duplicate');
  });

  it('lets two users use the same client id and sequence numbers', async () => {
    const clientId = `sec-same-device-${randomUUID()}`;
    const search = (userId: string) => ({
      ...op('create', 'search_interactions', randomUUID(), { user_id: userId, interaction_type: 'search' }),
      seq: 1,
    });
    const aOp = search(a.id);
    const bOp = search(b.id);
    expect((await push(a.client, clientId, [aOp]))[0].status).toBe('applied');
    const [res] = await push(b.client, clientId, [bOp]);
    expect(res).toMatchObject({ status: 'applied', affected: 1 });
    expect(await ledgerOf(b.client, clientId)).toEqual([bOp.op_id]);
  });
});

describe('apply_mutations: ledger retention', () => {
  it('prunes entries older than the retry horizon; a replay inside it is still a duplicate', async () => {
    const u = await signedIn('secsql-prune');
    const clientId = 'sec-prune';
    const old = op('create', 'search_interactions', randomUUID(), { user_id: u.id, interaction_type: 'view' });
    const recent = op('create', 'search_interactions', randomUUID(), { user_id: u.id, interaction_type: 'view' });
    await push(u.client, clientId, [old, recent]);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    for (const [o, age] of [
      [old, 31],
      [recent, 29],
    ] as const) {
      const { error } = await svc
        .from('mutation_ledger')
        .update({ applied_at: days(age) })
        .eq('user_id', u.id)
        .eq('op_id', o.op_id);
      expect(error).toBeNull();
    }
    // any push prunes what has expired
    await push(u.client, clientId, [
      op('create', 'search_interactions', randomUUID(), { user_id: u.id, interaction_type: 'view' }),
    ]);
    const left = await ledgerOf(u.client, clientId);
    expect(left).toContain(recent.op_id);
    expect(left).not.toContain(old.op_id);
    expect((await push(u.client, clientId, [recent]))[0].status).toBe('duplicate');
    // past the horizon the op is no longer remembered: it is applied (here: the idempotent create) again
    expect((await push(u.client, clientId, [old]))[0].status).toBe('applied');
    const { data: horizon } = await u.client.rpc('mutation_ledger_retention');
    expect(horizon).toBe('30 days');
  });
});

describe("apply_mutations: 'applied' results carry the row as written", () => {
  it('returns the created, updated and deleted rows (null for a delete)', async () => {
    const id = randomUUID();
    const res = await push(a.client, 'sec-rows', [
      op('create', 'price_alerts', id, {
        user_id: a.id,
        vehicle_listing_id: fx.listings[0].id,
        target_price: 4500,
        current_price: 5000,
      }),
      op('update', 'price_alerts', id, { is_active: false, $inc: { times_triggered: 2 } }),
    ]);
    const { data: stored } = await a.client.from('price_alerts').select('*').eq('id', id).single();
    expect(res[1]).toEqual({ op_id: res[1].op_id, status: 'applied', affected: 1, row: stored });
    expect(res[0].row).toMatchObject({
      id,
      user_id: a.id,
      target_price: 4500,
      price_drop_threshold: 5,
      is_active: true,
      times_triggered: 0,
    });
    expect(typeof res[0].row?.updated_at).toBe('string');
    const [del] = await push(a.client, 'sec-rows', [op('delete', 'price_alerts', id)]);
    expect(del).toEqual({ op_id: del.op_id, status: 'applied', affected: 1, row: null });
  });

  it('returns the row after server triggers and null for an insert-only table', async () => {
    const report = randomUUID();
    const [res] = await push(a.client, 'sec-rows-write-only', [
      op('create', 'error_reports', report, { message: 'Boom', severity: 'high' }),
    ]);
    expect(res).toEqual({ op_id: res.op_id, status: 'applied', affected: 1, row: null });
    expect((await svcRow('error_reports', report))?.user_id).toBe(a.id);
  });
});

describe('apply_mutations: preferences are one row per user', () => {
  it("merges a second device's create into the existing row and keeps its id", async () => {
    const u = await signedIn('secsql-prefs');
    const first = randomUUID();
    const second = randomUUID();
    const prefs = (email: boolean) => ({
      email_notifications: email,
      price_drop_alerts: true,
      new_match_alerts: true,
      weekly_digest: false,
      instant_notifications: false,
    });
    const save = (clientId: string, type: Op['type'], id: string, email: boolean) =>
      push(u.client, clientId, [
        op(type, 'user_preferences', id, { user_id: u.id, notification_preferences: prefs(email) }),
      ]);
    const [one] = await save('sec-prefs-phone', 'create', first, true);
    expect(one.row).toMatchObject({ id: first });
    const [two] = await save('sec-prefs-laptop', 'create', second, false);
    expect(two).toMatchObject({
      status: 'applied',
      affected: 1,
      row: { id: first, user_id: u.id, notification_preferences: prefs(false) },
    });
    const { data: rows } = await u.client.from('user_preferences').select('id, notification_preferences');
    expect(rows).toEqual([{ id: first, notification_preferences: prefs(false) }]);
    // the laptop's later update under its own id reaches the one row
    const [upd] = await save('sec-prefs-laptop', 'update', second, true);
    expect(upd.row).toMatchObject({ id: first, notification_preferences: prefs(true) });
  });

  it('merges profiles column by column and never touches another user', async () => {
    const u = await signedIn('secsql-profile');
    const first = randomUUID();
    const profile = (id: string, data: Record<string, unknown>) => [op('create', 'user_preference_profiles', id, data)];
    await push(u.client, 'sec-profile-1', profile(first, { user_id: u.id, budget_max: 30000, family_size: 4 }));
    const [merged] = await push(
      u.client,
      'sec-profile-2',
      profile(randomUUID(), { user_id: u.id, budget_max: 42000, preferred_fuel_types: ['hybrid'] }),
    );
    expect(merged.row).toMatchObject({
      id: first,
      budget_max: 42000,
      family_size: 4,
      preferred_fuel_types: ['hybrid'],
    });
    const [foreign] = await push(a.client, 'sec-profile-a', profile(randomUUID(), { user_id: u.id, budget_max: 1 }));
    expect(foreign).toMatchObject({ status: 'error', code: '42501' });
    expect((await svcRow('user_preference_profiles', first))?.budget_max).toBe(42000);
  });
});

describe('newsletter sign-up', () => {
  async function subscribe(from: string, email: string) {
    return requestFrom(from, `${stack().url}/rest/v1/rpc/subscribe_newsletter`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${stack().anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email }),
    });
  }

  it('answers a second sign-up of the same address exactly like the first', async () => {
    const from = loopbackAddress();
    const email = uniqueEmail('news');
    const first = await subscribe(from, email);
    const again = await subscribe(from, `  ${email.toUpperCase()} `);
    const fresh = await subscribe(from, uniqueEmail('news'));
    for (const r of [first, again, fresh]) expect([r.status, r.text]).toEqual([204, '']);
    const { data } = await svc.from('newsletter_subscriptions').select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
  });

  it('refuses direct inserts (whose 409 told which addresses exist) and keeps the list unreadable', async () => {
    const existing = uniqueEmail('news-known');
    const c = createClient(stack().url, stack().anonKey, {
      auth: { persistSession: false },
      global: { fetch: fetchFrom(loopbackAddress()) },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    expect((await c.rpc('subscribe_newsletter', { email: existing })).error).toBeNull();
    const dup = await c.from('newsletter_subscriptions').insert({ email: existing });
    const fresh = await c.from('newsletter_subscriptions').insert({ email: uniqueEmail('news-new') });
    expect([dup.status, dup.error?.code]).toEqual([401, '42501']);
    expect([fresh.status, fresh.error?.code]).toEqual([401, '42501']);
    expect((await anonClient().from('newsletter_subscriptions').select('email')).data).toEqual([]);
    expect((await a.client.from('newsletter_subscriptions').select('email')).data).toEqual([]);
  });

  it('rejects a malformed address with a clear error', async () => {
    const res = await subscribe(loopbackAddress(), 'not-an-address');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ code: '22023', message: 'Invalid email format' });
  });

  it('allows 5 sign-ups per address per 15 minutes, then 429; another address is unaffected', async () => {
    const from = loopbackAddress();
    for (let i = 0; i < 5; i += 1) expect((await subscribe(from, uniqueEmail('news-burst'))).status).toBe(204);
    const over = await subscribe(from, uniqueEmail('news-burst'));
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toEqual({
      code: 'PT429',
      message: 'Too many sign-ups. Please try again later.',
      details: null,
      hint: 'At most 5 per 15 minutes.',
    });
    // an address already on the list is counted too (no difference to observe)
    expect((await subscribe(from, 'already@example.com')).status).toBe(429);
    expect((await subscribe(loopbackAddress(), uniqueEmail('news-other'))).status).toBe(204);
  });
});

describe('error report rate limit', () => {
  const report = (from: string, forwardedFor: string) =>
    requestFrom(from, `${stack().url}/rest/v1/error_reports`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${stack().anonKey}`,
        'content-type': 'application/json',
        'x-forwarded-for': forwardedFor,
      },
      body: JSON.stringify({ message: 'Client crash', severity: 'low', context: { component: 'Test' } }),
    });

  it('takes 30 anonymous reports per address per 15 minutes, however X-Forwarded-For is forged', async () => {
    const from = loopbackAddress();
    for (let i = 0; i < 30; i += 1) expect((await report(from, `203.0.113.${i + 1}`)).status).toBe(201);
    const over = await report(from, '198.51.100.7');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toMatchObject({
      code: 'PT429',
      message: 'Too many error reports. Please try again later.',
    });
    expect((await report(loopbackAddress(), '203.0.113.1')).status).toBe(201);
  });

  it('limits a signed-in reporter per user, through the Data API and apply_mutations alike', async () => {
    const u = await signedIn('secsql-reporter');
    for (let i = 0; i < 29; i += 1) {
      const { error } = await u.client.from('error_reports').insert({ message: `Crash ${i}` });
      expect(error).toBeNull();
    }
    const res = await push(u.client, 'sec-reports', [
      op('create', 'error_reports', randomUUID(), { message: 'Crash 29' }),
      op('create', 'error_reports', randomUUID(), { message: 'Crash 30' }),
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['error', 'PT429'],
    ]);
    const direct = await u.client.from('error_reports').insert({ message: 'one more' });
    expect([direct.status, direct.error?.code]).toEqual([429, 'PT429']);
    // another user is unaffected
    expect((await b.client.from('error_reports').insert({ message: 'B crash' })).error).toBeNull();
  });

  it('keeps the counters out of the API', async () => {
    const res = await rest('/rate_limit_hits?select=*');
    expect(res.status).toBe(404);
    const other = await rest('/rate_limit_hits?select=*', { headers: { 'accept-profile': 'private' } });
    expect(other.status).toBe(406);
    const fn = await rest('/rpc/enforce_rate_limit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bucket: 'error_reports', max_hits: 0, per: '1 year', refusal: 'x' }),
    });
    expect([401, 404]).toContain(fn.status);
  });
});
