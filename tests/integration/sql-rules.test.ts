// SQL-level checks of the database rules (migrations 0200+ and seed.sql) on a fresh in-memory PGlite,
// below the HTTP stack: RLS coverage, apply_mutations semantics, column guards, lead rules, price
// history merging and the demo-account seed. The same rules are exercised through supabase-js in
// rls-matrix / ledger / triggers tests.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const MODEL = '00000000-0000-4000-8000-0000000000c1';
const MODEL2 = '00000000-0000-4000-8000-0000000000c2';
const BRAND = '00000000-0000-4000-8000-0000000000b1';
const DEALER = '00000000-0000-4000-8000-0000000000d1';
const LISTING = '00000000-0000-4000-8000-0000000000e1';

let db: PGlite;

interface OpResult {
  op_id: string;
  status: 'applied' | 'duplicate' | 'error' | 'skipped';
  code?: string;
  message?: string;
  affected?: number;
}

/** Runs fn in a transaction as `uid` (authenticated) or anon (null), like a Data API request. */
async function as<T>(uid: string | null, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const role = uid ? 'authenticated' : 'anon';
    const claims = JSON.stringify(uid ? { sub: uid, role } : { role });
    await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [role, claims]);
    return fn(tx);
  });
}

async function sqlError(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { code?: string; message: string };
  }
  throw new Error('expected an SQL error');
}

async function apply(uid: string | null, clientId: string, ops: unknown[]): Promise<OpResult[]> {
  return as(uid, async (tx) => {
    const { rows } = await tx.query<{ r: OpResult[] }>('select public.apply_mutations($1, $2::jsonb) as r', [
      clientId,
      JSON.stringify(ops),
    ]);
    return rows[0].r;
  });
}

let seq = 0;
function op(type: 'create' | 'update' | 'delete', table: string, rowId: string, data?: Record<string, unknown>) {
  seq += 1;
  return { op_id: crypto.randomUUID(), seq, type, table, row_id: rowId, data };
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: { pgcrypto } });
  const boot = join(root, 'supabase', 'local', 'bootstrap');
  for (const f of ['01-roles.sql', '02-auth.sql', '07-storage.sql']) await db.exec(readFileSync(join(boot, f), 'utf8'));
  const migrations = join(root, 'supabase', 'migrations');
  for (const f of readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    await db.exec(readFileSync(join(migrations, f), 'utf8'));
  }
  await db.exec(`
    insert into auth.users (id, email) values ('${A}', 'a@example.com'), ('${B}', 'b@example.com');
    insert into public.brands (id, slug, name) values ('${BRAND}', 'ford', 'Ford');
    insert into public.car_models (id, brand_id, slug, name, body_style, fuel_type, price_from, model_year, seats, gearbox, drivetrain)
      values ('${MODEL}', '${BRAND}', 'focus', 'Focus', 'hatchback', 'petrol', 20000, 2025, 5, 'manual', 'fwd'),
             ('${MODEL2}', '${BRAND}', 'puma', 'Puma', 'suv', 'hybrid', 25000, 2025, 5, 'manual', 'fwd');
    insert into public.dealers (id, slug, name, town, outcode, postcode, lat, lng)
      values ('${DEALER}', 'aardvark-motors', 'Aardvark Motors', 'Leeds', 'LS1', 'LS1 1AA', 53.8, -1.55),
             (gen_random_uuid(), 'zebra-cars', 'Zebra Cars', 'York', 'YO1', 'YO1 1AA', 53.96, -1.08);
    insert into public.vehicle_listings (id, dealer_id, car_model_id, brand_id, title, price, year, mileage,
        fuel_type, body_style, gearbox, seats, listed_at)
      values ('${LISTING}', '${DEALER}', '${MODEL}', '${BRAND}', '2022 Ford Focus', 19995, 2022, 20000,
        'petrol', 'hatchback', 'manual', 5, '2026-10-01T10:00:00Z');
  `);
  // seed twice: it must be idempotent
  const seed = readFileSync(join(root, 'supabase', 'seed.sql'), 'utf8');
  await db.exec(seed);
  await db.exec(seed);
});

afterAll(async () => {
  await db?.close();
});

