// Issue 33, price guards and stock figures through the raw API (PGlite and PostgreSQL):
// - a price under £100 or over £5,000,000 is refused for every writer, with a stable message key;
// - a cut of more than 30%, or a price under £500, needs confirmed_price = the new price, through plain REST
//   and through apply_mutations; the flag is never stored;
// - only an accepted price fires price alerts (a refused typo notifies nobody);
// - listing views are counted with caps, and only the listing's dealer reads its views and saves.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
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
type Who = { id: string; client: SupabaseClient; token: string };
let dealer: Who;
let otherDealer: Who;
let shopper: Who;
let seq = 0;

async function person(prefix: string): Promise<Who> {
  const u = await createUser(uniqueEmail(prefix));
  const client = await userClient(u.email);
  const token = (await client.auth.getSession()).data.session!.access_token;
  return { id: u.id, client, token };
}

/** A fresh listing of the north dealer at `price` (service role, so no guard on the way in but the range). */
async function listingAt(price: number): Promise<string> {
  const { data: base } = await svc.from('vehicle_listings').select('*').eq('id', fx.listings[0].id).single();
  const {
    id: _id,
    created_at: _c,
    updated_at: _u,
    listed_at: _l,
    price_reduction: _r,
    ...row
  } = base as Record<string, unknown>;
  const { data, error } = await svc
    .from('vehicle_listings')
    .insert({ ...row, price, title: `Guarded ${randomUUID().slice(0, 6)}` })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function patch(who: Who, id: string, body: Record<string, unknown>) {
  const res = await rest(`/vehicle_listings?id=eq.${id}`, {
    method: 'PATCH',
    token: who.token,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> | Record<string, unknown>[] };
}

async function push(who: Who, id: string, data: Record<string, unknown>) {
  const ops = [{ type: 'update', table: 'vehicle_listings', row_id: id, data, op_id: randomUUID(), seq: (seq += 1) }];
  const { data: results, error } = await who.client.rpc('apply_mutations', { client_id: `guards-${who.id}`, ops });
  if (error) throw new Error(error.message);
  return (results as { status: string; code?: string; message?: string }[])[0];
}

const priceOf = async (id: string) =>
  (await svc.from('vehicle_listings').select('price, confirmed_price').eq('id', id).single()).data as {
    price: number;
    confirmed_price: number | null;
  };
const dropsFor = async (id: string) =>
  (await svc.from('notifications').select('message').eq('user_id', shopper.id).eq('vehicle_listing_id', id)).data ?? [];

async function alertOn(id: string, target: number, current: number) {
  const { error } = await shopper.client.from('price_alerts').insert({
    id: randomUUID(),
    user_id: shopper.id,
    vehicle_listing_id: id,
    target_price: target,
    current_price: current,
  });
  expect(error).toBeNull();
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  [dealer, otherDealer, shopper] = await Promise.all([person('guard-d'), person('guard-o'), person('guard-s')]);
  const { error } = await svc.from('dealer_members').insert([
    { dealer_id: fx.dealers.north, user_id: dealer.id, role: 'owner' },
    { dealer_id: fx.dealers.south, user_id: otherDealer.id, role: 'owner' },
  ]);
  expect(error).toBeNull();
});

describe('implausible prices', () => {
  it('refuses £1 and £5,000,001 from a dealer (REST and sync) and from the service role; nobody is notified', async () => {
    const id = await listingAt(20_000);
    await alertOn(id, 19_000, 20_000);
    for (const price of [1, 99, 5_000_001]) {
      const res = await patch(dealer, id, { price, confirmed_price: price });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: '23514', message: expect.stringMatching(/^listing_price_out_of_range:/) });
      expect(JSON.stringify(res.body)).not.toMatch(/plpgsql|line \d|CONTEXT/i);
    }
    const synced = await push(dealer, id, { price: 1, confirmed_price: 1 });
    expect(synced).toMatchObject({ status: 'error', code: '23514' });
    expect(synced.message).toMatch(/^listing_price_out_of_range:/);
    expect((await svc.from('vehicle_listings').update({ price: 50 }).eq('id', id)).error?.code).toBe('23514');
    expect(await priceOf(id)).toEqual({ price: 20_000, confirmed_price: null });
    expect(await dropsFor(id)).toEqual([]);
    // the bounds themselves are plausible
    expect((await patch(dealer, id, { price: 5_000_000 })).status).toBe(200);
  });
});

