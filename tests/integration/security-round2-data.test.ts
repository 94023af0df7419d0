// Issue 31, the database-side guards, through supabase-js, raw HTTP and apply_mutations as anon and as
// ordinary users: hole 3 (price history is read-only to clients), hole 7 (lead messages and search
// interactions are bounded per request, per hour and in size) and hole 9 (contact addresses and phone
// numbers are validated strictly, so nothing can ride into a mailto: or tel: link).
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
  type Op,
  type OpResult,
} from './helpers';

const RATE_LIMITED = 'Too many attempts. Please try again later.';
const svc = serviceClient();
let fx: CatalogueFixture;
let seq = 0;

type Who = { id: string; email: string; client: SupabaseClient; token: string };

async function person(prefix: string): Promise<Who> {
  const u = await createUser(uniqueEmail(prefix));
  const client = await userClient(u.email);
  const token = (await client.auth.getSession()).data.session!.access_token;
  return { ...u, client, token };
}

function op(type: Op['type'], table: string, rowId: string, data?: Record<string, unknown>): Op {
  seq += 1;
  return { op_id: randomUUID(), seq, type, table, row_id: rowId, data };
}

async function push(who: Who, ops: Op[]): Promise<OpResult[]> {
  const { data, error } = await who.client.rpc('apply_mutations', { client_id: `round2-${who.id}`, ops });
  if (error) throw new Error(`apply_mutations failed: ${error.code} ${error.message}`);
  return data as OpResult[];
}

function post(path: string, body: unknown, token?: string): Promise<Response> {
  return rest(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(body),
  });
}

async function count(table: string, column: string, value: string): Promise<number> {
  const { count: n, error } = await svc.from(table).select('id', { count: 'exact', head: true }).eq(column, value);
  if (error) throw new Error(error.message);
  return n ?? 0;
}

/** A lead of the buyer's on a fixture listing, made by the service role (no enquiry limit). */
async function leadOf(buyer: Who): Promise<string> {
  const id = randomUUID();
  const { error } = await svc.from('leads').insert({
    id,
    user_id: buyer.id,
    vehicle_listing_id: fx.listings[0].id,
    dealer_id: fx.dealers.north,
    name: 'Pat Buyer',
    email: buyer.email,
    message: 'Is it still available?',
  });
  if (error) throw new Error(error.message);
  return id;
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
});

