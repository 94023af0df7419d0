// Issue 31, the next holes of the kinds the report named (migrations 20261128000600..0800):
//   * hole 5's kind: a dealer's listing title rode into the price-drop e-mail's subject and into every
//     watcher's or saved-search owner's notification; product messages now name the car from the catalogue;
//   * hole 3's kind: the client roles held every write privilege on every table (and on tables yet to
//     come); now only the writes the app makes, and the SECURITY DEFINER functions are pinned and closed;
//   * hole 7's kind: price alerts, bookmarks and listings took unbounded inserts, and
//     personalized_recommendations took client inserts at all.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPriceDropAlert, SAMPLE_PRICE_DROP } from '../../supabase/functions/_shared/templates';
import type { Db } from '../../supabase/local/types';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';
import {
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

const PHISH = 'URGENT: verify your account at evil.example';
const RATE_LIMITED = 'Too many attempts. Please try again later.';
const svc = serviceClient();
let fx: CatalogueFixture;
let seq = 0;

type Who = { id: string; email: string; client: SupabaseClient; token: string };

async function person(prefix: string): Promise<Who> {
  const u = await createUser(uniqueEmail(prefix));
  const client = await userClient(u.email);
  const token = (await client.auth.getSession()).data.session!.access_token;
  return { ...u, client, token };
}

async function push(who: Who, ops: Omit<Op, 'op_id' | 'seq'>[]): Promise<OpResult[]> {
  const wire = ops.map((o) => ({ ...o, op_id: randomUUID(), seq: (seq += 1) }));
  const { data, error } = await who.client.rpc('apply_mutations', { client_id: `more-${who.id}`, ops: wire });
  if (error) throw new Error(`apply_mutations failed: ${error.code} ${error.message}`);
  return data as OpResult[];
}

function send(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  return rest(path, {
    method,
    token,
    headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function waitFor<T>(probe: () => Promise<T | null>, ms = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The catalogue's name of a fixture listing: '<year> <brand> <model>'. */
const catalogueName = (year: number, brand: 'Alpha' | 'Beta', model: 'hatch' | 'saloon') =>
  `${year} ${brand} ${fx.prefix} ${model} ${fx.prefix}`;

beforeAll(async () => {
  fx = await seedCatalogueFixture();
});

describe("issue 31 (same kind as hole 5): product messages name the car from the catalogue, never a dealer's title", () => {
  let dealer: Who;

  beforeAll(async () => {
    dealer = await person('more-dealer');
    const { error } = await svc
      .from('dealer_members')
      .insert({ dealer_id: fx.dealers.north, user_id: dealer.id, role: 'owner' });
    if (error) throw new Error(error.message);
  });

  it('keeps a phishing title out of the price-drop e-mail (subject, text, html) and the notification', async () => {
    const watcher = await person('more-watcher');
    const { data: listing, error } = await svc
      .from('vehicle_listings')
      .insert({
        dealer_id: fx.dealers.north,
        car_model_id: fx.models.hatch,
        brand_id: fx.brands.alpha,
        title: `${PHISH}\r\nBcc: everyone@example.com`,
        price: 9000,
        year: 2021,
        mileage: 20000,
        fuel_type: 'petrol',
        body_style: 'hatchback',
        gearbox: 'manual',
        seats: 5,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const alert = await watcher.client
      .from('price_alerts')
      .insert({ user_id: watcher.id, vehicle_listing_id: listing!.id, target_price: 8500, current_price: 9000 });
    expect(alert.error).toBeNull();
    expect(
      (await dealer.client.from('vehicle_listings').update({ price: 8400 }).eq('id', listing!.id)).error,
    ).toBeNull();

    const name = catalogueName(2021, 'Alpha', 'hatch');
    const mail = await waitFor(async () => {
      const res = await fetch(`${stack().url}/mailbox/v1/messages?to=${encodeURIComponent(watcher.email)}`, {
        headers: { apikey: stack().serviceRoleKey },
      });
      const list = (await res.json()) as { subject: string; text: string; html: string }[];
      return list.length > 0 ? list[0] : null;
    });
    expect(mail.subject).toBe(`Price drop: ${name} is now £8,400`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('URGENT');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Bcc');
    }
    const { data: notes } = await watcher.client.from('notifications').select('title, message');
    expect(notes).toEqual([{ title: `Price drop: ${name}`, message: expect.stringContaining('£8,400') }]);
  });

  it("names a new listing that matches a saved search from the catalogue (the owner's own search name stays)", async () => {
    const owner = await person('more-searcher');
    const search = await owner.client.from('saved_searches').insert({
      user_id: owner.id,
      name: 'My saloons',
      filters: { make: `${fx.prefix}-beta`, model: `${fx.prefix}-saloon`, price_max: 7000 },
    });
    expect(search.error).toBeNull();
    const made = await dealer.client
      .from('vehicle_listings')
      .insert({
        dealer_id: fx.dealers.north,
        car_model_id: fx.models.saloon,
        brand_id: fx.brands.beta,
        title: PHISH,
        price: 6500,
        year: 2019,
        mileage: 40000,
        fuel_type: 'diesel',
        body_style: 'sedan',
        gearbox: 'manual',
        seats: 5,
        registration: 'AB19 CDE',
        colour: 'Grey',
        engine_cc: 1500,
      })
      .select('id')
      .single();
    expect(made.error).toBeNull();
    const { data: notes } = await owner.client.from('notifications').select('type, title, message');
    expect(notes).toEqual([
      {
        type: 'new_match',
        title: `New match: ${catalogueName(2019, 'Beta', 'saloon')}`,
        message: expect.stringContaining('matches your saved search "My saloons"'),
      },
    ]);
    expect(JSON.stringify(notes)).not.toContain('URGENT');
  });

  it('keeps every subject to one line, whatever name reaches the template', () => {
    const mail = renderPriceDropAlert({
      ...SAMPLE_PRICE_DROP,
      car_name: `Golf\r\nBcc: x@evil.example\u2028${'y'.repeat(300)}`,
    });
    expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(mail.subject.length).toBeLessThanOrEqual(120);
    // the name cannot start a line of its own in the text part either
    expect(mail.text.split('\n').filter((line) => line.startsWith('Bcc'))).toEqual([]);
    expect(mail.html).not.toMatch(/[\r\u2028]/);
  });
});

// ---------------------------------------------------------------------------------------------------
// Grants, on a stack of the test's own (its catalogue read through SQL).
// ---------------------------------------------------------------------------------------------------
type Grants = Record<string, { anon?: string[]; authenticated?: string[] }>;

const USER_WRITES = ['DELETE', 'INSERT', 'UPDATE'];
const EXPECTED_WRITES: Grants = {
  'public.bookmarks': { authenticated: USER_WRITES },
  'public.brands': { authenticated: USER_WRITES },
  'public.car_models': { authenticated: USER_WRITES },
  'public.dealer_members': { authenticated: USER_WRITES },
  'public.dealers': { authenticated: USER_WRITES },
  'public.error_reports': { anon: ['INSERT'], authenticated: ['INSERT', 'UPDATE'] },
  'public.lead_messages': { authenticated: ['INSERT'] },
  'public.leads': { authenticated: ['INSERT', 'UPDATE'] },
  'public.mutation_ledger': { authenticated: ['INSERT'] },
  'public.notifications': { authenticated: ['DELETE', 'UPDATE'] },
  'public.personalized_recommendations': { authenticated: ['UPDATE'] },
  'public.price_alerts': { authenticated: USER_WRITES },
  'public.reviews': { authenticated: USER_WRITES },
  'public.rxdb_bench_bookmarks': { authenticated: USER_WRITES },
  'public.saved_searches': { authenticated: USER_WRITES },
  'public.search_interactions': { authenticated: USER_WRITES },
  'public.user_preference_profiles': { authenticated: USER_WRITES },
  'public.user_preferences': { authenticated: USER_WRITES },
  'public.vehicle_listings': { authenticated: USER_WRITES },
  // As hosted Storage grants them; RLS lets only dealer members write, under their own prefix.
  'storage.objects': { anon: ['DELETE', 'INSERT', 'UPDATE'], authenticated: ['DELETE', 'INSERT', 'UPDATE'] },
};

// SECURITY DEFINER functions a client may call (each checks its caller itself).
const POLICY_HELPERS = ['is_admin()', 'is_dealer_member(dealer uuid)', 'is_lead_participant(lead uuid)'];
const PUBLIC_RPCS = [
  'record_listing_view(p_listing_id uuid)', // capped per viewer and listing (issue 33)
  'report_sync_health(p_client_id uuid, p_parked_count integer)',
  'subscribe_newsletter(email text)',
];
const EXPECTED_DEFINERS = {
  anon: [...POLICY_HELPERS, ...PUBLIC_RPCS].sort(),
  authenticated: [
    ...POLICY_HELPERS,
    ...PUBLIC_RPCS,
    'can_write_listing_photo(object_name text)', // storage.objects' write policies (issue 33)
    'admin_counts()',
    'admin_dashboard(p_days integer)',
    'admin_rls_status()',
    'admin_set_role(p_user_id uuid, p_is_admin boolean)',
    'admin_sync_health(p_days integer)',
    'admin_user_emails(p_user_ids uuid[])',
    'admin_users(p_query text)',
    'admin_web_vitals()',
    'dealer_listing_performance(p_dealer_id uuid)', // refuses all but the dealer's members and admins
    'delete_my_account()',
    'export_my_data()',
    'prune_mutation_ledger(max_rows integer)', // apply_mutations (SECURITY INVOKER) calls it
    'saved_search_new_counts()', // counts for the caller's own saved searches only (auth.uid()), issue 32
  ].sort(),
};

/** Schemas either client role may use (a relation or function elsewhere is out of its reach). */
const REACHABLE = `select n.oid, n.nspname from pg_namespace n
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    and (has_schema_privilege('anon', n.oid, 'usage') or has_schema_privilege('authenticated', n.oid, 'usage'))`;

async function writeGrants(db: Db): Promise<Grants> {
  const { rows } = await db.query<{ rel: string; role: 'anon' | 'authenticated'; privs: string[] }>(
    `with s as (${REACHABLE})
     select s.nspname || '.' || c.relname as rel, r.role,
            array_agg(p.priv order by p.priv) as privs
       from pg_class c join s on s.oid = c.relnamespace
      cross join (values ('anon'), ('authenticated')) r(role)
      cross join unnest(array['INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p(priv)
      where c.relkind in ('r', 'p', 'v', 'm', 'f') and has_table_privilege(r.role, c.oid, p.priv)
      group by 1, 2 order by 1, 2`,
  );
  const grants: Grants = {};
  for (const r of rows) grants[r.rel] = { ...grants[r.rel], [r.role]: r.privs };
  return grants;
}

describe('issue 31 (same kind as hole 3): the client roles hold only the writes the app makes', () => {
  let own: DedicatedStack;
  let db: Db;

  beforeAll(async () => {
    own = await startDedicatedStack({});
    db = own.running.db;
  });
  afterAll(async () => {
    await own?.dispose();
  });

  it('grants anon and authenticated exactly the allow-listed writes, and no TRUNCATE, REFERENCES or TRIGGER', async () => {
    expect(await writeGrants(db)).toEqual(EXPECTED_WRITES);
  });

  it('leaves reads to RLS: both roles still hold SELECT on the tables they held it on', async () => {
    const { rows } = await db.query<{ ok: boolean }>(
      `select bool_and(has_table_privilege(r, t, 'select')) as ok
         from unnest(array['anon', 'authenticated']) r,
              unnest(array['public.notifications', 'public.deleted_rows', 'public.vehicle_listings',
                           'public.outcode_centroids']) t`,
    );
    expect(rows[0].ok).toBe(true);
  });

  it('gives a table created later no client write privilege (default privileges)', async () => {
    const table = `zz_later_${randomUUID().slice(0, 8)}`;
    await db.exec(`create table public.${table} (id integer primary key)`);
    try {
      const grants = await writeGrants(db);
      expect(grants[`public.${table}`]).toBeUndefined();
    } finally {
      await db.exec(`drop table public.${table}`);
    }
  });

  it('pins every SECURITY DEFINER function the client roles can reach to a search_path ending in pg_temp', async () => {
    const { rows } = await db.query<{ fn: string; config: string[] | null }>(
      `with s as (${REACHABLE})
       select s.nspname || '.' || p.proname as fn, p.proconfig as config
         from pg_proc p join s on s.oid = p.pronamespace where p.prosecdef order by 1`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const unpinned = rows
      .filter((r) => !(r.config ?? []).some((c) => /^search_path=.*\bpg_temp$/.test(c)))
      .map((r) => r.fn);
    expect(unpinned).toEqual([]);
  });

  it('lets the client roles call only the allow-listed SECURITY DEFINER functions', async () => {
    const callable = async (role: string) =>
      (
        await db.query<{ fn: string }>(
          `with s as (${REACHABLE})
           select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as fn
             from pg_proc p join s on s.oid = p.pronamespace
            where p.prosecdef and p.prorettype <> 'trigger'::regtype and s.nspname = 'public'
              and has_function_privilege($1, p.oid, 'execute')
            order by 1`,
          [role],
        )
      ).rows.map((r) => r.fn);
    expect(await callable('anon')).toEqual(EXPECTED_DEFINERS.anon);
    expect(await callable('authenticated')).toEqual(EXPECTED_DEFINERS.authenticated);
  });

  it('takes at most 500 expired ledger rows from a direct prune call', async () => {
    const uid = randomUUID();
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [uid, `${uid}@example.com`]);
    await db.query(
      `insert into public.mutation_ledger (op_id, client_id, seq, user_id, table_name, row_id, op_type, applied_at)
       select gen_random_uuid(), 'old-device', g, $1, 'bookmarks', gen_random_uuid(), 'create',
              now() - interval '400 days'
         from generate_series(1, 600) g`,
      [uid],
    );
    const pruned = await db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: uid, role: 'authenticated' }),
      ]);
      return (await tx.query<{ n: number }>('select public.prune_mutation_ledger(100000) as n')).rows[0].n;
    });
    expect(pruned).toBe(500);
  });

  it("refuses a signed-in user's writes to tombstones and notifications outright (403 / 42501)", async () => {
    const who = await person('more-grants');
    const tomb = (
      await svc
        .from('deleted_rows')
        .insert({ table_name: 'bookmarks', row_id: randomUUID(), user_id: who.id })
        .select('id')
        .single()
    ).data!;
    const del = await send('DELETE', `/deleted_rows?id=eq.${tomb.id}`, who.token);
    expect(del.status).toBe(403);
    expect(await del.json()).toMatchObject({ code: '42501' });
    const forged = await send('POST', '/notifications', who.token, { user_id: who.id, title: PHISH, type: 'other' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: '42501', message: 'permission denied for table notifications' });
    const anonPatch = await send('PATCH', `/notifications?user_id=eq.${who.id}`, stack().anonKey, { title: PHISH });
    expect(anonPatch.status).toBe(401);
    expect(await anonPatch.json()).toMatchObject({ code: '42501' });
  });
});

describe('issue 31 (same kind as hole 7): every table a client inserts into is bounded', () => {
  const alertRow = (who: Who) => ({
    id: randomUUID(),
    user_id: who.id,
    vehicle_listing_id: fx.listings[0].id,
    target_price: 4000,
    current_price: 5000,
  });

  it('takes at most 50 price alerts per user (400 / 23514 in words), through REST and apply_mutations', async () => {
    const who = await person('more-alerts');
    const fifty = Array.from({ length: 50 }, () => alertRow(who));
    expect((await send('POST', '/price_alerts', who.token, fifty)).status).toBe(201);
    const more = await send('POST', '/price_alerts', who.token, alertRow(who));
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({
      code: '23514',
      message: 'You can set at most 50 price alerts. Delete one to set another.',
      hint: 'At most 50 price alerts per user.',
    });
    const extra = alertRow(who);
    const [result] = await push(who, [{ type: 'create', table: 'price_alerts', row_id: extra.id, data: extra }]);
    expect(result).toMatchObject({ status: 'error', code: '23514' });
    const { count } = await svc.from('price_alerts').select('id', { count: 'exact', head: true }).eq('user_id', who.id);
    expect(count).toBe(50);
  });

  it('keeps at most 1,000 bookmarks per user, listings and car models together', async () => {
    const who = await person('more-bookmarks');
    const { data: listings, error } = await svc.from('vehicle_listings').select('id').limit(998);
    expect(error).toBeNull();
    expect(listings).toHaveLength(998);
    const rows = [
      ...listings!.map((l) => ({ user_id: who.id, vehicle_listing_id: l.id })),
      { user_id: who.id, car_model_id: fx.models.hatch },
      { user_id: who.id, car_model_id: fx.models.suv },
    ];
    expect((await send('POST', '/bookmarks', who.token, rows)).status).toBe(201);
    const more = await send('POST', '/bookmarks', who.token, { user_id: who.id, car_model_id: fx.models.saloon });
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({
      code: '23514',
      message: 'You can save at most 1,000 cars. Remove one to save another.',
    });
    // a toggle (remove one, save another) stays inside the cap
    expect(
      (await send('DELETE', `/bookmarks?user_id=eq.${who.id}&car_model_id=eq.${fx.models.suv}`, who.token)).status,
    ).toBe(204);
    expect(
      (await send('POST', '/bookmarks', who.token, { user_id: who.id, car_model_id: fx.models.saloon })).status,
    ).toBe(201);
  });

  it("takes at most 100 of a dealer's listings in one request (429 / PT429) and stores none of a bigger one", async () => {
    const dealer = await person('more-lister');
    await svc.from('dealer_members').insert({ dealer_id: fx.dealers.south, user_id: dealer.id, role: 'staff' });
    const title = `Bulk ${randomUUID().slice(0, 8)}`;
    const listing = () => ({
      dealer_id: fx.dealers.south,
      car_model_id: fx.models.suv,
      brand_id: fx.brands.alpha,
      title,
      price: 30000,
      year: 2023,
      mileage: 1000,
      fuel_type: 'electric',
      body_style: 'suv',
      gearbox: 'automatic',
      seats: 7,
      registration: 'AB23 CDE',
      colour: 'White',
    });
    const res = await send('POST', '/vehicle_listings', dealer.token, Array.from({ length: 101 }, listing));
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      code: 'PT429',
      message: RATE_LIMITED,
      hint: 'At most 100 in one request.',
    });
    const { count } = await svc
      .from('vehicle_listings')
      .select('id', { count: 'exact', head: true })
      .eq('title', title);
    expect(count).toBe(0);
    expect((await send('POST', '/vehicle_listings', dealer.token, listing())).status).toBe(201);
  });

  it('takes no client insert into personalized_recommendations (the server makes them)', async () => {
    const who = await person('more-recs');
    const row = { id: randomUUID(), user_id: who.id, car_model_id: fx.models.hatch, recommendation_score: 99 };
    const res = await send('POST', '/personalized_recommendations', who.token, row);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: '42501' });
    const [result] = await push(who, [
      { type: 'create', table: 'personalized_recommendations', row_id: randomUUID(), data: { ...row, id: undefined } },
    ]);
    expect(result).toMatchObject({ status: 'error', code: '42501' });
    const { count } = await svc
      .from('personalized_recommendations')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', who.id);
    expect(count).toBe(0);
  });
});
