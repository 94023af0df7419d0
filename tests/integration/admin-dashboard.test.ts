// Issue 33: the admin dashboard's RPCs (admin_dashboard, admin_user_emails) on a stack of the test's own
// with no seed, so every figure is known exactly. Runs on PGlite, and on PostgreSQL with STACK_DB=postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Db } from '../../supabase/local/types';
import { fetchAdminDashboard, fetchUserEmails, type AdminDashboard } from '@/features/admin/api/admin-dashboard-api';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';
import { DEFAULT_PASSWORD, uniqueEmail } from './helpers';

let own: DedicatedStack;
let db: Db;
let admin: SupabaseClient;
let shopper: SupabaseClient;
let anon: SupabaseClient;
const ids: Record<'admin' | 'shopper', string> = { admin: '', shopper: '' };
let shopperEmail = '';
let soldListing = '';

const client = (key: string) =>
  createClient(own.running.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

async function signedIn(email: string): Promise<SupabaseClient> {
  const c = client(own.running.anonKey);
  const { error } = await c.auth.signInWithPassword({ email, password: DEFAULT_PASSWORD });
  if (error) throw new Error(error.message);
  return c;
}

async function newUser(email: string): Promise<string> {
  const { data, error } = await client(own.running.serviceRoleKey).auth.admin.createUser({
    email,
    password: DEFAULT_PASSWORD,
    email_confirm: true,
  });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return data.user.id;
}

/** Rows written as the database owner with triggers off (fixtures, with chosen timestamps). */
async function fixture(sql: string, params: unknown[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(sql, params);
  });
}

beforeAll(async () => {
  own = await startDedicatedStack({}, { seed: false });
  db = own.running.db;
  const adminEmail = uniqueEmail('dash-admin');
  shopperEmail = uniqueEmail('dash-shopper');
  ids.admin = await newUser(adminEmail);
  ids.shopper = await newUser(shopperEmail);
  // Three older sign-ups: 8 days ago (the 7-day range's previous week) and 20 days ago.
  for (const [name, ago] of [
    ['old-a', 8],
    ['old-b', 8],
    ['old-c', 20],
  ] as const) {
    const id = await newUser(uniqueEmail(name));
    await db.query(`update auth.users set created_at = now() - make_interval(days => $2) where id = $1`, [id, ago]);
  }
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [ids.admin]);

  const brand = '00000000-0000-4000-8000-00000000d0b1';
  const model = '00000000-0000-4000-8000-00000000d0c1';
  const dealer = '00000000-0000-4000-8000-00000000d0d1';
  await fixture(`insert into public.brands (id, slug, name) values ($1, 'dash-brand', 'Dash Brand')`, [brand]);
  await fixture(
    `insert into public.car_models (id, brand_id, slug, name, body_style, fuel_type, price_from, model_year, seats,
                                    gearbox, drivetrain)
     values ($1, $2, 'dash-model', 'Dash Model', 'hatchback', 'petrol', 20000, 2024, 5, 'manual', 'fwd')`,
    [model, brand],
  );
  await fixture(
    `insert into public.dealers (id, slug, name, town, outcode, postcode, lat, lng)
     values ($1, 'dash-dealer', 'Dash Motors', 'Leeds', 'LS1', 'LS1 4AP', 53.8, -1.55)`,
    [dealer],
  );
  const listing = (ago: number) =>
    db.query<{ id: string }>(
      `insert into public.vehicle_listings (dealer_id, car_model_id, brand_id, title, price, year, mileage, fuel_type,
                                            body_style, gearbox, seats, listed_at)
       values ($1, $2, $3, 'Dash Model', 15000, 2022, 12000, 'petrol', 'hatchback', 'manual', 5,
               now() - make_interval(days => $4))
       returning id`,
      [dealer, model, brand, ago],
    );
  const fresh = await listing(0);
  await listing(0);
  await listing(9);
  await listing(100); // outside both ranges
  soldListing = fresh.rows[0].id;
  // Sold today through an ordinary update (the status log's trigger), then "sold" again: one sale.
  await db.query(`update public.vehicle_listings set status = 'sold' where id = $1`, [soldListing]);
  await db.query(`update public.vehicle_listings set status = 'sold', mileage = 12001 where id = $1`, [soldListing]);

  await fixture(
    `insert into public.leads (user_id, vehicle_listing_id, dealer_id, name, email, created_at)
     values ($1, $2, $3, 'Sam', 'sam@example.com', now()),
            ($1, $2, $3, 'Sam', 'sam@example.com', now() - interval '10 days'),
            ($1, $2, $3, 'Sam', 'sam@example.com', now() - interval '10 days')`,
    [ids.shopper, soldListing, dealer],
  );
  await fixture(
    `insert into public.error_reports (user_id, message, severity, context, reported_at) values
       ($1, 'Boom', 'high', '{"component":"app","metadata":{"count":3}}', now()),
       ($1, 'Boom', 'high', '{"component":"app"}', now()),
       (null, 'Odd count', 'low', '{"component":"app","metadata":{"count":"many"}}', now()),
       (null, 'Push refused', 'medium', '{"component":"sync"}', now() - interval '8 days'),
       (null, 'Too old', 'critical', '{"component":"sync"}', now() - interval '40 days')`,
    [ids.shopper],
  );
  admin = await signedIn(adminEmail);
  shopper = await signedIn(shopperEmail);
  anon = client(own.running.anonKey);
}, 120_000);