describe('issue 31 hole 3: price history is read-only to clients', () => {
  let history: { id: string; vehicle_listing_id: string; price: number; changed_at: string };
  let buyer: Who;

  beforeAll(async () => {
    buyer = await person('r2-history');
    const { data, error } = await svc
      .from('listing_price_history')
      .select('id, vehicle_listing_id, price, changed_at')
      .eq('vehicle_listing_id', fx.listings[1].id)
      .order('changed_at')
      .limit(1)
      .single();
    if (error || !data) throw new Error(`no history row: ${error?.message}`);
    history = data as typeof history;
  });

  const forged = () => ({
    id: randomUUID(),
    vehicle_listing_id: history.vehicle_listing_id,
    price: 1,
    changed_at: history.changed_at,
  });

  async function unchanged(): Promise<void> {
    const { data } = await svc
      .from('listing_price_history')
      .select('id, price')
      .eq('vehicle_listing_id', history.vehicle_listing_id);
    expect(data).toEqual([{ id: history.id, price: history.price }]);
  }

  it('refuses an anonymous insert that would merge into an existing row (raw HTTP, 401 / 42501)', async () => {
    const res = await post('/listing_price_history', forged());
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: '42501' });
    await unchanged();
  });

  it('refuses a signed-in user the same insert, an update and a delete', async () => {
    const insert = await buyer.client.from('listing_price_history').insert(forged());
    expect(insert.error?.code).toBe('42501');
    const update = await buyer.client.from('listing_price_history').update({ price: 2 }).eq('id', history.id);
    expect(update.error?.code).toBe('42501');
    const remove = await buyer.client.from('listing_price_history').delete().eq('id', history.id);
    expect(remove.error?.code).toBe('42501');
    const patch = await rest(`/listing_price_history?id=eq.${history.id}`, {
      method: 'PATCH',
      token: buyer.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: 3 }),
    });
    expect(patch.status).toBe(403);
    await unchanged();
  });

  it('refuses the same writes through apply_mutations', async () => {
    const row = forged();
    // one call each: a failed op blocks later ops on its row within a call
    const res = [
      ...(await push(buyer, [op('create', 'listing_price_history', row.id, row)])),
      ...(await push(buyer, [op('update', 'listing_price_history', history.id, { price: 4 })])),
      ...(await push(buyer, [op('delete', 'listing_price_history', history.id)])),
    ];
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['error', '42501'],
      ['error', '42501'],
      ['error', '42501'],
    ]);
    await unchanged();
  });

  it("still records a dealer's price change (the listing trigger writes it)", async () => {
    const dealer = await person('r2-history-dealer');
    await svc.from('dealer_members').insert({ dealer_id: fx.dealers.north, user_id: dealer.id, role: 'staff' });
    const listing = fx.listings.find((l) => l.price === 20000)!; // North's saloon
    const cut = await dealer.client.from('vehicle_listings').update({ price: 19500 }).eq('id', listing.id);
    expect(cut.error).toBeNull();
    const { data } = await svc
      .from('listing_price_history')
      .select('price')
      .eq('vehicle_listing_id', listing.id)
      .order('changed_at');
    expect(data).toEqual([{ price: 20000 }, { price: 19500 }]);
  });
});