describe('cuts that need confirming', () => {
  it('refuses a 40% cut without the matching flag, then takes it confirmed and notifies the alert holder once', async () => {
    const id = await listingAt(20_000);
    await alertOn(id, 19_000, 20_000);

    const rest1 = await patch(dealer, id, { price: 12_000 });
    expect(rest1.status).toBe(400);
    expect(rest1.body).toMatchObject({
      code: '23514',
      message: expect.stringMatching(/^listing_price_needs_confirmation:/),
    });
    const wrongFlag = await patch(dealer, id, { price: 12_000, confirmed_price: 13_000 });
    expect(wrongFlag.status).toBe(400);
    const synced = await push(dealer, id, { price: 12_000 });
    expect(synced).toMatchObject({ status: 'error', code: '23514' });
    expect(synced.message).toMatch(/^listing_price_needs_confirmation:/);
    expect(await priceOf(id)).toEqual({ price: 20_000, confirmed_price: null });
    expect(await dropsFor(id)).toEqual([]);

    expect(await push(dealer, id, { price: 12_000, confirmed_price: 12_000 })).toMatchObject({ status: 'applied' });
    expect(await priceOf(id)).toEqual({ price: 12_000, confirmed_price: null }); // write-only: never stored
    expect(await dropsFor(id)).toEqual([{ message: expect.stringContaining('Now £12,000 (was £20,000)') }]);

    // the flag confirmed that one write only: the next big cut needs its own
    expect((await patch(dealer, id, { price: 8_000 })).status).toBe(400);
  });

  it('takes a cut of 30% or less unconfirmed, and a price under £500 only confirmed (through REST)', async () => {
    const id = await listingAt(10_000);
    expect((await patch(dealer, id, { price: 7_000 })).status).toBe(200);
    expect((await patch(dealer, id, { price: 5_000 })).status).toBe(200);
    expect((await patch(dealer, id, { price: 700 })).status).toBe(400);
    expect((await patch(dealer, id, { price: 700, confirmed_price: 700 })).status).toBe(200);
    expect((await patch(dealer, id, { price: 600 })).status).toBe(200);
    const under = await patch(dealer, id, { price: 450 });
    expect(under.body).toMatchObject({ message: expect.stringMatching(/^listing_price_needs_confirmation:/) });
    expect((await patch(dealer, id, { price: 450, confirmed_price: 450 })).status).toBe(200);
    expect(await priceOf(id)).toEqual({ price: 450, confirmed_price: null });
  });

  it('lets a dealer send the flag with an unchanged price or a status change (no column change), stored as null', async () => {
    const id = await listingAt(15_000);
    expect((await patch(dealer, id, { status: 'reserved', confirmed_price: 1 })).status).toBe(200);
    expect(await priceOf(id)).toEqual({ price: 15_000, confirmed_price: null });
    expect((await patch(otherDealer, id, { price: 9_000, confirmed_price: 9_000 })).body).toEqual([]); // RLS
  });
});

describe('views and saves', () => {
  it('counts anonymous views up to 20 an hour per listing, a shopper once a day, the own dealer never', async () => {
    const id = await listingAt(11_000);
    const anon = anonClient();
    const counted: boolean[] = [];
    for (let i = 0; i < 21; i++) counted.push((await anon.rpc('record_listing_view', { p_listing_id: id })).data);
    expect(counted.filter(Boolean)).toHaveLength(20);
    expect(counted[20]).toBe(false);
    expect((await shopper.client.rpc('record_listing_view', { p_listing_id: id })).data).toBe(true);
    expect((await shopper.client.rpc('record_listing_view', { p_listing_id: id })).data).toBe(false);
    expect((await dealer.client.rpc('record_listing_view', { p_listing_id: id })).data).toBe(false);
    expect((await anon.rpc('record_listing_view', { p_listing_id: randomUUID() })).data).toBe(false);

    const bookmark = { id: randomUUID(), user_id: shopper.id, vehicle_listing_id: id };
    expect((await shopper.client.from('bookmarks').insert(bookmark)).error).toBeNull();

    const { data, error } = await dealer.client.rpc('dealer_listing_performance', { p_dealer_id: fx.dealers.north });
    expect(error).toBeNull();
    expect((data as { vehicle_listing_id: string }[]).find((r) => r.vehicle_listing_id === id)).toEqual({
      vehicle_listing_id: id,
      views: 21,
      saves: 1,
    });
  });

  it('shows the figures to that dealer only; nobody reads or writes the view rows directly', async () => {
    const other = await otherDealer.client.rpc('dealer_listing_performance', { p_dealer_id: fx.dealers.north });
    expect(other.error?.code).toBe('42501');
    expect(
      (await shopper.client.rpc('dealer_listing_performance', { p_dealer_id: fx.dealers.north })).error?.code,
    ).toBe('42501');
    expect(
      (await anonClient().rpc('dealer_listing_performance', { p_dealer_id: fx.dealers.north })).error,
    ).not.toBeNull();
    expect((await dealer.client.from('listing_views').select('*')).data ?? []).toEqual([]);
    const forged = await shopper.client
      .from('listing_views')
      .insert({ vehicle_listing_id: fx.listings[0].id, viewer: `anon:00:${randomUUID()}` });
    expect(forged.error).not.toBeNull();
  });
});
