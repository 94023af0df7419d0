// Database triggers through the real stack: listing price history, price-drop alerts (notification,
// counters, e-mail outbox -> local mailbox, realtime delivery), lead routing + rate limit, and the
// demo accounts' admin flags.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  seedCatalogueFixture,
  serviceClient,
  stack,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

const svc = serviceClient();
let fx: CatalogueFixture;
let dealer: SupabaseClient;

interface Buyer {
  id: string;
  email: string;
  client: SupabaseClient;
}

async function buyer(prefix: string): Promise<Buyer> {
  const u = await createUser(uniqueEmail(prefix));
  return { ...u, client: await userClient(u.email) };
}

async function waitFor<T>(probe: () => Promise<T | null>, ms = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const d = await createUser(uniqueEmail('trg-dealer'));
  const { error } = await svc
    .from('dealer_members')
    .insert({ dealer_id: fx.dealers.north, user_id: d.id, role: 'owner' });
  if (error) throw new Error(error.message);
  dealer = await userClient(d.email);
});

describe('listing price history', () => {
  it('records the price at listing time and on every change made by the dealer', async () => {
    const listing = fx.listings[0]; // north, £5,000
    const initial = await svc.from('listing_price_history').select('price').eq('vehicle_listing_id', listing.id);
    expect(initial.data).toEqual([{ price: 5000 }]);
    for (const price of [4800, 4950]) {
      const { error } = await dealer.from('vehicle_listings').update({ price }).eq('id', listing.id);
      expect(error).toBeNull();
    }
    // a change that is not the price (dealers may change price and status only) adds no history row
    const { error } = await dealer.from('vehicle_listings').update({ status: 'reserved' }).eq('id', listing.id);
    expect(error).toBeNull();
    const { data } = await svc
      .from('listing_price_history')
      .select('price')
      .eq('vehicle_listing_id', listing.id)
      .order('changed_at');
    expect(data).toEqual([{ price: 5000 }, { price: 4800 }, { price: 4950 }]);
  });

  it('is readable by anyone and not writable by the dealer', async () => {
    const listing = fx.listings[0];
    const { error } = await dealer.from('listing_price_history').insert({ vehicle_listing_id: listing.id, price: 1 });
    expect(error?.code).toBe('42501');
  });
});

