// Shared helpers for integration tests: real supabase-js clients against the stack started by
// tests/setup/integration-global.ts.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { inject } from 'vitest';

export const stack = () => inject('stack');

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(stack().url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  });
}

export const anonClient = (): SupabaseClient => client(stack().anonKey);
export const serviceClient = (): SupabaseClient => client(stack().serviceRoleKey);
/** A client that sends a given (possibly forged) bearer token. */
export const tokenClient = (token: string): SupabaseClient => client(stack().anonKey, token);

export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
export const DEFAULT_PASSWORD = 'Correct-Horse-Battery-9';

/** Creates a confirmed user through the service-role admin API. */
export async function createUser(email: string, password = DEFAULT_PASSWORD): Promise<{ id: string; email: string }> {
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message ?? 'no user'}`);
  return { id: data.user.id, email };
}

/** Signs in with the password grant and returns the signed-in client. */
export async function userClient(email: string, password = DEFAULT_PASSWORD): Promise<SupabaseClient> {
  const c = anonClient();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed for ${email}: ${error.message}`);
  return c;
}

/** Raw fetch against the Data API with the given key as apikey and bearer. */
export function rest(pathAndQuery: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const token = init.token ?? stack().anonKey;
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stack().anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${stack().url}/rest/v1${pathAndQuery}`, { ...init, headers });
}

/** One op as apply_mutations takes it (the outbox's wire shape). */
export interface Op {
  op_id: string;
  seq: number;
  type: 'create' | 'update' | 'delete';
  table: string;
  row_id: string;
  data?: Record<string, unknown>;
}

/** apply_mutations' answer for one op. */
export interface OpResult {
  op_id: string;
  status: 'applied' | 'duplicate' | 'error' | 'skipped';
  code?: string;
  message?: string;
  affected?: number;
  row?: Record<string, unknown> | null;
}

export interface CatalogueFixture {
  prefix: string;
  brands: { alpha: string; beta: string; gamma: string };
  models: { hatch: string; suv: string; saloon: string };
  dealers: { north: string; south: string };
  listings: { id: string; price: number; title: string }[];
}

/** A small, uniquely named slice of catalogue inserted as service_role (brands, models, reviews, dealers, listings). */
export async function seedCatalogueFixture(): Promise<CatalogueFixture> {
  const svc = serviceClient();
  const p = `fx${randomUUID().slice(0, 8)}`;
  const one = async <T>(q: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> => {
    const { data, error } = await q;
    if (error || data === null) throw new Error(`fixture insert failed: ${error?.message}`);
    return data;
  };
  const brands = await one(
    svc
      .from('brands')
      .insert([
        { slug: `${p}-alpha`, name: `Alpha ${p}`, country: 'UK', founded: 1901 },
        { slug: `${p}-beta`, name: `Beta ${p}`, country: 'DE', founded: 1950 },
        { slug: `${p}-gamma`, name: `Gamma ${p}`, country: 'FR', founded: null },
      ])
      .select('id, slug'),
  );
  const bid = (s: string) => brands.find((b) => b.slug === `${p}-${s}`)!.id as string;
  const model = (brand: string, slug: string, body: string, fuel: string, price: number, seats: number) => ({
    brand_id: bid(brand),
    slug: `${p}-${slug}`,
    name: `${slug} ${p}`,
    body_style: body,
    fuel_type: fuel,
    price_from: price,
    model_year: 2025,
    seats,
    gearbox: 'manual',
    drivetrain: 'fwd',
    mpg: fuel === 'electric' ? null : 50.4,
  });
  const models = await one(
    svc
      .from('car_models')
      .insert([
        model('alpha', 'hatch', 'hatchback', 'petrol', 20000, 5),
        model('alpha', 'suv', 'suv', 'electric', 40000, 7),
        model('beta', 'saloon', 'sedan', 'diesel', 30000, 5),
      ])
      .select('id, slug'),
  );
  const mid = (s: string) => models.find((m) => m.slug === `${p}-${s}`)!.id as string;
  await one(
    svc
      .from('reviews')
      .insert(
        [
          {
            car_model_id: mid('hatch'),
            author: 'Sam',
            title: 'Great hatch',
            cs_score: 8.1,
            pros: ['Cheap', 'Nimble'],
            cons: ['Noisy'],
            published: true,
            sections: { driving: 'Fun' },
          },
          {
            car_model_id: mid('hatch'),
            author: 'Kim',
            title: 'Decent hatch',
            cs_score: 6.5,
            pros: ['Roomy'],
            cons: [],
            published: true,
          },
          {
            car_model_id: mid('suv'),
            author: 'Sam',
            title: 'Big SUV',
            cs_score: 7.4,
            pros: ['Seven seats'],
            cons: ['Thirsty'],
            published: true,
          },
        ],
        { defaultToNull: false },
      )
      .select('id'),
  );
  const dealers = await one(
    svc
      .from('dealers')
      .insert([
        {
          slug: `${p}-north`,
          name: `North ${p}`,
          town: 'Leeds',
          outcode: 'LS1',
          postcode: 'LS1 4AP',
          lat: 53.8,
          lng: -1.55,
          admin_fee: 0,
        },
        {
          slug: `${p}-south`,
          name: `South ${p}`,
          town: 'Brighton',
          outcode: 'BN1',
          postcode: 'BN1 1AA',
          lat: 50.82,
          lng: -0.14,
          admin_fee: 99,
        },
      ])
      .select('id, slug'),
  );
  const did = (s: string) => dealers.find((d) => d.slug === `${p}-${s}`)!.id as string;
  const listing = (dealer: string, m: string, brand: string, title: string, price: number, colour: string) => ({
    dealer_id: did(dealer),
    car_model_id: mid(m),
    brand_id: bid(brand),
    title: `${title} ${p}`,
    price,
    year: 2021,
    mileage: 20000,
    colour,
    fuel_type: 'petrol',
    body_style: 'hatchback',
    gearbox: 'manual',
    seats: 5,
  });
  const listings = await one(
    svc
      .from('vehicle_listings')
      .insert([
        listing('north', 'hatch', 'alpha', 'Hatch, 1.0 (Zetec)', 5000, 'Red'),
        listing('north', 'hatch', 'alpha', 'Hatch O\'Brien "special"', 9000, 'Blue'),
        listing('south', 'suv', 'alpha', 'SUV 100% electric', 12000, 'Red'),
        listing('south', 'saloon', 'beta', 'Saloon Ünïcode', 15000, 'Grey'),
        listing('north', 'saloon', 'beta', 'Saloon plain', 20000, ''),
      ])
      .select('id, price, title'),
  );
  return {
    prefix: p,
    brands: { alpha: bid('alpha'), beta: bid('beta'), gamma: bid('gamma') },
    models: { hatch: mid('hatch'), suv: mid('suv'), saloon: mid('saloon') },
    dealers: { north: did('north'), south: did('south') },
    listings: (listings as { id: string; price: number; title: string }[]).sort((a, b) => a.price - b.price),
  };
}
