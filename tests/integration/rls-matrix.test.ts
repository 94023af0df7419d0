// The access matrix: every public table x (anon, shopper A, shopper B, dealer member, admin) x
// (select, insert, update, delete), each cell asserted allowed or denied through the real supabase-js
// client against the stack (PostgREST + RLS). Rows are made as service_role; the outcome of every write is
// checked as service_role too, so "denied" means the data really did not change.
//
// Cell meanings (target rows belong to shopper A unless the table says otherwise):
//   select: read the target row by id        allowed = 1 row; denied = 0 rows (or 42501 where no grant)
//   insert: insert a fresh row "as yourself" allowed = stored; denied = 42501 error and nothing stored
//   update: patch the target row            allowed = changed; denied = unchanged (0 rows, or 42501)
//   delete: delete a target row             allowed = gone;    denied = still there
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

type Actor = 'anon' | 'A' | 'B' | 'dealer' | 'admin';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ACTORS: Actor[] = ['anon', 'A', 'B', 'dealer', 'admin'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];
type Row = Record<string, unknown>;

interface Ctx {
  ids: Record<Exclude<Actor, 'anon'>, string>;
  fx: CatalogueFixture;
  leadId: string;
}

interface TableSpec {
  table: string;
  /** Which actors each operation is allowed for. */
  allow: Record<Op, Actor[]>;
  /** A row (owned by A where that applies) for select/update/delete cells, created as service_role. */
  target: (ctx: Ctx) => Promise<string>;
  /** The row an actor tries to insert "as themselves" (user id null for anon). */
  insert: (ctx: Ctx, uid: string | null) => Promise<Row> | Row;
  /** The patch update cells send, and the column that shows whether it landed. */
  patch: Row;
  /** Runs before an insert cell (e.g. clear a one-per-user row). */
  beforeInsert?: (ctx: Ctx, uid: string | null) => Promise<void>;
  /** select denials surface as 42501 errors (no table grant) instead of empty results. */
  selectDeniedByGrant?: boolean;
}