describe('price-drop alerts', () => {
  let met: Buyer;
  let notMet: Buyer;
  let inactive: Buyer;
  let noEmail: Buyer;
  const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
  const live: Record<string, unknown>[] = [];
  const listing = () => fx.listings[1]; // north, £9,000
  // messages name the car from the catalogue (year, brand, model), never the dealer's title (issue 31)
  const carName = () => `2021 Alpha ${fx.prefix} hatch ${fx.prefix}`;

  afterAll(async () => {
    for (const { client, channel } of channels) await client.removeChannel(channel);
  });

  beforeAll(async () => {
    [met, notMet, inactive, noEmail] = await Promise.all([
      buyer('alert-met'),
      buyer('alert-notmet'),
      buyer('alert-off'),
      buyer('alert-nomail'),
    ]);
    const alerts: [Buyer, number, boolean][] = [
      [met, 8500, true],
      [notMet, 8000, true],
      [inactive, 8750, false],
      [noEmail, 8600, true],
    ];
    for (const [b, target, active] of alerts) {
      const { error } = await b.client.from('price_alerts').insert({
        user_id: b.id,
        vehicle_listing_id: listing().id,
        target_price: target,
        current_price: 9000,
        price_drop_threshold: 5,
        is_active: active,
      });
      expect(error).toBeNull();
    }
    const prefs = await noEmail.client.from('user_preferences').upsert(
      {
        user_id: noEmail.id,
        notification_preferences: {
          email_notifications: false,
          price_drop_alerts: true,
          new_match_alerts: true,
          weekly_digest: true,
          instant_notifications: false,
        },
        updated_at: new Date().toISOString(),
      },
      { onConflict: 'user_id' },
    );
    expect(prefs.error).toBeNull();
    await new Promise<void>((resolve, reject) => {
      const channel = met.client
        .channel(`alerts-${met.id}`)
        .on(
          'postgres_changes' as never,
          { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${met.id}` },
          (p: { new: Record<string, unknown> }) => live.push(p.new),
        )
        .subscribe((status, err) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
        });
      channels.push({ client: met.client, channel });
    });
    const { error } = await dealer.from('vehicle_listings').update({ price: 8495 }).eq('id', listing().id);
    expect(error).toBeNull();
  });

  it('notifies the owner of each active alert whose target is met, with the spec wording', async () => {
    const { data } = await met.client
      .from('notifications')
      .select('type, alert_type, title, message, vehicle_listing_id, data, dismissed_at');
    expect(data).toEqual([
      {
        type: 'price_drop',
        alert_type: 'price_drop',
        title: `Price drop: ${carName()}`,
        message: 'Now £8,495 (was £9,000) — below your £8,500 target.',
        vehicle_listing_id: listing().id,
        data: { car_url: `/marketplace/${listing().id}`, old_price: 9000, new_price: 8495, target_price: 8500 },
        dismissed_at: null,
      },
    ]);
    expect((await noEmail.client.from('notifications').select('id')).data).toHaveLength(1);
    expect((await notMet.client.from('notifications').select('id')).data).toEqual([]);
    expect((await inactive.client.from('notifications').select('id')).data).toEqual([]);
  });

  it('counts the trigger and tracks the current price on every alert of the listing', async () => {
    const rows = async (b: Buyer) =>
      (await b.client.from('price_alerts').select('current_price, times_triggered, last_triggered_at')).data ?? [];
    const [m] = await rows(met);
    expect(m).toMatchObject({ current_price: 8495, times_triggered: 1 });
    expect(m.last_triggered_at).not.toBeNull();
    expect(await rows(notMet)).toEqual([{ current_price: 8495, times_triggered: 0, last_triggered_at: null }]);
    expect(await rows(inactive)).toEqual([{ current_price: 8495, times_triggered: 0, last_triggered_at: null }]);
  });

  it('queues an e-mail only for users who want price-drop e-mails, and it reaches the mailbox', async () => {
    const { data } = await svc
      .from('email_outbox')
      .select('user_id, to_email, template, data')
      .in('user_id', [met.id, noEmail.id, notMet.id, inactive.id]);
    expect(data).toEqual([
      {
        user_id: met.id,
        to_email: met.email,
        template: 'price_drop_alert',
        data: {
          car_name: carName(),
          old_price: 9000,
          new_price: 8495,
          discount: 5.6,
          savings: 505,
          car_url: `/marketplace/${listing().id}`,
          unsubscribe_url: '/account',
        },
      },
    ]);
    const s = stack();
    const mail = await waitFor(async () => {
      const res = await fetch(`${s.url}/mailbox/v1/messages?to=${encodeURIComponent(met.email)}`, {
        headers: { apikey: s.serviceRoleKey },
      });
      const list = (await res.json()) as { subject: string; text: string; template?: string }[];
      return list.length > 0 ? list : null;
    });
    expect(mail).toHaveLength(1);
    expect(mail[0].template).toBe('price_drop_alert');
    expect(`${mail[0].subject} ${mail[0].text}`).toContain('8,495');
    const sent = await waitFor(async () => {
      const r = await svc.from('email_outbox').select('status, sent_at').eq('user_id', met.id).single();
      return r.data?.status === 'sent' ? r.data : null;
    });
    expect(sent.sent_at).not.toBeNull();
  });

  it('delivers the notification live over realtime', async () => {
    const got = await waitFor(async () => (live.length > 0 ? live : null), 5000);
    expect(got[0]).toMatchObject({ user_id: met.id, type: 'price_drop', title: `Price drop: ${carName()}` });
  });

  it('does nothing on a price rise and fires again on a further drop', async () => {
    expect((await dealer.from('vehicle_listings').update({ price: 8700 }).eq('id', listing().id)).error).toBeNull();
    expect((await met.client.from('notifications').select('id')).data).toHaveLength(1);
    expect((await dealer.from('vehicle_listings').update({ price: 7999 }).eq('id', listing().id)).error).toBeNull();
    const { data } = await met.client.from('notifications').select('message').order('created_at');
    expect(data?.map((r) => r.message)).toEqual([
      'Now £8,495 (was £9,000) — below your £8,500 target.',
      'Now £7,999 (was £8,700) — below your £8,500 target.',
    ]);
    expect((await notMet.client.from('notifications').select('message')).data).toEqual([
      { message: 'Now £7,999 (was £8,700) — below your £8,000 target.' },
    ]);
    const [alert] = (await met.client.from('price_alerts').select('times_triggered')).data ?? [];
    expect(alert).toEqual({ times_triggered: 2 });
  });
});

describe('leads', () => {
  it('allows 5 enquiries an hour and answers the 6th with 429', async () => {
    const b = await buyer('lead-limit');
    const send = () =>
      b.client.from('leads').insert({
        id: randomUUID(),
        user_id: b.id,
        vehicle_listing_id: fx.listings[2].id,
        dealer_id: fx.dealers.north,
        name: 'Pat Buyer',
        email: b.email,
        phone: '07700 900123',
        message: 'Is it still available?',
      });
    for (let i = 0; i < 5; i += 1) expect((await send()).error).toBeNull();
    const sixth = await send();
    expect(sixth.status).toBe(429);
    expect(sixth.error?.code).toBe('PT429');
    expect(sixth.error?.message).toBe('Too many attempts. Please try again later.'); // SPEC §8's rate-limit text
    const { data } = await b.client.from('leads').select('dealer_id');
    expect(data).toHaveLength(5);
    // routed to the listing's dealer (south), not the dealer_id the client sent
    expect(new Set(data?.map((r) => r.dealer_id))).toEqual(new Set([fx.dealers.south]));
  });
});

describe('demo accounts', () => {
  it('signs in each seeded account and reports is_admin', async () => {
    const accounts: [string, string][] = [
      ['shopper@example.com', 'Shopper!Drive2026'],
      ['dealer@example.com', 'Dealer!Forecourt2026'],
      ['admin@example.com', 'Admin!Control2026'],
    ];
    const flags: Record<string, unknown> = {};
    for (const [email, password] of accounts) {
      const c = await userClient(email, password);
      flags[email] = (await c.rpc('is_admin')).data;
    }
    expect(flags).toEqual({ 'shopper@example.com': false, 'dealer@example.com': false, 'admin@example.com': true });
  });

  it('makes the demo dealer the owner of a catalogue dealer', async () => {
    const c = await userClient('dealer@example.com', 'Dealer!Forecourt2026');
    const { data } = await c.from('dealer_members').select('role');
    expect(data).toEqual([{ role: 'owner' }]);
  });
});
