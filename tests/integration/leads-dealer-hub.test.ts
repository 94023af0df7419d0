// Enquiries and the Dealer Hub through the raw API: who reads which leads and messages, what a dealer
// member may change, the 5-an-hour enquiry limit (HTTP 429 / PT429 through sync) and the price-cut alert.
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

const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again later.';
const svc = serviceClient();
let fx: CatalogueFixture;
type Who = { id: string; email: string; client: SupabaseClient; token: string };
let shopperA: Who;
let shopperB: Who;
let northDealer: Who;
let southDealer: Who;
let northListing: string;
let southListing: string;
let seq = 0;

async function person(prefix: string): Promise<Who> {
  const u = await createUser(uniqueEmail(prefix));
  const client = await userClient(u.email);
  const token = (await client.auth.getSession()).data.session!.access_token;
  return { ...u, client, token };
}

function leadRow(who: Who, listing: string, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    user_id: who.id,
    vehicle_listing_id: listing,
    dealer_id: fx.dealers.north,
    name: 'Pat Buyer',
    email: who.email,
    message: 'Is it still available?',
    ...extra,
  };
}

async function push(who: Who, ops: { type: string; table: string; row_id: string; data: Record<string, unknown> }[]) {
  const wire = ops.map((o) => ({ ...o, op_id: randomUUID(), seq: (seq += 1) }));
  const { data, error } = await who.client.rpc('apply_mutations', { client_id: `test-${who.id}`, ops: wire });
  if (error) throw new Error(error.message);
  return data as { status: string; code?: string; message?: string }[];
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  [shopperA, shopperB, northDealer, southDealer] = await Promise.all([
    person('lead-a'),
    person('lead-b'),
    person('lead-north'),
    person('lead-south'),
  ]);
  await svc.from('dealer_members').insert([
    { dealer_id: fx.dealers.north, user_id: northDealer.id, role: 'owner' },
    { dealer_id: fx.dealers.south, user_id: southDealer.id, role: 'staff' },
  ]);
  const { data } = await svc
    .from('vehicle_listings')
    .select('id, dealer_id')
    .in('dealer_id', [fx.dealers.north, fx.dealers.south]);
  northListing = data!.find((l) => l.dealer_id === fx.dealers.north)!.id as string;
  southListing = data!.find((l) => l.dealer_id === fx.dealers.south)!.id as string;
});

describe('leads and messages: who reads what', () => {
  it('a shopper reads only his own leads and their messages; each dealer only his own', async () => {
    const mine = leadRow(shopperA, northListing, {
      part_exchange: true,
      part_exchange_registration: 'AB12 CDE',
      part_exchange_mileage: 60000,
      finance_interest: true,
    });
    expect((await shopperA.client.from('leads').insert(mine)).error).toBeNull();
    const msg = { id: randomUUID(), lead_id: mine.id, sender_id: northDealer.id, body: 'Yes, come and see it.' };
    expect((await northDealer.client.from('lead_messages').insert(msg)).error).toBeNull();

    expect((await shopperA.client.from('leads').select('id, part_exchange_mileage').eq('id', mine.id)).data).toEqual([
      { id: mine.id, part_exchange_mileage: 60000 },
    ]);
    expect((await shopperA.client.from('lead_messages').select('id').eq('lead_id', mine.id)).data).toHaveLength(1);
    expect((await northDealer.client.from('leads').select('id').eq('id', mine.id)).data).toHaveLength(1);

    // The raw API, as shopper B and as the other dealer: nothing, not even through a filter on the id.
    for (const who of [shopperB, southDealer]) {
      const leads = await rest(`/leads?select=id,email&id=eq.${mine.id}`, { token: who.token });
      expect(leads.status).toBe(200);
      expect(await leads.json()).toEqual([]);
      const messages = await rest(`/lead_messages?select=id,body&lead_id=eq.${mine.id}`, { token: who.token });
      expect(await messages.json()).toEqual([]);
      const reply = await who.client
        .from('lead_messages')
        .insert({ lead_id: mine.id, sender_id: who.id, body: 'Hijack' });
      expect(reply.error?.code).toBe('42501');
    }
    // Nobody writes a message in someone else's name.
    const forged = await shopperA.client
      .from('lead_messages')
      .insert({ lead_id: mine.id, sender_id: northDealer.id, body: 'Forged' });
    expect(forged.error?.code).toBe('42501');
  });

  it('a dealer moves a lead through new, contacted and closed, and changes nothing else on it', async () => {
    const lead = leadRow(shopperB, northListing);
    expect((await shopperB.client.from('leads').insert(lead)).error).toBeNull();
    const contacted = await northDealer.client
      .from('leads')
      .update({ status: 'contacted' })
      .eq('id', lead.id)
      .select('status');
    expect(contacted.data).toEqual([{ status: 'contacted' }]);
    expect((await northDealer.client.from('leads').update({ status: 'lost' }).eq('id', lead.id)).error?.code).toBe(
      '22023',
    );
    expect(
      (await northDealer.client.from('leads').update({ email: 'x@example.com' }).eq('id', lead.id)).error?.code,
    ).toBe('42501');
    // The other dealer and the buyer cannot move it.
    expect(
      (await southDealer.client.from('leads').update({ status: 'closed' }).eq('id', lead.id).select('id')).data,
    ).toEqual([]);
    expect(
      (await shopperB.client.from('leads').update({ status: 'closed' }).eq('id', lead.id).select('id')).data,
    ).toEqual([]);
    expect((await svc.from('leads').select('status').eq('id', lead.id).single()).data?.status).toBe('contacted');
  });

  it('refuses an enquiry with a bad e-mail address', async () => {
    const bad = await shopperB.client
      .from('leads')
      .insert(leadRow(shopperB, southListing, { email: 'not-an-address' }));
    expect(bad.error?.code).toBe('23514');
  });
});