const svc = serviceClient();
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${(n += 1)}`;

/** The column a table's cells address a row by. */
function keyOf(table: string): string {
  if (table === 'mutation_ledger') return 'op_id';
  if (table === 'listing_views') return 'viewer'; // unique per test row (the key is listing, day, viewer)
  return table === 'outcode_centroids' ? 'outcode' : 'id';
}

async function svcInsert(table: string, row: Row): Promise<string> {
  const key = keyOf(table);
  const { data, error } = await svc.from(table).insert(row).select('*').single();
  if (error || !data) throw new Error(`service insert into ${table} failed: ${error?.message}`);
  return String((data as Row)[key]);
}

/** An outcode no real postcode area uses (QZ is unassigned), unique per call. */
let outcodes = 0;
const fakeOutcode = () => {
  outcodes += 1;
  return `QZ${outcodes % 10}${String.fromCharCode(65 + Math.floor(outcodes / 10))}`;
};

async function svcRow(table: string, id: string): Promise<Row | null> {
  const key = keyOf(table);
  const { data, error } = await svc.from(table).select('*').eq(key, id).maybeSingle();
  if (error) throw new Error(`service read of ${table} failed: ${error.message}`);
  return data as Row | null;
}

async function freshModel(ctx: Ctx): Promise<string> {
  const slug = uniq('m');
  return svcInsert('car_models', {
    brand_id: ctx.fx.brands.alpha,
    slug,
    name: slug,
    body_style: 'hatchback',
    fuel_type: 'petrol',
    price_from: 20000,
    model_year: 2025,
    seats: 5,
    gearbox: 'manual',
    drivetrain: 'fwd',
  });
}

async function freshDealer(): Promise<string> {
  const slug = uniq('d');
  return svcInsert('dealers', {
    slug,
    name: slug,
    town: 'Hull',
    outcode: 'HU1',
    postcode: 'HU1 1AA',
    lat: 53.74,
    lng: -0.33,
  });
}

const listingRow = (ctx: Ctx): Row => ({
  dealer_id: ctx.fx.dealers.north,
  car_model_id: ctx.fx.models.hatch,
  brand_id: ctx.fx.brands.alpha,
  title: uniq('Listing'),
  price: 12345,
  year: 2020,
  mileage: 30000,
  fuel_type: 'petrol',
  body_style: 'hatchback',
  gearbox: 'manual',
  seats: 5,
  // A client's new car passes the stock editor's checks (20261128004100_dealer_stock_editor.sql).
  registration: 'AB20 CDE',
  colour: 'Red',
  engine_cc: 1200,
});

// Every public table; sql-rules.test.ts asserts the database has exactly these (so a new table fails there
// until it gets rules and a row here).
const MATRIX_TABLES = [
  'brands',
  'car_models',
  'reviews',
  'dealers',
  'dealer_members',
  'vehicle_listings',
  'listing_price_history',
  'bookmarks',
  'leads',
  'lead_messages',
  'notifications',
  'price_alerts',
  'user_preferences',
  'user_preference_profiles',
  'personalized_recommendations',
  'search_interactions',
  'error_reports',
  'performance_metrics',
  'newsletter_subscriptions',
  'user_roles',
  'security_events',
  'deleted_rows',
  'mutation_ledger',
  'email_outbox',
  'saved_searches',
  'sync_health_reports',
  'rxdb_bench_bookmarks',
  'outcode_centroids',
  'listing_views',
] as const;

const everyone: Actor[] = ['anon', 'A', 'B', 'dealer', 'admin'];
const signedIn: Actor[] = ['A', 'B', 'dealer', 'admin'];
const nobody: Actor[] = [];

const catalogue = (table: string, make: (ctx: Ctx) => Promise<Row> | Row, patch: Row): TableSpec => ({
  table,
  allow: { select: everyone, insert: ['admin'], update: ['admin'], delete: ['admin'] },
  target: async (ctx) => svcInsert(table, await make(ctx)),
  insert: (c) => make(c),
  patch,
});

function ownerTable(
  table: string,
  make: (ctx: Ctx, uid: string) => Promise<Row> | Row,
  patch: Row,
  extra: Partial<TableSpec> = {},
): TableSpec {
  return {
    table,
    allow: { select: ['A'], insert: signedIn, update: ['A'], delete: ['A'] },
    target: async (ctx) => svcInsert(table, await make(ctx, ctx.ids.A)),
    // anon has no id of its own: it tries to write one of A's
    insert: (ctx, uid) => make(ctx, uid ?? ctx.ids.A),
    patch,
    ...extra,
  };
}

async function oneOf(table: string, userId: string): Promise<void> {
  const { error } = await svc.from(table).delete().eq('user_id', userId);
  if (error) throw new Error(`cleanup of ${table} failed: ${error.message}`);
}

const SPECS: TableSpec[] = [
  catalogue('brands', async () => ({ slug: uniq('b'), name: uniq('Brand') }), { description: 'patched' }),
  catalogue(
    'car_models',
    async (ctx) => {
      const slug = uniq('m');
      return {
        brand_id: ctx.fx.brands.alpha,
        slug,
        name: slug,
        body_style: 'suv',
        fuel_type: 'diesel',
        price_from: 30000,
        model_year: 2025,
        seats: 5,
        gearbox: 'automatic',
        drivetrain: 'awd',
      };
    },
    { description: 'patched' },
  ),
  catalogue(
    'dealers',
    async () => {
      const slug = uniq('d');
      return { slug, name: slug, town: 'Hull', outcode: 'HU1', postcode: 'HU1 1AA', lat: 53.74, lng: -0.33 };
    },
    { phone: '0113 000 0000' },
  ),
  {
    table: 'reviews',
    // the target is an unpublished review: only admins see it (published ones: see the test below the matrix)
    allow: { select: ['admin'], insert: ['admin'], update: ['admin'], delete: ['admin'] },
    target: (ctx) =>
      svcInsert('reviews', {
        car_model_id: ctx.fx.models.hatch,
        author: 'Ed',
        title: uniq('Draft'),
        cs_score: 7,
        published: false,
      }),
    insert: (ctx) => ({
      car_model_id: ctx.fx.models.hatch,
      author: 'Ed',
      title: uniq('Review'),
      cs_score: 6,
      published: true,
    }),
    patch: { verdict: 'patched' },
  },
  {
    table: 'vehicle_listings',
    allow: { select: everyone, insert: ['dealer', 'admin'], update: ['dealer', 'admin'], delete: ['dealer', 'admin'] },
    target: (ctx) => svcInsert('vehicle_listings', listingRow(ctx)),
    insert: (ctx) => listingRow(ctx),
    patch: { status: 'reserved' }, // dealers may change price and status only (see leads-dealer-hub.test.ts)
  },
  {
    table: 'listing_price_history',
    allow: { select: everyone, insert: nobody, update: nobody, delete: nobody },
    target: (ctx) =>
      svcInsert('listing_price_history', {
        vehicle_listing_id: ctx.fx.listings[0].id,
        price: 4999,
        changed_at: new Date(Date.now() - (n += 1) * 1000).toISOString(),
      }),
    insert: (ctx) => ({
      vehicle_listing_id: ctx.fx.listings[0].id,
      price: 1,
      changed_at: new Date(Date.now() + (n += 1) * 1000).toISOString(),
    }),
    patch: { price: 1 },
  },
  {
    table: 'dealer_members',
    // target: the dealer user's own membership of a fresh dealer
    allow: { select: ['dealer', 'admin'], insert: ['admin'], update: ['admin'], delete: ['admin'] },
    target: async (ctx) =>
      svcInsert('dealer_members', { dealer_id: await freshDealer(), user_id: ctx.ids.dealer, role: 'staff' }),
    insert: async (ctx, uid) => ({ dealer_id: await freshDealer(), user_id: uid ?? ctx.ids.A, role: 'staff' }),
    patch: { role: 'owner' },
  },
  {
    table: 'leads',
    // one lead of A's (the rate limit caps A at 5 an hour); nobody may delete leads, so cells reuse it
    allow: { select: ['A', 'dealer', 'admin'], insert: signedIn, update: ['dealer'], delete: nobody },
    target: async (ctx) => {
      const { error } = await svc.from('leads').update({ status: 'new' }).eq('id', ctx.leadId);
      if (error) throw new Error(error.message);
      return ctx.leadId;
    },
    insert: (ctx, uid) => ({
      user_id: uid ?? ctx.ids.A,
      vehicle_listing_id: ctx.fx.listings[0].id,
      dealer_id: ctx.fx.dealers.south,
      name: 'Buyer',
      email: 'buyer@example.com',
      message: 'Is it available?',
    }),
    patch: { status: 'contacted' },
  },
  {
    table: 'lead_messages',
    allow: { select: ['A', 'dealer'], insert: ['A', 'dealer'], update: nobody, delete: nobody },
    target: (ctx) => svcInsert('lead_messages', { lead_id: ctx.leadId, sender_id: ctx.ids.A, body: 'Hello' }),
    insert: (ctx, uid) => ({ lead_id: ctx.leadId, sender_id: uid ?? ctx.ids.A, body: 'Any news?' }),
    patch: { body: 'patched' },
  },
  ownerTable('bookmarks', async (ctx, uid) => ({ user_id: uid, car_model_id: await freshModel(ctx) }), {
    note: 'patched',
  }),
  {
    table: 'notifications',
    allow: { select: ['A'], insert: nobody, update: ['A'], delete: ['A'] },
    target: (ctx) => svcInsert('notifications', { user_id: ctx.ids.A, title: 'Hi', type: 'other' }),
    insert: (ctx, uid) => ({ user_id: uid ?? ctx.ids.A, title: 'Forged', type: 'other' }),
    patch: { dismissed_at: '2026-11-01T12:00:00+00:00' },
  },
  ownerTable(
    'price_alerts',
    (ctx, uid) => ({
      user_id: uid,
      vehicle_listing_id: ctx.fx.listings[0].id,
      target_price: 4000,
      current_price: 5000,
    }),
    { is_active: false },
  ),
  ownerTable(
    'user_preferences',
    (_ctx, uid) => ({ user_id: uid }),
    {
      notification_preferences: {
        email_notifications: false,
        price_drop_alerts: true,
        new_match_alerts: true,
        weekly_digest: false,
        instant_notifications: true,
      },
    },
    {
      target: async (ctx) => {
        await oneOf('user_preferences', ctx.ids.A);
        return svcInsert('user_preferences', { user_id: ctx.ids.A });
      },
      beforeInsert: async (_ctx, uid) => {
        if (uid) await oneOf('user_preferences', uid);
      },
    },
  ),
  ownerTable(
    'user_preference_profiles',
    (_ctx, uid) => ({ user_id: uid }),
    { budget_max: 42000 },
    {
      target: async (ctx) => {
        await oneOf('user_preference_profiles', ctx.ids.A);
        return svcInsert('user_preference_profiles', { user_id: ctx.ids.A });
      },
      beforeInsert: async (_ctx, uid) => {
        if (uid) await oneOf('user_preference_profiles', uid);
      },
    },
  ),
  {
    table: 'personalized_recommendations',
    // made by ml-recommendations with the service role; the owner marks clicks and views (issue 31)
    allow: { select: ['A'], insert: nobody, update: ['A'], delete: nobody },
    target: (ctx) =>
      svcInsert('personalized_recommendations', {
        user_id: ctx.ids.A,
        car_model_id: ctx.fx.models.hatch,
        recommendation_score: 88.5,
      }),
    insert: (ctx, uid) => ({ user_id: uid ?? ctx.ids.A, car_model_id: ctx.fx.models.suv, recommendation_score: 50 }),
    patch: { clicked: true },
  },
  ownerTable(
    'search_interactions',
    (_ctx, uid) => ({ user_id: uid, interaction_type: 'search', search_query: 'estate' }),
    { results_clicked: 3 },
  ),
  ownerTable('saved_searches', (_ctx, uid) => ({ user_id: uid, name: 'Estates', filters: { body: ['wagon'] } }), {
    name: 'Renamed',
  }),
  // bench/rxdb-peer.ts: RxDB's replication writes a signed-in user's own rows, soft-deleting with _deleted
  ownerTable(
    'rxdb_bench_bookmarks',
    (ctx, uid) => ({ user_id: uid, vehicle_listing_id: ctx.fx.listings[0].id, note: '' }),
    { _deleted: true },
  ),
  {
    table: 'error_reports',
    allow: { select: ['admin'], insert: everyone, update: ['admin'], delete: nobody },
    target: (ctx) => svcInsert('error_reports', { user_id: ctx.ids.A, message: 'Boom', severity: 'high' }),
    insert: (_ctx, uid) => ({ user_id: uid, message: 'Client error', context: { component: 'Matrix' } }),
    patch: { resolved: true },
  },
  {
    table: 'performance_metrics',
    allow: { select: ['admin'], insert: nobody, update: nobody, delete: nobody },
    target: () =>
      svcInsert('performance_metrics', { source: 'web-vitals', metric: 'LCP', value: 2100, rating: 'good' }),
    insert: () => ({ source: 'web-vitals', metric: 'CLS', value: 0.01 }),
    patch: { value: 1 },
  },
  {
    table: 'newsletter_subscriptions',
    // sign-ups go through rpc('subscribe_newsletter'): a direct insert's 409 told which addresses exist
    allow: { select: ['admin'], insert: nobody, update: nobody, delete: nobody },
    target: () => svcInsert('newsletter_subscriptions', { email: `${uniq('news')}@example.com` }),
    insert: (_ctx, uid) => ({ email: `${uniq('sub')}@example.com`, user_id: uid }),
    patch: { email: 'patched@example.com' },
  },
  {
    table: 'user_roles',
    // target: the admin's own role row (a row for A would make A an admin)
    allow: { select: ['admin'], insert: nobody, update: nobody, delete: nobody },
    target: async (ctx) => {
      const { data, error } = await svc.from('user_roles').select('id').eq('user_id', ctx.ids.admin).single();
      if (error || !data) throw new Error(`admin role row missing: ${error?.message}`);
      return (data as { id: string }).id;
    },
    insert: (ctx, uid) => ({ user_id: uid ?? ctx.ids.A, role: 'admin' }),
    patch: { created_at: '2000-01-01T00:00:00+00:00' },
  },
  {
    table: 'security_events',
    allow: { select: ['admin'], insert: nobody, update: nobody, delete: nobody },
    target: (ctx) =>
      svcInsert('security_events', { event_type: 'sign_in', user_id: ctx.ids.A, email: 'a@example.com' }),
    insert: (_ctx, uid) => ({ event_type: 'sign_in', user_id: uid }),
    patch: { event_type: 'patched' },
  },
  {
    table: 'deleted_rows',
    // target: a tombstone of one of A's rows (ownerless tombstones are public: tested below)
    allow: { select: ['A'], insert: nobody, update: nobody, delete: nobody },
    target: (ctx) => svcInsert('deleted_rows', { table_name: 'bookmarks', row_id: randomUUID(), user_id: ctx.ids.A }),
    insert: (ctx, uid) => ({ table_name: 'bookmarks', row_id: randomUUID(), user_id: uid ?? ctx.ids.A }),
    patch: { table_name: 'patched' },
  },
  {
    table: 'mutation_ledger',
    allow: { select: ['A'], insert: nobody, update: nobody, delete: nobody },
    target: async (ctx) => {
      const opId = randomUUID();
      const { error } = await svc.from('mutation_ledger').insert({
        op_id: opId,
        client_id: uniq('client'),
        seq: 1,
        user_id: ctx.ids.A,
        table_name: 'bookmarks',
        row_id: randomUUID(),
        op_type: 'create',
      });
      if (error) throw new Error(error.message);
      return opId;
    },
    insert: (ctx, uid) => ({
      op_id: randomUUID(),
      client_id: uniq('forged'),
      seq: 1,
      user_id: uid ?? ctx.ids.A,
      table_name: 'bookmarks',
      row_id: randomUUID(),
      op_type: 'create',
    }),
    patch: { seq: 999 },
  },
  {
    table: 'sync_health_reports',
    // clients write through rpc('report_sync_health') (admin-live.test.ts); a user reads their own rows
    allow: { select: ['A', 'admin'], insert: nobody, update: nobody, delete: nobody },
    target: (ctx) => svcInsert('sync_health_reports', { client_id: randomUUID(), user_id: ctx.ids.A, parked_count: 1 }),
    insert: (ctx, uid) => ({ client_id: randomUUID(), user_id: uid ?? ctx.ids.A, parked_count: 2 }),
    patch: { parked_count: 99 },
  },
  {
    table: 'email_outbox',
    allow: { select: nobody, insert: nobody, update: nobody, delete: nobody },
    target: (ctx) =>
      svcInsert('email_outbox', {
        user_id: ctx.ids.A,
        to_email: 'a@example.com',
        template: 'price_drop_alert',
        data: {},
        status: 'sent',
      }),
    insert: (ctx, uid) => ({
      user_id: uid ?? ctx.ids.A,
      to_email: 'a@example.com',
      template: 'price_drop_alert',
      status: 'sent',
    }),
    patch: { to_email: 'patched@example.com' },
    selectDeniedByGrant: true,
  },
  {
    // postcode areas for search_listings: read by everyone, written only by migrations
    table: 'outcode_centroids',
    allow: { select: everyone, insert: nobody, update: nobody, delete: nobody },
    target: () => svcInsert('outcode_centroids', { outcode: fakeOutcode(), lat: 52.1, lng: -1.2 }),
    insert: () => ({ outcode: fakeOutcode(), lat: 52.2, lng: -1.3 }),
    patch: { lat: 10 },
  },
  {
    // counted only by rpc('record_listing_view') (capped); a dealer reads aggregates by rpc, never the rows
    table: 'listing_views',
    allow: { select: nobody, insert: nobody, update: nobody, delete: nobody },
    target: (ctx) => svcInsert('listing_views', { vehicle_listing_id: ctx.fx.listings[0].id, viewer: uniq('viewer') }),
    insert: (ctx) => ({ vehicle_listing_id: ctx.fx.listings[0].id, viewer: uniq('forged') }),
    patch: { viewer: 'patched' },
    selectDeniedByGrant: true,
  },
];

// The fake postcode areas would otherwise stay in the shared stack's outcode table (search tests read it).
afterAll(async () => {
  const { error } = await svc.from('outcode_centroids').delete().like('outcode', 'QZ%');
  if (error) throw new Error(`cleanup of outcode_centroids failed: ${error.message}`);
});

const clients = {} as Record<Actor, SupabaseClient>;
const ctx = {} as Ctx;

async function insertPayload(spec: TableSpec, uid: string | null): Promise<Row> {
  const row = { ...(await spec.insert(ctx, uid)) };
  if (keyOf(spec.table) === 'id') row.id = randomUUID();
  return row;
}

function uidOf(actor: Actor): string | null {
  return actor === 'anon' ? null : ctx.ids[actor];
}

/** Runs one cell; returns whether the operation took effect (and asserts the denial shape). */
async function runCell(spec: TableSpec, actor: Actor, op: Op): Promise<boolean> {
  const c = clients[actor];
  const key = keyOf(spec.table);
  if (op === 'select') {
    const id = await spec.target(ctx);
    const { data, error } = await c.from(spec.table).select(key).eq(key, id);
    if (error) {
      expect(error.code, `${spec.table}/${actor}/select error`).toBe('42501');
      expect(spec.selectDeniedByGrant, `${spec.table}/${actor}/select unexpected error ${error.message}`).toBe(true);
      return false;
    }
    return (data ?? []).length === 1;
  }
  if (op === 'insert') {
    const uid = uidOf(actor);
    await spec.beforeInsert?.(ctx, uid);
    const row = await insertPayload(spec, uid);
    const { error } = await c.from(spec.table).insert(row);
    const stored = (await svcRow(spec.table, row[key] as string)) !== null;
    if (error) {
      expect(error.code, `${spec.table}/${actor}/insert: ${error.message}`).toBe('42501');
      expect(stored).toBe(false);
    }
    return stored;
  }
  const id = await spec.target(ctx);
  const before = await svcRow(spec.table, id);
  if (op === 'update') {
    const { error } = await c.from(spec.table).update(spec.patch).eq(key, id);
    if (error) expect(error.code, `${spec.table}/${actor}/update: ${error.message}`).toBe('42501');
    const after = await svcRow(spec.table, id);
    const col = Object.keys(spec.patch)[0];
    const changed = JSON.stringify(after?.[col]) !== JSON.stringify(before?.[col]);
    if (changed) {
      expect(error).toBeNull();
      // undo an allowed update on shared rows so the next actor starts from the same state
      if (spec.table === 'leads') await svc.from('leads').update({ status: 'new' }).eq('id', id);
    }
    return changed;
  }
  const { error } = await c.from(spec.table).delete().eq(key, id);
  if (error) expect(error.code, `${spec.table}/${actor}/delete: ${error.message}`).toBe('42501');
  const gone = (await svcRow(spec.table, id)) === null;
  if (gone) expect(error).toBeNull();
  return gone;
}

beforeAll(async () => {
  const users = {} as Record<Exclude<Actor, 'anon'>, { id: string; email: string }>;
  for (const a of ['A', 'B', 'dealer', 'admin'] as const)
    users[a] = await createUser(uniqueEmail(`rls-${a.toLowerCase()}`));
  ctx.ids = { A: users.A.id, B: users.B.id, dealer: users.dealer.id, admin: users.admin.id };
  ctx.fx = await seedCatalogueFixture();
  await svcInsert('dealer_members', { dealer_id: ctx.fx.dealers.north, user_id: ctx.ids.dealer, role: 'owner' });
  await svcInsert('user_roles', { user_id: ctx.ids.admin, role: 'admin' });
  // A's enquiry about a listing of the dealer's (north) forecourt
  ctx.leadId = await svcInsert('leads', {
    user_id: ctx.ids.A,
    vehicle_listing_id: ctx.fx.listings[0].id,
    dealer_id: ctx.fx.dealers.north,
    name: 'A',
    email: users.A.email,
  });
  clients.anon = anonClient();
  for (const a of ['A', 'B', 'dealer', 'admin'] as const) clients[a] = await userClient(users[a].email);
});

describe('RLS matrix', () => {
  it('has one row per public table (the same list sql-rules checks RLS on)', () => {
    expect(SPECS.map((s) => s.table).sort()).toEqual([...MATRIX_TABLES].sort());
  });

  for (const spec of SPECS) {
    it(`${spec.table}: ${OPS.map((o) => `${o}=[${spec.allow[o].join(',') || '-'}]`).join(' ')}`, async () => {
      const actual: Record<string, boolean> = {};
      const expected: Record<string, boolean> = {};
      for (const op of OPS) {
        for (const actor of ACTORS) {
          const cell = `${op}:${actor}`;
          expected[cell] = spec.allow[op].includes(actor);
          actual[cell] = await runCell(spec, actor, op);
        }
      }
      expect(actual).toEqual(expected);
    });
  }
});

describe('rules the matrix rows do not show', () => {
  it('shows published reviews to everyone and hides drafts from non-admins', async () => {
    const draft = await svcInsert('reviews', {
      car_model_id: ctx.fx.models.suv,
      author: 'Ed',
      title: uniq('Draft'),
      cs_score: 5,
      published: false,
    });
    const { data } = await clients.anon.from('reviews').select('id, published').eq('car_model_id', ctx.fx.models.suv);
    const ids = (data ?? []).map((r) => (r as { id: string }).id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(draft);
    expect((data ?? []).every((r) => (r as { published: boolean }).published)).toBe(true);
  });

  it('refuses writes for someone else and keeps guarded columns', async () => {
    const bookmark = await clients.B.from('bookmarks').insert({
      user_id: ctx.ids.A,
      car_model_id: ctx.fx.models.saloon,
    });
    expect(bookmark.error?.code).toBe('42501');
    const note = await svcInsert('notifications', { user_id: ctx.ids.A, title: 'Original' });
    const forged = await clients.A.from('notifications').update({ title: 'Changed' }).eq('id', note);
    expect(forged.error?.code).toBe('42501');
    expect((await svcRow('notifications', note))?.title).toBe('Original');
    const lead = await clients.dealer.from('leads').update({ message: 'rewritten' }).eq('id', ctx.leadId);
    expect(lead.error?.code).toBe('42501');
    const asAnonForA = await clients.anon.from('error_reports').insert({ user_id: ctx.ids.A, message: 'pretend' });
    expect(asAnonForA.error?.code).toBe('42501');
    const staleLead = await clients.A.from('leads').insert({
      user_id: ctx.ids.A,
      vehicle_listing_id: ctx.fx.listings[1].id,
      dealer_id: ctx.fx.dealers.north,
      name: 'A',
      email: 'a@example.com',
      status: 'closed',
    });
    expect(staleLead.error?.code).toBe('42501');
  });

  it('routes a lead to the listing dealer whatever dealer_id the client sends', async () => {
    const id = randomUUID();
    const south = ctx.fx.listings.find((l) => l.title.startsWith('SUV'))!;
    const { error } = await clients.B.from('leads').insert({
      id,
      user_id: ctx.ids.B,
      vehicle_listing_id: south.id,
      dealer_id: ctx.fx.dealers.north,
      name: 'B',
      email: 'b@example.com',
    });
    expect(error).toBeNull();
    expect((await svcRow('leads', id))?.dealer_id).toBe(ctx.fx.dealers.south);
    const seenByNorthDealer = await clients.dealer.from('leads').select('id').eq('id', id);
    expect(seenByNorthDealer.data).toEqual([]);
  });

  it('publishes ownerless tombstones to everyone', async () => {
    const id = await svcInsert('deleted_rows', { table_name: 'brands', row_id: randomUUID(), user_id: null });
    const { data } = await clients.anon.from('deleted_rows').select('id').eq('id', id);
    expect(data).toHaveLength(1);
  });

  it('answers is_admin per actor', async () => {
    const result: Record<string, unknown> = {};
    for (const a of ACTORS) result[a] = (await clients[a].rpc('is_admin')).data;
    expect(result).toEqual({ anon: false, A: false, B: false, dealer: false, admin: true });
  });
});