describe('issue 31 hole 7: lead messages and search interactions are bounded', () => {
  it('refuses 100 messages of 4 KB in one request and stores none of them', async () => {
    const buyer = await person('r2-flood');
    const lead = await leadOf(buyer);
    const rows = Array.from({ length: 100 }, () => ({ lead_id: lead, sender_id: buyer.id, body: 'm'.repeat(4096) }));
    const res = await post('/lead_messages', rows, buyer.token);
    expect([400, 429]).toContain(res.status);
    expect(await count('lead_messages', 'lead_id', lead)).toBe(0);
  });

  it('caps a message body at 2,000 characters (400 / 23514)', async () => {
    const buyer = await person('r2-body');
    const lead = await leadOf(buyer);
    const long = await buyer.client
      .from('lead_messages')
      .insert({ lead_id: lead, sender_id: buyer.id, body: 'b'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.error?.code).toBe('23514');
    expect(long.error?.message).toContain('lead_messages_body_max_2000_chars');
    const fits = await buyer.client
      .from('lead_messages')
      .insert({ lead_id: lead, sender_id: buyer.id, body: 'é'.repeat(2000) });
    expect(fits.error).toBeNull();
  });

  it('takes at most 10 messages in one request, answering 429 / PT429 in the spec words', async () => {
    const buyer = await person('r2-bulk');
    const lead = await leadOf(buyer);
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ lead_id: lead, sender_id: buyer.id, body: `Hi ${i}` }));
    const res = await post('/lead_messages', rows(11), buyer.token);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      code: 'PT429',
      message: RATE_LIMITED,
      hint: 'At most 10 in one request.',
    });
    expect(await count('lead_messages', 'lead_id', lead)).toBe(0);
    expect((await post('/lead_messages', rows(10), buyer.token)).status).toBe(201);
  });

  it('takes at most 60 messages per user per hour', async () => {
    const buyer = await person('r2-hourly');
    const lead = await leadOf(buyer);
    for (let i = 0; i < 6; i++) {
      const batch = Array.from({ length: 10 }, (_, j) => ({ lead_id: lead, sender_id: buyer.id, body: `${i}.${j}` }));
      expect((await post('/lead_messages', batch, buyer.token)).status).toBe(201);
    }
    const over = await buyer.client
      .from('lead_messages')
      .insert({ lead_id: lead, sender_id: buyer.id, body: 'one more' });
    expect(over.status).toBe(429);
    expect(over.error).toMatchObject({ code: 'PT429', message: RATE_LIMITED });
    expect(await count('lead_messages', 'lead_id', lead)).toBe(60);
    // the limit is the sender's: the dealer may still answer on the same lead
    const dealer = await person('r2-hourly-dealer');
    await svc.from('dealer_members').insert({ dealer_id: fx.dealers.north, user_id: dealer.id, role: 'staff' });
    const reply = await dealer.client
      .from('lead_messages')
      .insert({ lead_id: lead, sender_id: dealer.id, body: 'Yes' });
    expect(reply.error).toBeNull();
  });

  it('holds the same limits through apply_mutations: the 11th message of a call and a long body are refused', async () => {
    const buyer = await person('r2-sync-msg');
    const lead = await leadOf(buyer);
    const ops = Array.from({ length: 11 }, (_, i) =>
      op('create', 'lead_messages', randomUUID(), { lead_id: lead, sender_id: buyer.id, body: `Queued ${i}` }),
    );
    const res = await push(buyer, ops);
    expect(res.slice(0, 10).every((r) => r.status === 'applied')).toBe(true);
    expect(res[10]).toMatchObject({ status: 'error', code: 'PT429', message: RATE_LIMITED });
    const [long] = await push(buyer, [
      op('create', 'lead_messages', randomUUID(), { lead_id: lead, sender_id: buyer.id, body: 'x'.repeat(4096) }),
    ]);
    expect(long).toMatchObject({ status: 'error', code: '23514' });
    expect(await count('lead_messages', 'lead_id', lead)).toBe(10);
  });

  it('refuses 60 search interactions of 16 KB in one insert and stores none', async () => {
    const user = await person('r2-search-flood');
    const rows = Array.from({ length: 60 }, () => ({
      user_id: user.id,
      interaction_type: 'search',
      interaction_data: { junk: 'j'.repeat(16_000) },
    }));
    const res = await post('/search_interactions', rows, user.token);
    expect([400, 429]).toContain(res.status);
    expect(await count('search_interactions', 'user_id', user.id)).toBe(0);
  });

  it('caps each jsonb payload at 4 KB and the rows of one request at 50', async () => {
    const user = await person('r2-search-caps');
    const base = { user_id: user.id, interaction_type: 'search' };
    const data = await user.client
      .from('search_interactions')
      .insert({ ...base, interaction_data: { d: 'd'.repeat(4100) } });
    expect(data.error?.code).toBe('23514');
    expect(data.error?.message).toContain('search_interactions_interaction_data_max_4096_bytes');
    const filters = await user.client
      .from('search_interactions')
      .insert({ ...base, search_filters: { f: 'f'.repeat(4100) } });
    expect(filters.error?.message).toContain('search_interactions_search_filters_max_4096_bytes');
    const query = await user.client.from('search_interactions').insert({ ...base, search_query: 'q'.repeat(501) });
    expect(query.error?.code).toBe('23514');

    const bulk = await post(
      '/search_interactions',
      Array.from({ length: 51 }, () => base),
      user.token,
    );
    expect(bulk.status).toBe(429);
    expect(await bulk.json()).toMatchObject({ code: 'PT429', hint: 'At most 50 in one request.' });
    expect(await count('search_interactions', 'user_id', user.id)).toBe(0);
  });

  it('takes at most 120 search interactions per user per hour, through REST and apply_mutations alike', async () => {
    const user = await person('r2-search-hourly');
    const base = { user_id: user.id, interaction_type: 'search' };
    expect(
      (
        await post(
          '/search_interactions',
          Array.from({ length: 50 }, () => base),
          user.token,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await post(
          '/search_interactions',
          Array.from({ length: 50 }, () => base),
          user.token,
        )
      ).status,
    ).toBe(201);
    const ops = Array.from({ length: 21 }, () => op('create', 'search_interactions', randomUUID(), base));
    const res = await push(user, ops);
    expect(res.filter((r) => r.status === 'applied')).toHaveLength(20);
    expect(res[20]).toMatchObject({ status: 'error', code: 'PT429' });
    expect(await count('search_interactions', 'user_id', user.id)).toBe(120);
  });
});

