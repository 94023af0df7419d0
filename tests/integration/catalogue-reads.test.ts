// Issue 32, the screens beside the marketplace (supabase/migrations/20261129000300_catalogue_reads.sql):
// counts per model and brand, a valuation's comparables, price indicators' market values and saved
// searches' "N new since you last looked" agree with the app's own rules over every row, run under RLS,
// refuse bad input with a PostgREST 400, and on PostgreSQL at 450,000 listings plan no sequential scan.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceIndicator, valueCar, type PricedListing } from '../../src/domain/uk';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';

let ds: DedicatedStack;
const sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => ds.running.db.query<Row>(text, params);
const as = (key: string): SupabaseClient =>
  createClient(ds.running.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
const anon = () => as(ds.running.anonKey);

async function rpc<T>(client: SupabaseClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

// 40 brands of 6 models each (the real catalogue has 305 models), and a dealer at each of 30 outcodes.
async function seedBase(): Promise<void> {
  await sql(`insert into public.brands (slug, name) select 'brand-' || b, 'Brand ' || b from generate_series(1, 40) b`);
  await sql(`insert into public.car_models (brand_id, slug, name, body_style, fuel_type, price_from, model_year, seats, gearbox, drivetrain)
    select br.id, 'model-' || m, 'Model ' || m, (array['sedan','suv','hatchback','coupe','wagon','convertible'])[m], 'petrol',
      15000 + 1000 * m, 2024, 5, (array['manual','automatic'])[1 + m % 2], 'fwd'
    from generate_series(1, 40) b join public.brands br on br.slug = 'brand-' || b, generate_series(1, 6) m`);
  await sql(`insert into public.dealers (slug, name, town, outcode, postcode, lat, lng)
    select 'dealer-' || o.outcode, 'Dealer ' || o.outcode, 'Town', o.outcode, o.outcode || ' 1AA', o.lat, o.lng
    from (select * from public.outcode_centroids order by outcode limit 30) o`);
}

/** `n` listings over the first `models` models and the dealers, a sixth sold and a sixth reserved. */
async function addListings(n: number, models: number): Promise<void> {
  await sql(
    `insert into public.vehicle_listings (dealer_id, car_model_id, brand_id, title, price, year, mileage, colour, fuel_type,
       body_style, gearbox, seats, co2_gkm, status, outcode, lat, lng, listed_at)
     select d.id, m.id, m.brand_id, 'Listing ' || x.g, 3000 + (x.g::bigint * 7919) % 40000, 2014 + (x.g / 7) % 10,
       ((x.g::bigint * 104729) % 120000)::int, 'Grey', m.fuel_type, m.body_style, m.gearbox, 5, 120,
       (array['active','active','active','active','reserved','sold'])[1 + x.g % 6], d.outcode, d.lat, d.lng,
       timestamptz '2026-10-01' + (x.g % 40000) * interval '1 second'
     from (select g, ms.ids[1 + (g * 7) % $2::int] model_id, ds.ids[1 + (g * 3) % 30] dealer_id
           from generate_series(1, $1::int) g,
             (select array_agg(id order by id) ids from public.car_models) ms,
             (select array_agg(id order by id) ids from public.dealers) ds) x
     join public.car_models m on m.id = x.model_id
     join public.dealers d on d.id = x.dealer_id`,
    [n, models],
  );
  await sql('analyze public.vehicle_listings');
}

const unsoldOf = async (modelId: string) =>
  (
    await sql<PricedListing & { status: string }>(
      `select id, car_model_id, year, mileage, price, condition, status from public.vehicle_listings
        where car_model_id = $1 and status <> 'sold'`,
      [modelId],
    )
  ).rows;

beforeAll(async () => {
  ds = await startDedicatedStack({}, { seed: false });
  await seedBase();
}, 180_000);
afterAll(async () => ds?.dispose());

describe('issue 32 catalogue reads: the app rules over every row', () => {
  let modelId: string;
  let brandId: string;
  beforeAll(async () => {
    await addListings(4000, 40); // dense enough for every model to have comparables
    const { rows } = await sql<{ id: string; brand_id: string }>(
      `select id, brand_id from public.car_models where id in (select car_model_id from public.vehicle_listings) order by id limit 1`,
    );
    [modelId, brandId] = [rows[0].id, rows[0].brand_id];
  }, 120_000);

  it('counts unsold cars and the cheapest price per model and brand asked', async () => {
    const got = await rpc<{ models: Record<string, { count: number; from: number }>; brands: Record<string, number> }>(
      anon(),
      'listing_stock_counts',
      { model_ids: [modelId], brand_ids: [brandId] },
    );
    const unsold = await unsoldOf(modelId);
    expect(got.models[modelId]).toEqual({ count: unsold.length, from: Math.min(...unsold.map((r) => r.price)) });
    const { rows } = await sql<{ n: string }>(
      `select count(*) n from public.vehicle_listings where brand_id = $1 and status <> 'sold'`,
      [brandId],
    );
    expect(got.brands[brandId]).toBe(Number(rows[0].n));
    expect(Object.keys(got.models)).toEqual([modelId]);
  });

  it('prices every model from its cheapest car for sale', async () => {
    const got = await rpc<Record<string, number>>(anon(), 'listing_model_prices');
    expect(Object.keys(got)).toHaveLength(40);
    expect(got[modelId]).toBe(Math.min(...(await unsoldOf(modelId)).map((r) => r.price)));
  });

  it("values a car from the server's candidates exactly as from every listing of its model", async () => {
    const all = await unsoldOf(modelId);
    for (const [year, mileage] of [
      [2018, 40_000],
      [2015, 110_000],
      [2023, 5_000],
    ]) {
      const candidates = await rpc<PricedListing[]>(anon(), 'listing_comparables', {
        car_model: modelId,
        car_year: year,
        car_mileage: mileage,
      });
      const input = { carModelId: modelId, year, mileage, condition: 'good' as const };
      expect(candidates.length).toBeLessThan(all.length);
      expect(valueCar(input, candidates)).toEqual(valueCar(input, all));
    }
  });

  it('gives the market value the price indicator computes from every comparable', async () => {
    const { rows } = await sql<PricedListing>(
      `select id, car_model_id, year, mileage, price, condition from public.vehicle_listings
        where car_model_id = $1 and status <> 'sold' order by id limit 20`,
      [modelId],
    );
    const got = await rpc<Record<string, { market_value: number; comparables: number }>>(
      anon(),
      'listing_market_values',
      {
        ids: rows.map((r) => r.id),
      },
    );
    const all = await unsoldOf(modelId);
    let rated = 0;
    for (const car of rows) {
      const expected = priceIndicator({ ...car, price: 10_000 }, all, 2026);
      const server = got[car.id];
      if (expected.available) {
        rated++;
        expect(server.comparables).toBe(expected.comparables);
        expect(Math.abs(server.market_value - expected.marketValue)).toBeLessThanOrEqual(1);
      } else expect(server.comparables).toBeLessThan(5);
    }
    expect(rated).toBeGreaterThan(5);
  });

  it('reads listings as the caller: a policy hiding reserved cars from anon hides them from its counts', async () => {
    const args = { model_ids: [modelId], brand_ids: [] };
    type Counts = { models: Record<string, { count: number }> };
    const before = (await rpc<Counts>(anon(), 'listing_stock_counts', args)).models[modelId].count;
    await sql(`create policy test_anon_active_only on public.vehicle_listings as restrictive for select to anon
      using (status = 'active')`);
    try {
      const after = (await rpc<Counts>(anon(), 'listing_stock_counts', args)).models[modelId].count;
      expect(after).toBeLessThan(before);
      expect(
        (await rpc<Counts>(as(ds.running.serviceRoleKey), 'listing_stock_counts', args)).models[modelId].count,
      ).toBe(before);
    } finally {
      await sql('drop policy test_anon_active_only on public.vehicle_listings');
    }
  });

  it('refuses bad input with a PostgREST 400 and a clear message', async () => {
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    const a = await anon().rpc('listing_market_values', { ids: many });
    expect(a.status).toBe(400);
    expect(a.error?.message).toBe('Ask for at most 100 listings at a time');
    const b = await anon().rpc('listing_comparables', { car_model: modelId, car_year: 3000, car_mileage: 1 });
    expect(b.status).toBe(400);
    expect(b.error?.message).toMatch(/year from 1900 to 2100/);
    const c = await anon().rpc('listing_stock_counts', { model_ids: ['not-a-uuid'] });
    expect(c.status).toBe(400);
    expect(JSON.stringify(c.error)).not.toMatch(/select|from public/i);
  });

  it("counts each saved search's new matches for its owner only, and not for anon", async () => {
    const svc = as(ds.running.serviceRoleKey);
    const mk = async (email: string) => {
      const { data, error } = await svc.auth.admin.createUser({
        email,
        password: 'Correct-Horse-9',
        email_confirm: true,
      });
      if (error || !data.user) throw new Error(error?.message);
      const c = as(ds.running.anonKey);
      await c.auth.signInWithPassword({ email, password: 'Correct-Horse-9' });
      return { id: data.user.id, c };
    };
    const [alice, bob] = await Promise.all([
      mk(`alice-${Date.now()}@example.com`),
      mk(`bob-${Date.now()}@example.com`),
    ]);
    const { rows: brand } = await sql<{ slug: string; id: string }>(
      'select slug, id from public.brands where id = $1',
      [brandId],
    );
    const ins = await alice.c
      .from('saved_searches')
      .insert({ user_id: alice.id, name: 'Cheap', filters: { make: brand[0].slug, price_max: 20000 } })
      .select('id')
      .single();
    expect(ins.error).toBeNull();
    const savedId = (ins.data as { id: string }).id;
    // Three new matches (one sold, one too dear, one of another make do not count).
    await sql(
      `insert into public.vehicle_listings (dealer_id, car_model_id, brand_id, title, price, year, mileage, colour, fuel_type,
         body_style, gearbox, seats, co2_gkm, status, outcode, lat, lng, listed_at)
       select d.id, m.id, m.brand_id, 'New ' || g, (array[9000, 12000, 15000, 9000, 30000])[g], 2020, 10000, 'Grey', m.fuel_type,
         m.body_style, m.gearbox, 5, 120, (array['active','reserved','active','sold','active'])[g], d.outcode, d.lat, d.lng,
         now() + g * interval '1 second'
       from generate_series(1, 5) g, public.car_models m, (select * from public.dealers limit 1) d where m.id = $1`,
      [modelId],
    );
    const counted = await rpc<Record<string, { count: number; since: string }>>(alice.c, 'saved_search_new_counts');
    expect(Object.keys(counted)).toEqual([savedId]);
    expect(counted[savedId].count).toBe(3);
    expect(Date.parse(counted[savedId].since)).toBeLessThan(Date.now());
    expect(await rpc<Record<string, number>>(bob.c, 'saved_search_new_counts')).toEqual({});
    const asAnon = await anon().rpc('saved_search_new_counts');
    expect(asAnon.error).not.toBeNull();
    await alice.c
      .from('saved_searches')
      .update({ last_viewed_at: new Date(Date.now() + 60_000).toISOString() })
      .eq('id', savedId);
    expect((await rpc<Record<string, { count: number }>>(alice.c, 'saved_search_new_counts'))[savedId].count).toBe(0);
  });
});

describe.runIf(process.env.STACK_DB === 'postgres')(
  'issue 32 catalogue reads at 450,000 listings: no sequential scan',
  () => {
    const someIds = async (n: number) =>
      (
        await sql<{ id: string }>(
          `select id from public.vehicle_listings where status <> 'sold' order by id limit ${n}`,
        )
      ).rows.map((r) => r.id);
    beforeAll(async () => {
      await addListings(446_000, 240);
      await sql('vacuum analyze public.vehicle_listings');
    }, 1_200_000);

    it.each([
      [
        'stock counts',
        async () => ({
          ids: (await sql<{ id: string }>('select id from public.car_models limit 10')).rows.map((r) => r.id),
          brand_ids: (await sql<{ id: string }>('select id from public.brands limit 3')).rows.map((r) => r.id),
        }),
      ],
      ['model prices', async () => ({})],
      [
        'comparables',
        async () => ({
          model: (await sql<{ id: string }>('select id from public.car_models limit 1')).rows[0].id,
          year: 2019,
          mileage: 30000,
        }),
      ],
      ['market values', async () => ({ ids: await someIds(24) })],
      [
        'saved search new',
        async () => ({ user: (await sql<{ id: string }>('select id from auth.users limit 1')).rows[0].id }),
      ],
    ] as const)('%s', async (name, argsOf) => {
      const kind = {
        'stock counts': 'stock_counts',
        'model prices': 'model_prices',
        comparables: 'comparables',
        'market values': 'market_values',
        'saved search new': 'saved_search_new',
      }[name];
      const { rows } = await sql<{ q: string }>('select public.catalogue_read_sql($1, $2::jsonb) q', [
        kind,
        JSON.stringify(await argsOf()),
      ]);
      const plan = (await sql<{ 'QUERY PLAN': unknown }>(`explain (format json) ${rows[0].q}`)).rows[0]['QUERY PLAN'];
      const text = JSON.stringify(plan);
      expect(text).toContain('vehicle_listings');
      expect(text).not.toMatch(/"Node Type":\s*"Seq Scan"[^{}]*"Relation Name":\s*"vehicle_listings"/);
      const started = performance.now();
      await sql(rows[0].q);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  },
);