describe('RLS coverage', () => {
  it('enables row level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
    // the tables rls-matrix.test.ts has a row for: a new table needs rules and a matrix row
    expect(rows.map((r) => r.relname)).toEqual([
      'bookmarks',
      'brands',
      'car_models',
      'dealer_members',
      'dealers',
      'deleted_rows',
      'email_outbox',
      'error_reports',
      'lead_messages',
      'leads',
      'listing_price_history',
      'listing_views',
      'mutation_ledger',
      'newsletter_subscriptions',
      'notifications',
      'outcode_centroids',
      'performance_metrics',
      'personalized_recommendations',
      'price_alerts',
      'reviews',
      'rxdb_bench_bookmarks',
      'saved_searches',
      'search_interactions',
      'security_events',
      'sync_health_reports',
      'user_preference_profiles',
      'user_preferences',
      'user_roles',
      'vehicle_listings',
    ]);
  });

  it('leaves email_outbox without any client policy', async () => {
    const { rows } = await db.query(`select policyname from pg_policies where tablename = 'email_outbox'`);
    expect(rows).toEqual([]);
    const err = await sqlError(as(A, (tx) => tx.query('select * from public.email_outbox')));
    expect(err.code).toBe('42501');
  });
});

describe('seed.sql demo accounts', () => {
  it('creates the three accounts once with bcrypt passwords that verify', async () => {
    const { rows } = await db.query<{ email: string; ok: boolean; confirmed: boolean; provider: string }>(
      `select email, extensions.crypt(
                case email when 'shopper@example.com' then 'Shopper!Drive2026'
                           when 'dealer@example.com' then 'Dealer!Forecourt2026'
                           else 'Admin!Control2026' end, encrypted_password) = encrypted_password as ok,
              email_confirmed_at is not null as confirmed, raw_app_meta_data ->> 'provider' as provider
         from auth.users where email like '%@example.com' and email not in ('a@example.com', 'b@example.com')
        order by email`,
    );
    expect(rows).toEqual([
      { email: 'admin@example.com', ok: true, confirmed: true, provider: 'email' },
      { email: 'dealer@example.com', ok: true, confirmed: true, provider: 'email' },
      { email: 'shopper@example.com', ok: true, confirmed: true, provider: 'email' },
    ]);
  });

  it('makes the dealer the owner of the alphabetically first dealer and the admin an admin', async () => {
    const { rows } = await db.query<{ email: string; slug: string; role: string }>(
      `select u.email, d.slug, m.role from public.dealer_members m join public.dealers d on d.id = m.dealer_id
         join auth.users u on u.id = m.user_id`,
    );
    expect(rows).toEqual([{ email: 'dealer@example.com', slug: 'aardvark-motors', role: 'owner' }]);
    const admins = await db.query<{ email: string }>(
      `select u.email from public.user_roles r join auth.users u on u.id = r.user_id where r.role = 'admin'`,
    );
    expect(admins.rows).toEqual([{ email: 'admin@example.com' }]);
    const prefs = await db.query<{ n: number }>(
      `select count(*)::int as n from public.user_preferences p join auth.users u on u.id = p.user_id
        where u.email in ('shopper@example.com', 'dealer@example.com', 'admin@example.com')`,
    );
    expect(prefs.rows[0].n).toBe(3);
  });

  it('answers is_admin per account', async () => {
    const ids = await db.query<{ id: string; email: string }>(
      `select id, email from auth.users where email in ('shopper@example.com', 'dealer@example.com', 'admin@example.com')`,
    );
    const result: Record<string, boolean> = {};
    for (const u of ids.rows) {
      result[u.email] = await as(
        u.id,
        async (tx) => (await tx.query<{ a: boolean }>('select public.is_admin() as a')).rows[0].a,
      );
    }
    expect(result).toEqual({ 'shopper@example.com': false, 'dealer@example.com': false, 'admin@example.com': true });
    expect(
      await as(null, async (tx) => (await tx.query<{ a: boolean }>('select public.is_admin() as a')).rows[0].a),
    ).toBe(false);
  });
});