describe('issue 31 hole 9: contact addresses are validated strictly', () => {
  const BAD_EMAILS = [
    'a@b.co?bcc=x%40evil.example',
    'a?bcc=x@evil.example',
    'a%40evil.example@b.co',
    'a#frag@b.co',
    'a@b.co#x',
    'a b@c.co',
    'a@b',
    'a@-b.co',
    'a..b@c.co',
    '.a@b.co',
    'a@b.c0',
  ];
  let buyer: Who;

  beforeAll(async () => {
    buyer = await person('r2-email');
  });

  const lead = (extra: Record<string, unknown>) => ({
    id: randomUUID(),
    user_id: buyer.id,
    vehicle_listing_id: fx.listings[2].id,
    dealer_id: fx.dealers.south,
    name: 'Pat',
    email: 'pat@example.com',
    ...extra,
  });

  it('refuses the mailto-parameter address of the report (raw HTTP, 400 / 23514)', async () => {
    const res = await post('/leads', lead({ email: 'a@b.co?bcc=x%40evil.example' }), buyer.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '23514', message: expect.stringContaining('leads_email_valid') });
  });

  it.each(BAD_EMAILS)('refuses %s on a lead', async (email) => {
    const res = await buyer.client.from('leads').insert(lead({ email }));
    expect(res.error?.code).toBe('23514');
  });

  it('accepts ordinary addresses and refuses a phone number carrying tel: parameters', async () => {
    const good = await buyer.client
      .from('leads')
      .insert(lead({ email: "o'brien+cars@mail.example.co.uk", phone: '+44 (0)113 496-0000' }));
    expect(good.error).toBeNull();
    for (const phone of ['01134960000;ext=1', '07700900123?call', 'tel:0113']) {
      const res = await buyer.client.from('leads').insert(lead({ phone }));
      expect(res.error?.message).toContain('leads_phone_valid');
    }
  });

  it('refuses a bad address through apply_mutations', async () => {
    const row = lead({ email: 'a@b.co?cc=x@evil.example' });
    const [res] = await push(buyer, [op('create', 'leads', row.id, row)]);
    expect(res).toMatchObject({ status: 'error', code: '23514' });
    expect(await count('leads', 'id', row.id)).toBe(0);
  });

  it('answers the newsletter sign-up with Invalid email format (anon, 400 / 22023)', async () => {
    const res = await rest('/rpc/subscribe_newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'news@b.co?bcc=x%40evil.example' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '22023', message: 'Invalid email format' });
    const { count: n } = await svc
      .from('newsletter_subscriptions')
      .select('id', { count: 'exact', head: true })
      .like('email', 'news@b.co%');
    expect(n).toBe(0);
  });

  it("holds a dealer's address and phone to the same rules, whoever writes them", async () => {
    const email = await svc
      .from('dealers')
      .update({ email: 'sales@b.co?bcc=x@evil.example' })
      .eq('id', fx.dealers.north);
    expect(email.error?.message).toContain('dealers_email_valid');
    const phone = await svc.from('dealers').update({ phone: '0113 496 0000?x=1' }).eq('id', fx.dealers.north);
    expect(phone.error?.message).toContain('dealers_phone_valid');
    const ok = await svc
      .from('dealers')
      .update({ email: 'sales@north.example.co.uk', phone: '0113 496 0000' })
      .eq('id', fx.dealers.north);
    expect(ok.error).toBeNull();
  });
});