describe('listings: a dealer changes price and status of his own only', () => {
  it('through the raw API', async () => {
    const own = await rest(`/vehicle_listings?id=eq.${northListing}`, {
      method: 'PATCH',
      token: northDealer.token,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ status: 'reserved' }),
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { status: string }[])[0].status).toBe('reserved');

    const title = await rest(`/vehicle_listings?id=eq.${northListing}`, {
      method: 'PATCH',
      token: northDealer.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed' }),
    });
    expect(title.status).toBe(403);

    const other = await rest(`/vehicle_listings?id=eq.${southListing}`, {
      method: 'PATCH',
      token: northDealer.token,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ price: 1 }),
    });
    expect(await other.json()).toEqual([]);
    const shopper = await rest(`/vehicle_listings?id=eq.${southListing}`, {
      method: 'PATCH',
      token: shopperA.token,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ price: 1 }),
    });
    expect(await shopper.json()).toEqual([]);
    const south = (await svc.from('vehicle_listings').select('price').eq('id', southListing).single()).data!;
    expect(south.price).toBeGreaterThan(1);
    await svc.from('vehicle_listings').update({ status: 'active' }).eq('id', northListing);
  });

  it('a price cut pushed through apply_mutations fires the matching price alert', async () => {
    const listing = (await svc.from('vehicle_listings').select('id, price').eq('id', northListing).single()).data!;
    const price = listing.price as number;
    const alert = {
      id: randomUUID(),
      user_id: shopperB.id,
      vehicle_listing_id: northListing,
      target_price: price - 500,
      current_price: price,
    };
    expect((await shopperB.client.from('price_alerts').insert(alert)).error).toBeNull();
    const results = await push(northDealer, [
      { type: 'update', table: 'vehicle_listings', row_id: northListing, data: { price: price - 600 } },
    ]);
    expect(results[0].status).toBe('applied');
    const notes = await shopperB.client
      .from('notifications')
      .select('type, vehicle_listing_id')
      .eq('vehicle_listing_id', northListing);
    expect(notes.data).toEqual([{ type: 'price_drop', vehicle_listing_id: northListing }]);
    const after = (await svc.from('price_alerts').select('times_triggered').eq('id', alert.id).single()).data!;
    expect(after.times_triggered).toBe(1);
  });
});

describe('enquiry limit: 5 per user per hour', () => {
  it('answers the 6th with HTTP 429 and the spec message, and a synced 6th with PT429', async () => {
    const buyer = await person('lead-limit');
    for (let i = 0; i < 5; i++) {
      expect(
        (await buyer.client.from('leads').insert(leadRow(buyer, i % 2 ? northListing : southListing))).error,
      ).toBeNull();
    }
    const sixth = await rest('/leads', {
      method: 'POST',
      token: buyer.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(leadRow(buyer, northListing)),
    });
    expect(sixth.status).toBe(429);
    const body = (await sixth.json()) as { code: string; message: string };
    expect(body).toMatchObject({ code: 'PT429', message: RATE_LIMIT_MESSAGE });

    const row = leadRow(buyer, southListing);
    const [result] = await push(buyer, [{ type: 'create', table: 'leads', row_id: row.id, data: row }]);
    expect(result).toMatchObject({ status: 'error', code: 'PT429', message: RATE_LIMIT_MESSAGE });
    expect((await svc.from('leads').select('id').eq('user_id', buyer.id)).data).toHaveLength(5);
  });
});