afterAll(async () => {
  await own?.dispose();
});

const total = (d: AdminDashboard, metric: keyof AdminDashboard['previous']) =>
  d.series.reduce((sum, day) => sum + (day[metric] ?? 0), 0);

describe('admin_dashboard', () => {
  it('counts each figure per UK day in the range and sums the range before it', async () => {
    const week = await fetchAdminDashboard(7, admin);
    expect(week.days).toBe(7);
    const days = (Date.parse(week.last_day) - Date.parse(week.first_day)) / 86_400_000;
    expect(days).toBe(6);
    // Sparse: only today has figures in the last 7 days.
    expect(week.series).toEqual([
      {
        day: week.last_day,
        signups: 2,
        listings_added: 2,
        listings_sold: 1,
        leads: 1,
        errors_high: 4, // a burst of 3 and one more
        errors_low: 1, // a count that is not a number counts once
      },
    ]);
    expect(week.previous).toEqual({ signups: 2, listings_added: 1, leads: 2, errors_medium: 1, sync_failures: 1 });

    const month = await fetchAdminDashboard(30, admin);
    expect(total(month, 'signups')).toBe(5);
    expect(total(month, 'listings_added')).toBe(3);
    expect(total(month, 'sync_failures')).toBe(1);
    expect(total(month, 'errors_critical')).toBe(0);
    expect(month.previous).toEqual({ errors_critical: 1, sync_failures: 1 });
    expect(month.series.map((d) => d.day)).toEqual([...month.series.map((d) => d.day)].sort());
  });

  it('logs a sale once per change of status', async () => {
    await db.query(`update public.vehicle_listings set status = 'active' where id = $1`, [soldListing]);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.listing_status_changes where vehicle_listing_id = $1`,
      [soldListing],
    );
    expect(rows[0].n).toBe(2); // sold, then active again; the second "sold" changed nothing
  });

  it('takes only the ranges the dashboard offers', async () => {
    const { error, status } = await admin.rpc('admin_dashboard', { p_days: 5 });
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('The range must be 7, 30 or 90 days');
  });

  it('refuses a signed-in non-admin (403) and anon (401), saying nothing of the data', async () => {
    const asShopper = await shopper.rpc('admin_dashboard', { p_days: 7 });
    expect(asShopper.status).toBe(403);
    expect(asShopper.error?.code).toBe('42501');
    expect(asShopper.data).toBeNull();
    const asAnon = await anon.rpc('admin_dashboard', { p_days: 7 });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    await expect(fetchAdminDashboard(30, shopper)).rejects.toThrow('You do not have access to this page.');
  });
});

describe('admin_user_emails', () => {
  it("answers an admin with reporters' e-mails, leaving unknown ids out", async () => {
    const emails = await fetchUserEmails([ids.shopper, ids.shopper, '00000000-0000-4000-8000-000000000999'], admin);
    expect(emails).toEqual({ [ids.shopper]: shopperEmail });
  });

  it('refuses non-admins and anon, and more than 100 ids', async () => {
    expect((await shopper.rpc('admin_user_emails', { p_user_ids: [ids.admin] })).status).toBe(403);
    expect((await anon.rpc('admin_user_emails', { p_user_ids: [ids.admin] })).status).toBe(401);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await admin.rpc('admin_user_emails', { p_user_ids: many });
    expect(tooMany.error?.code).toBe('22023');
  });

  it('keeps the status log out of every client role', async () => {
    const { rows } = await db.query<{ anon: boolean; auth: boolean }>(
      `select has_schema_privilege('anon', 'private', 'usage') as anon,
              has_schema_privilege('authenticated', 'private', 'usage') as auth`,
    );
    expect(rows[0]).toEqual({ anon: false, auth: false });
  });
});
