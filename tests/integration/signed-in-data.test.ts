// Saved searches and the signed-in user's notification data through the real stack: the new_match
// trigger (and its new_match_alerts switch), the price-alert path, and RLS between two shoppers
// holding only the anon key and their own sessions.
import { randomUUID } from 'node:crypto';
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
let dealer: SupabaseClient;

interface Shopper {
  id: string;
  client: SupabaseClient;
  token: string;
}

async function shopper(prefix: string): Promise<Shopper> {
  const u = await createUser(uniqueEmail(prefix));
  const client = await userClient(u.email);
  const token = (await client.auth.getSession()).data.session!.access_token;
  return { id: u.id, client, token };
}

function newListing(brand: 'alpha' | 'beta', model: 'hatch' | 'saloon', price: number, title: string) {
  return {
    dealer_id: fx.dealers.north,
    car_model_id: fx.models[model],
    brand_id: fx.brands[brand],
    title: `${title} ${fx.prefix}`,
    price,
    year: 2022,
    mileage: 12000,
    colour: 'Blue',
    fuel_type: 'petrol',
    body_style: 'hatchback',
    gearbox: 'manual',
    seats: 5,
    registration: 'AB22 CDE',
    engine_cc: 1200,
  };
}

async function matchNotifications(userId: string, listingId: string) {
  const { data, error } = await svc
    .from('notifications')
    .select('*')
    .eq('user_id', userId)
    .eq('vehicle_listing_id', listingId);
  if (error) throw new Error(error.message);
  return data;
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const d = await createUser(uniqueEmail('ss-dealer'));
  const { error } = await svc
    .from('dealer_members')
    .insert({ dealer_id: fx.dealers.north, user_id: d.id, role: 'owner' });
  if (error) throw new Error(error.message);
  dealer = await userClient(d.email);
});

describe('saved searches', () => {
  it('a new listing matching a saved search creates one new_match notification; others do not', async () => {
    const a = await shopper('ss-a');
    const filters = {
      make: `${fx.prefix}-alpha`,
      model: `${fx.prefix}-hatch`,
      price_max: 10000,
      fuel: ['petrol'],
      query: 'x',
    };
    for (const name of ['Cheap hatch', 'Same again']) {
      const { error } = await a.client
        .from('saved_searches')
        .insert({ id: randomUUID(), user_id: a.id, name, filters });
      expect(error).toBeNull();
    }
    const { data: inserted, error } = await dealer
      .from('vehicle_listings')
      .insert([
        newListing('alpha', 'hatch', 8500, 'Match'),
        newListing('alpha', 'hatch', 10500, 'Too dear'),
        newListing('beta', 'saloon', 8000, 'Other make'),
      ])
      .select('id, title');
    expect(error).toBeNull();
    const [match, dear, other] = inserted!;
    const got = await matchNotifications(a.id, match.id);
    expect(got).toHaveLength(1);
    // the car is named from the catalogue (year, brand, model), never by the dealer's title (issue 31)
    expect(got[0]).toMatchObject({
      type: 'new_match',
      title: `New match: 2022 Alpha ${fx.prefix} hatch ${fx.prefix}`,
      dismissed_at: null,
    });
    expect(got[0].message).toContain('£8,500');
    expect(got[0].data.car_url).toBe(`/marketplace/${match.id}`);
    expect(await matchNotifications(a.id, dear.id)).toHaveLength(0);
    expect(await matchNotifications(a.id, other.id)).toHaveLength(0);
  });

  it('honours new_match_alerts = false', async () => {
    const b = await shopper('ss-b');
    await b.client.from('user_preferences').insert({
      user_id: b.id,
      notification_preferences: {
        email_notifications: true,
        price_drop_alerts: true,
        new_match_alerts: false,
        weekly_digest: true,
        instant_notifications: false,
      },
    });
    await b.client
      .from('saved_searches')
      .insert({ id: randomUUID(), user_id: b.id, name: 'Any alpha', filters: { make: `${fx.prefix}-alpha` } });
    const { data } = await dealer
      .from('vehicle_listings')
      .insert(newListing('alpha', 'hatch', 7000, 'Quiet'))
      .select('id')
      .single();
    expect(await matchNotifications(b.id, data!.id)).toHaveLength(0);
  });

  it('rejects empty names and other users as owner', async () => {
    const c = await shopper('ss-c');
    const other = await shopper('ss-c2');
    const blank = await c.client
      .from('saved_searches')
      .insert({ id: randomUUID(), user_id: c.id, name: '   ', filters: {} });
    expect(blank.error?.code).toBe('23514');
    const forged = await c.client
      .from('saved_searches')
      .insert({ id: randomUUID(), user_id: other.id, name: 'Mine now', filters: {} });
    expect(forged.error?.code).toBe('42501');
  });

  it('deleting one leaves a tombstone its owner can pull', async () => {
    const d = await shopper('ss-d');
    const id = randomUUID();
    await d.client.from('saved_searches').insert({ id, user_id: d.id, name: 'Temp', filters: {} });
    expect((await d.client.from('saved_searches').delete().eq('id', id)).error).toBeNull();
    const { data } = await d.client.from('deleted_rows').select('table_name, row_id').eq('row_id', id);
    expect(data).toEqual([{ table_name: 'saved_searches', row_id: id }]);
  });
});

