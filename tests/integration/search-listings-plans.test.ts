// Issue 32, server search, on a stack of its own: RLS still applies to search_listings (it reads
// vehicle_listings as the caller), price_reduction follows price changes, and on PostgreSQL, with
// 60,000 listings analysed (past the size where counts turn into capped walks and samples), no
// benchmarked combination plans a sequential scan of vehicle_listings.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';

let ds: DedicatedStack;
const sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => ds.running.db.query<Row>(text, params);
const as = (key: string) =>
  createClient(ds.running.url, key, { auth: { persistSession: false, autoRefreshToken: false } });

async function search(key: string, args: Record<string, unknown>) {
  const { data, error } = await as(key).rpc('search_listings', args);
  if (error) throw new Error(error.message);
  return data as { rows: { id: string; status: string }[]; total: number };
}

// 40 brands of 6 models each, and a dealer at each of 150 outcodes.
async function seedBase(): Promise<void> {
  await sql(`insert into public.brands (slug, name) select 'brand-' || b, 'Brand ' || b from generate_series(1, 40) b`);
  await sql(`insert into public.car_models (brand_id, slug, name, body_style, fuel_type, price_from, model_year, seats, gearbox, drivetrain)
    select br.id, 'model-' || m, 'Model ' || m, (array['sedan','suv','hatchback','coupe','wagon','convertible'])[1 + (m + b) % 6],
      (array['petrol','diesel','electric','hybrid'])[1 + (m * b) % 4], 15000 + 1000 * m + 300 * b, 2024, 5,
      (array['manual','automatic'])[1 + m % 2], 'fwd'
    from generate_series(1, 40) b join public.brands br on br.slug = 'brand-' || b, generate_series(1, 6) m`);
  await sql(`insert into public.dealers (slug, name, town, outcode, postcode, lat, lng)
    select 'dealer-' || o.outcode, 'Dealer ' || o.outcode, 'Town', o.outcode, o.outcode || ' 1AA', o.lat, o.lng
    from (select * from public.outcode_centroids order by outcode limit 150) o`);
}

/** `n` listings spread over the models and dealers, a sixth of them sold and a sixth reserved. */
async function addListings(n: number): Promise<void> {
  await sql(
    `insert into public.vehicle_listings (dealer_id, car_model_id, brand_id, title, price, year, mileage, colour, fuel_type,
       body_style, gearbox, seats, co2_gkm, status, outcode, lat, lng, listed_at)
     select d.id, m.id, m.brand_id, 'Listing ' || g, 2000 + (g * 7919) % 60000, 2012 + g % 14, ((g::bigint * 104729) % 120000)::int,
       (array['Grey','Black','White','Blue','Red'])[1 + g % 5], m.fuel_type, m.body_style, m.gearbox, 5, 90 + g % 120,
       (array['active','active','active','active','reserved','sold'])[1 + g % 6], d.outcode, d.lat, d.lng,
       timestamptz '2026-10-01' + (g % 100000) * interval '1 minute'
     from generate_series(1, $1::int) g,
       (select array_agg(id order by id) ids from public.car_models) ms,
       (select array_agg(id order by id) ids from public.dealers) ds
     join public.car_models m on true join public.dealers d on true
     where m.id = ms.ids[1 + (g * 31) % 240] and d.id = ds.ids[1 + (g * 17) % 150]`,
    [n],
  );
  await sql('analyze public.vehicle_listings');
}

beforeAll(async () => {
  ds = await startDedicatedStack({}, { seed: false });
  await seedBase();
}, 180_000);
afterAll(async () => ds?.dispose());