describe('apply_mutations', () => {
  it('rejects anon callers with 42501', async () => {
    const err = await sqlError(apply(null, 'anon-client', [op('delete', 'bookmarks', crypto.randomUUID())]));
    expect(err.code).toBe('42501');
  });

  it('applies a batch once: a replay is all duplicates and $inc is not re-applied', async () => {
    const row = crypto.randomUUID();
    const batch = [
      op('create', 'search_interactions', row, {
        user_id: A,
        interaction_type: 'search',
        search_filters: { fuel: ['electric'] },
      }),
      op('update', 'search_interactions', row, { $inc: { results_clicked: 2, time_spent_seconds: 5 } }),
      op('update', 'search_interactions', row, { search_query: 'family suv', $inc: { results_clicked: 1 } }),
    ];
    const first = await apply(A, 'client-replay', batch);
    expect(first.map((r) => [r.status, r.affected])).toEqual([
      ['applied', 1],
      ['applied', 1],
      ['applied', 1],
    ]);
    const second = await apply(A, 'client-replay', batch);
    expect(second.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(second.map((r) => r.op_id)).toEqual(batch.map((o) => o.op_id));
    const { rows } = await db.query(
      'select results_clicked, time_spent_seconds, search_query, search_filters from public.search_interactions where id = $1',
      [row],
    );
    expect(rows).toEqual([
      { results_clicked: 3, time_spent_seconds: 5, search_query: 'family suv', search_filters: { fuel: ['electric'] } },
    ]);
    const ledger = await db.query<{ n: number }>(
      "select count(*)::int as n from public.mutation_ledger where client_id = 'client-replay'",
    );
    expect(ledger.rows[0].n).toBe(3);
  });

  it('reports an error, skips later ops on that row only, and records nothing for them', async () => {
    const bad = crypto.randomUUID();
    const good = crypto.randomUUID();
    const batch = [
      op('create', 'bookmarks', bad, { user_id: A }), // violates the one-target check constraint
      op('update', 'bookmarks', bad, { note: 'never' }),
      op('create', 'bookmarks', good, { user_id: A, car_model_id: MODEL }),
      op('delete', 'bookmarks', bad),
    ];
    const res = await apply(A, 'client-errors', batch);
    expect(res.map((r) => r.status)).toEqual(['error', 'skipped', 'applied', 'skipped']);
    expect(res[0].code).toBe('23514');
    const ledger = await db.query<{ op_id: string }>(
      "select op_id from public.mutation_ledger where client_id = 'client-errors'",
    );
    expect(ledger.rows.map((r) => r.op_id)).toEqual([batch[2].op_id]);
  });

  it('validates table and columns', async () => {
    const row = crypto.randomUUID();
    const res = await apply(A, 'client-validate', [
      op('create', 'user_roles', row, { user_id: A, role: 'admin' }),
      op('create', 'no_such_table', row, {}),
      op('update', 'bookmarks', row, { 'note"; drop table brands; --': 'x' }),
      op('update', 'bookmarks', crypto.randomUUID(), { $inc: { note: 1 } }),
      { op_id: 'not-a-uuid', seq: 99, type: 'delete', table: 'bookmarks', row_id: row },
      op('create', 'bookmarks', crypto.randomUUID(), { $inc: { note: 1 } }),
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['error', '42501'],
      ['error', '42501'],
      ['error', 'PGRST204'],
      ['error', '42883'],
      ['error', '22P02'],
      ['error', '22023'],
    ]);
    expect(res[4].op_id).toBe('not-a-uuid');
    const roles = await db.query<{ n: number }>('select count(*)::int as n from public.user_roles where user_id = $1', [
      A,
    ]);
    expect(roles.rows[0].n).toBe(0);
    expect((await db.query('select 1 from public.brands')).rows.length).toBe(1);
  });

  it('runs as the caller: RLS stops B writing A rows', async () => {
    const row = crypto.randomUUID();
    expect(
      (
        await apply(A, 'client-a', [op('create', 'bookmarks', row, { user_id: A, car_model_id: MODEL2, note: 'mine' })])
      )[0].status,
    ).toBe('applied');
    // one call per op: a failed op would skip the later ones on the same row
    const res: OpResult[] = [];
    for (const o of [
      op('update', 'bookmarks', row, { note: 'stolen' }),
      op('delete', 'bookmarks', row),
      op('create', 'bookmarks', row, { user_id: B, car_model_id: MODEL2, note: 'taken over' }),
      op('create', 'price_alerts', crypto.randomUUID(), { user_id: A, target_price: 100, current_price: 200 }),
    ])
      res.push(...(await apply(B, 'client-b', [o])));
    expect(res.map((r) => [r.status, r.affected ?? r.code])).toEqual([
      ['error', '42501'],
      ['error', '42501'],
      ['error', '23505'],
      ['error', '42501'],
    ]);
    const { rows } = await db.query('select user_id, note from public.bookmarks where id = $1', [row]);
    expect(rows).toEqual([{ user_id: A, note: 'mine' }]);
  });

  it('treats a create of an existing own row as an update (idempotent create)', async () => {
    const row = crypto.randomUUID();
    await apply(A, 'client-upsert', [
      op('create', 'bookmarks', row, { user_id: A, vehicle_listing_id: LISTING, note: 'v1' }),
    ]);
    const res = await apply(A, 'client-upsert', [
      op('create', 'bookmarks', row, { user_id: A, vehicle_listing_id: LISTING, note: 'v2' }),
    ]);
    expect(res[0]).toMatchObject({ status: 'applied', affected: 1 });
    expect((await db.query('select note from public.bookmarks where id = $1', [row])).rows).toEqual([{ note: 'v2' }]);
  });

  it('works for write-only tables (error reports) and fills the reporter', async () => {
    const row = crypto.randomUUID();
    const res = await apply(A, 'client-errors-report', [
      op('create', 'error_reports', row, { message: 'Boom', severity: 'high' }),
    ]);
    expect(res[0]).toMatchObject({ status: 'applied', affected: 1 });
    expect((await db.query('select user_id from public.error_reports where id = $1', [row])).rows).toEqual([
      { user_id: A },
    ]);
  });

  it('keeps the ledger out of direct client writes', async () => {
    const err = await sqlError(
      as(A, (tx) =>
        tx.query(
          `insert into public.mutation_ledger (op_id, client_id, seq, user_id, table_name, row_id, op_type)
           values (gen_random_uuid(), 'forged', 1, $1, 'bookmarks', gen_random_uuid(), 'create')`,
          [A],
        ),
      ),
    );
    expect(err.code).toBe('42501');
  });
});

describe('column guards and lead rules', () => {
  it('lets the owner change only dismissed_at on a notification', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.notifications (user_id, title) values ($1, 'Hello') returning id`,
      [A],
    );
    const id = rows[0].id;
    const ok = await as(A, (tx) =>
      tx.query('update public.notifications set dismissed_at = now() where id = $1', [id]),
    );
    expect(ok.affectedRows).toBe(1);
    const err = await sqlError(
      as(A, (tx) => tx.query("update public.notifications set title = 'x' where id = $1", [id])),
    );
    expect(err.code).toBe('42501');
  });

  it('routes a lead to the listing dealer, forces server time and limits 5 an hour (PT429)', async () => {
    for (let i = 0; i < 5; i += 1) {
      await as(B, (tx) =>
        tx.query(
          `insert into public.leads (user_id, vehicle_listing_id, dealer_id, name, email, created_at)
           values ($1, $2, gen_random_uuid(), 'B', 'b@example.com', '2000-01-01')`,
          [B, LISTING],
        ),
      );
    }
    const { rows } = await db.query<{ n: number; dealers: number; old: number }>(
      `select count(*)::int as n, count(distinct dealer_id)::int as dealers,
              count(*) filter (where created_at < now() - interval '1 day')::int as old
         from public.leads where user_id = $1 and dealer_id = $2`,
      [B, DEALER],
    );
    expect(rows[0]).toEqual({ n: 5, dealers: 1, old: 0 });
    const err = await sqlError(
      as(B, (tx) =>
        tx.query(
          `insert into public.leads (user_id, vehicle_listing_id, dealer_id, name, email) values ($1, $2, $3, 'B', 'b@example.com')`,
          [B, LISTING, DEALER],
        ),
      ),
    );
    expect(err).toMatchObject({ code: 'PT429', message: 'Too many attempts. Please try again later.' });
  });
});

describe('listing price history', () => {
  it('keeps one price per instant so a seed history replaces the insert trigger row', async () => {
    await db.query(
      `insert into public.listing_price_history (vehicle_listing_id, price, changed_at)
       values ($1, 21000, '2026-10-01T10:00:00Z'), ($1, 19995, '2026-10-15T10:00:00Z')`,
      [LISTING],
    );
    const { rows } = await db.query<{ price: number }>(
      'select price from public.listing_price_history where vehicle_listing_id = $1 order by changed_at',
      [LISTING],
    );
    expect(rows.map((r) => r.price)).toEqual([21000, 19995]);
  });
});