describe("a shopper cannot read another shopper's data through the raw API", () => {
  it('saved searches, price alerts and notifications are invisible and unchangeable', async () => {
    const owner = await shopper('rls-owner');
    const intruder = await shopper('rls-intruder');
    const searchId = randomUUID();
    const alertId = randomUUID();
    expect(
      (
        await owner.client
          .from('saved_searches')
          .insert({ id: searchId, user_id: owner.id, name: 'Private', filters: {} })
      ).error,
    ).toBeNull();
    expect(
      (
        await owner.client.from('price_alerts').insert({
          id: alertId,
          user_id: owner.id,
          vehicle_listing_id: fx.listings[1].id,
          target_price: 100,
          current_price: 9000,
        })
      ).error,
    ).toBeNull();
    const { data: note } = await svc
      .from('notifications')
      .insert({ user_id: owner.id, title: 'Private note', type: 'other' })
      .select('id')
      .single();

    for (const [table, id] of [
      ['saved_searches', searchId],
      ['price_alerts', alertId],
      ['notifications', note!.id],
    ] as const) {
      const read = await rest(`/${table}?id=eq.${id}`, { token: intruder.token });
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual([]);
      const all = await rest(`/${table}?select=user_id`, { token: intruder.token });
      const rows = (await all.json()) as { user_id: string }[];
      expect(rows.every((r) => r.user_id === intruder.id)).toBe(true);
      const patch = await rest(`/${table}?id=eq.${id}`, {
        token: intruder.token,
        method: 'PATCH',
        body: JSON.stringify(table === 'notifications' ? { dismissed_at: new Date().toISOString() } : { name: 'x' }),
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      });
      if (patch.ok) expect(await patch.json()).toEqual([]);
      const del = await rest(`/${table}?id=eq.${id}`, {
        token: intruder.token,
        method: 'DELETE',
        headers: { prefer: 'return=representation' },
      });
      expect(await del.json()).toEqual([]);
      const anon = await rest(`/${table}?id=eq.${id}`);
      expect(anon.ok ? await anon.json() : []).toEqual([]);
    }
    // Still there for the owner.
    expect((await owner.client.from('saved_searches').select('name').eq('id', searchId)).data).toEqual([
      { name: 'Private' },
    ]);
    expect((await owner.client.from('notifications').select('dismissed_at').eq('id', note!.id)).data).toEqual([
      { dismissed_at: null },
    ]);
  });
});