describe('issue 32 server search: RLS and price reductions', () => {
  beforeAll(async () => addListings(600), 120_000);

  it('reads vehicle_listings as the caller: a policy hiding rows from anon hides them from its search', async () => {
    const { anonKey, serviceRoleKey } = ds.running;
    const before = await search(anonKey, { page_size: 100 });
    expect(before.rows.some((r) => r.status === 'reserved')).toBe(true);
    expect(before.rows.some((r) => r.status === 'sold')).toBe(false);
    await sql(`create policy test_anon_active_only on public.vehicle_listings as restrictive for select to anon
      using (status = 'active')`);
    const after = await search(anonKey, { page_size: 100 });
    expect(after.rows.length).toBeGreaterThan(0);
    expect(after.rows.some((r) => r.status !== 'active')).toBe(false);
    expect(after.total).toBeLessThan(before.total);
    expect((await search(serviceRoleKey, { page_size: 100 })).total).toBe(before.total);
    await sql('drop policy test_anon_active_only on public.vehicle_listings');
  });

  it('keeps price_reduction as the first price minus the price, and no client can set it', async () => {
    const { rows } = await sql<{ id: string; price: number }>(`select id, price from public.vehicle_listings limit 1`);
    const { id, price } = rows[0];
    const svc = as(ds.running.serviceRoleKey);
    const read = async () =>
      (await sql<{ r: number }>('select price_reduction as r from public.vehicle_listings where id = $1', [id])).rows[0]
        .r;
    expect(
      (
        await svc
          .from('vehicle_listings')
          .update({ price: price - 500 })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect(await read()).toBe(500);
    expect(
      (
        await svc
          .from('vehicle_listings')
          .update({ price: price + 100 })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect(await read()).toBe(0);
    await as(ds.running.anonKey).from('vehicle_listings').update({ price_reduction: 9999 }).eq('id', id);
    expect(await read()).toBe(0);
  });
});

describe.runIf(process.env.STACK_DB === 'postgres')(
  'issue 32 server search: no sequential scan of vehicle_listings',
  () => {
    beforeAll(async () => addListings(60_000), 180_000);

    it.each([
      ['all, relevance', {}, 'relevance'],
      ['all, price low-high', {}, 'price-asc'],
      ['make, relevance', { make: 'brand-7' }, 'relevance'],
      ['make + model, price', { make: 'brand-7', model: 'model-2' }, 'price-asc'],
      ['price range, mileage', { price_min: 10000, price_max: 20000 }, 'mileage'],
      ['body + fuel, newest', { body: ['suv'], fuel: ['hybrid'] }, 'newest'],
      ['year + gearbox, reduction', { year_min: 2021, gearbox: 'automatic' }, 'reduction'],
      ['monthly, price high-low', { monthly_max: 300 }, 'price-desc'],
      ['EV + tax + ULEZ', { fuel: ['electric'], tax_max: 200, ulez: true }, 'relevance'],
      ['LS1 25 mi, distance', { postcode: 'LS1 4AP', radius: 25 }, 'distance'],
      ['M1 50 mi, relevance', { postcode: 'M1 1AA', radius: 50 }, 'relevance'],
      ['SW1A, relevance bands', { postcode: 'SW1A 1AA' }, 'relevance'],
    ])('%s', async (_name, filters, sort) => {
      const { data, error } = await as(ds.running.serviceRoleKey).rpc('search_listings_plans', { filters, sort });
      expect(error).toBeNull();
      const plans = JSON.stringify((data as { plans: unknown[] }).plans);
      expect(plans).toContain('vehicle_listings');
      expect(plans).not.toMatch(/"Node Type":\s*"Seq Scan"[^{}]*"Relation Name":\s*"vehicle_listings"/);
    });

    // Past 5,000 matches a total is the block sample's estimate, flagged; at or under it, exact.
    it.each([
      ['all', {}, `true`],
      ['make', { make: 'brand-7' }, `brand_id = (select id from public.brands where slug = 'brand-7')`],
      ['price range', { price_min: 10000, price_max: 20000 }, `price between 10000 and 20000`],
      ['body', { body: ['suv'] }, `body_style = 'suv'`],
    ])('total for %s: exact up to the cap, else a flagged estimate near the count', async (_name, filters, where) => {
      const [{ n }] = (
        await sql<{ n: string }>(`select count(*) n from public.vehicle_listings where status <> 'sold' and ${where}`)
      ).rows;
      const exact = Number(n);
      const got = await search(ds.running.anonKey, { filters, page_size: 1 });
      const answer = got as unknown as { total: number; total_is_estimate: boolean };
      if (exact <= 5000) {
        expect(answer).toMatchObject({ total: exact, total_is_estimate: false });
      } else {
        expect(answer.total_is_estimate).toBe(true);
        expect(Math.abs(answer.total - exact) / exact).toBeLessThan(0.2);
      }
    });
  },
);
