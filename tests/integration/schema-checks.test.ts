// Issue 9 item 11: the schema refuses nonsense. Through the stack (supabase-js and raw HTTP): oversized
// free text and jsonb, NaN / Infinity prices, infinite timestamps and future registration dates answer
// 400 with code 23514 and the constraint's name, nothing more. On a fresh PGlite: the migration repairs
// nonsense already stored and validates every constraint on it.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  rest,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

const svc = serviceClient();
let fx: CatalogueFixture;
let user: { id: string; client: SupabaseClient; token: string };

const violation = (table: string, constraint: string) =>
  `new row for relation "${table}" violates check constraint "${constraint}"`;

/** Today in the UK, and tomorrow. */
function ukDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(day);
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const u = await createUser(uniqueEmail('checks'));
  const client = await userClient(u.email);
  const { data } = await client.auth.getSession();
  user = { id: u.id, client, token: data.session!.access_token };
});

describe('free text and jsonb are bounded', () => {
  it('refuses a 900 KB bookmark note with 400 / 23514 and a short, readable error', async () => {
    const res = await rest('/bookmarks', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: user.id, car_model_id: fx.models.hatch, note: 'x'.repeat(900 * 1024) }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; details: string | null };
    expect(body.code).toBe('23514');
    expect(body.message).toBe(violation('bookmarks', 'bookmarks_note_max_2000_chars'));
    expect(JSON.stringify(body).length).toBeLessThan(1000);
    const ok = await user.client
      .from('bookmarks')
      .insert({ user_id: user.id, car_model_id: fx.models.hatch, note: 'é'.repeat(2000) });
    expect(ok.error).toBeNull();
  });

  it.each([
    ['leads', 'message', 5001],
    ['search_interactions', 'search_query', 501],
    ['error_reports', 'message', 4001],
  ])('refuses an oversized %s.%s', async (table, column, length) => {
    const base: Record<string, Record<string, unknown>> = {
      leads: {
        user_id: user.id,
        vehicle_listing_id: fx.listings[0].id,
        dealer_id: fx.dealers.north,
        name: 'Sam',
        email: 's@example.com',
      },
      search_interactions: { user_id: user.id, interaction_type: 'search' },
      error_reports: { severity: 'low' },
    };
    const { error, status } = await user.client.from(table).insert({ ...base[table], [column]: 'y'.repeat(length) });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    const prefix = `new row for relation "${table}" violates check constraint "${table}_${column}_`;
    expect(error?.message.startsWith(prefix)).toBe(true);
  });

  it('refuses oversized jsonb and too many preference items', async () => {
    const filters = await user.client.from('search_interactions').insert({
      user_id: user.id,
      interaction_type: 'search',
      search_filters: { junk: 'z'.repeat(20_000) },
    });
    expect(filters.error?.message).toBe(
      violation('search_interactions', 'search_interactions_search_filters_max_4096_bytes'), // issue 31: was 8192
    );
    const brands = await user.client.from('user_preference_profiles').insert({
      user_id: user.id,
      preferred_brands: Array.from({ length: 51 }, (_, i) => `Brand ${i}`),
    });
    expect(brands.error?.message).toBe(
      violation('user_preference_profiles', 'user_preference_profiles_preferred_brands_max_50_items'),
    );
    const context = await user.client
      .from('error_reports')
      .insert({ message: 'Crash', context: { metadata: 'm'.repeat(40_000) } });
    expect(context.error?.code).toBe('23514');
  });

  it('reports the same check through apply_mutations', async () => {
    const { data, error } = await user.client.rpc('apply_mutations', {
      client_id: 'checks',
      ops: [
        {
          op_id: randomUUID(),
          seq: 1,
          type: 'create',
          table: 'bookmarks',
          row_id: randomUUID(),
          data: { user_id: user.id, car_model_id: fx.models.suv, note: 'n'.repeat(2001) },
        },
      ],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject([
      { status: 'error', code: '23514', message: violation('bookmarks', 'bookmarks_note_max_2000_chars') },
    ]);
  });
});

describe('numbers, timestamps and dates make sense', () => {
  const alert = (patch: Record<string, unknown>) =>
    user.client.from('price_alerts').insert({
      user_id: user.id,
      vehicle_listing_id: fx.listings[0].id,
      target_price: 4500,
      current_price: 5000,
      ...patch,
    });

  it('refuses NaN and Infinity prices on a price alert', async () => {
    const nanTarget = await alert({ target_price: 'NaN' });
    expect([nanTarget.status, nanTarget.error?.message]).toEqual([
      400,
      violation('price_alerts', 'price_alerts_target_price_finite_positive'),
    ]);
    const nanCurrent = await alert({ current_price: 'NaN' });
    expect(nanCurrent.error?.message).toBe(violation('price_alerts', 'price_alerts_current_price_finite_positive'));
    const infinite = await alert({ target_price: 'Infinity' });
    expect([infinite.status, infinite.error?.code]).toEqual([400, '22003']);
    const threshold = await alert({ price_drop_threshold: 'NaN' });
    expect(threshold.error?.message).toBe(violation('price_alerts', 'price_alerts_price_drop_threshold_percent'));
    expect((await alert({})).error).toBeNull();
  });

  it("refuses 'infinity' timestamps", async () => {
    const bookmark = await user.client
      .from('bookmarks')
      .insert({ user_id: user.id, car_model_id: fx.models.saloon, created_at: 'infinity' });
    expect(bookmark.error?.message).toBe(violation('bookmarks', 'bookmarks_created_at_finite'));
    const profile = await user.client
      .from('user_preference_profiles')
      .insert({ user_id: user.id, onboarding_dismissed_at: '-infinity' });
    expect(profile.error?.code).toBe('23514');
  });

  it('refuses a registration date in the future, whoever writes it', async () => {
    const listing = (registration_date: string) => ({
      dealer_id: fx.dealers.north,
      car_model_id: fx.models.hatch,
      brand_id: fx.brands.alpha,
      title: 'Dated',
      price: 9999,
      year: 2024,
      mileage: 100,
      fuel_type: 'petrol',
      body_style: 'hatchback',
      gearbox: 'manual',
      seats: 5,
      registration_date,
    });
    const future = await svc.from('vehicle_listings').insert(listing(ukDay(2)));
    expect(future.error?.message).toBe(
      violation('vehicle_listings', 'vehicle_listings_registration_date_not_in_future'),
    );
    expect((await svc.from('vehicle_listings').insert(listing(ukDay(0)))).error).toBeNull();
  });
});

describe('existing rows', () => {
  const root = join(__dirname, '..', '..');
  const FIRST_CHECKS = '20261123001220';
  const U = '00000000-0000-4000-8000-0000000000a1';
  let db: PGlite;

  async function migrate(filter: (version: string) => boolean): Promise<void> {
    const dir = join(root, 'supabase', 'migrations');
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.sql') && filter(n.slice(0, 14)))
      .sort()) {
      await db.exec(readFileSync(join(dir, f), 'utf8'));
    }
  }

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pgcrypto } });
    for (const f of ['01-roles.sql', '02-auth.sql', '07-storage.sql']) {
      await db.exec(readFileSync(join(root, 'supabase', 'local', 'bootstrap', f), 'utf8'));
    }
    await migrate((v) => v < FIRST_CHECKS);
    await db.exec(`
      insert into auth.users (id, email) values ('${U}', 'u@example.com');
      insert into public.brands (id, slug, name) values ('00000000-0000-4000-8000-0000000000b1', 'ford', 'Ford');
      insert into public.car_models
          (id, brand_id, slug, name, body_style, fuel_type, price_from, model_year, seats, gearbox, drivetrain)
        values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', 'focus', 'Focus',
                'hatchback', 'petrol', 20000, 2025, 5, 'manual', 'fwd');
      insert into public.bookmarks (user_id, car_model_id, note, created_at)
        values ('${U}', '00000000-0000-4000-8000-0000000000c1', repeat('x', 900000), 'infinity');
      insert into public.price_alerts (user_id, target_price, current_price)
        values ('${U}', 'NaN', 5000), ('${U}', 4000, 'NaN');
      insert into public.user_preference_profiles (user_id, preferred_brands, learning_data)
        values ('${U}', array(select 'b' || g from generate_series(1, 60) g),
                jsonb_build_object('junk', repeat('j', 70000)));
    `);
    await migrate((v) => v >= FIRST_CHECKS);
  });

  it('repairs nonsense already stored and validates every constraint', async () => {
    const bookmark = await db.query<{ n: number; finite: boolean }>(
      'select length(note) as n, isfinite(created_at) as finite from public.bookmarks',
    );
    expect(bookmark.rows).toEqual([{ n: 2000, finite: true }]);
    const alerts = await db.query<{ target: string; current: string }>(
      'select target_price::text as target, current_price::text as current from public.price_alerts',
    );
    expect(alerts.rows).toEqual([{ target: '4000.00', current: '4000.00' }]);
    const profile = await db.query<{ n: number; learning: unknown }>(
      'select cardinality(preferred_brands) as n, learning_data as learning from public.user_preference_profiles',
    );
    expect(profile.rows).toEqual([{ n: 50, learning: {} }]);
    const unvalidated = await db.query(
      `select conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.contype = 'c' and not c.convalidated`,
    );
    expect(unvalidated.rows).toEqual([]);
    const checks = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_constraint
        where contype = 'c' and conname ~ '_(max_\\d+_(chars|bytes|items)|finite)$'`,
    );
    expect(checks.rows[0].n).toBeGreaterThan(80);
  });
});
