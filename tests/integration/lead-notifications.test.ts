// Issue 33, leads and notifications, through the real API: a new lead notifies every member of its dealer
// (bell row, live over realtime, e-mail by preference), a dealer's reply notifies the buyer, a buyer's
// further message notifies the dealer; nobody reads or makes another's notifications; deleting the
// buyer's account leaves the dealer an anonymised lead whose messages stay.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  seedCatalogueFixture,
  serviceClient,
  stack,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

const svc = serviceClient();
type Who = { id: string; email: string; client: SupabaseClient };
let fx: CatalogueFixture;
let buyer: Who;
let owner: Who; // north dealer, default preferences
let quiet: Who; // north dealer, lead_alerts off
let noMail: Who; // north dealer, email_notifications off
let other: Who; // south dealer
let leadId: string;
const live: Record<string, Record<string, unknown>[]> = {};
const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
const carName = () => `2021 Alpha ${fx.prefix} hatch ${fx.prefix}`;

async function person(prefix: string): Promise<Who> {
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

async function setPrefs(who: Who, prefs: Record<string, boolean>): Promise<void> {
  const { error } = await who.client
    .from('user_preferences')
    .upsert({ user_id: who.id, notification_preferences: prefs }, { onConflict: 'user_id' });
  if (error) throw new Error(error.message);
}

/** Listens to every notification INSERT the subscriber may hear (no filter: RLS alone decides). */
async function listen(who: Who): Promise<void> {
  live[who.id] = [];
  await new Promise<void>((resolve, reject) => {
    const channel = who.client
      .channel(`lead-ntf-${who.id}`)
      .on(
        'postgres_changes' as never,
        { event: 'INSERT', schema: 'public', table: 'notifications' },
        (p: { new: Record<string, unknown> }) => live[who.id].push(p.new),
      )
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
    channels.push({ client: who.client, channel });
  });
}

const notes = async (who: Who) =>
  (
    await svc
      .from('notifications')
      .select('user_id, type, alert_type, title, message, vehicle_listing_id, data')
      .eq('user_id', who.id)
      .order('created_at')
  ).data ?? [];

const leadMails = async (who: Who) =>
  (await svc.from('email_outbox').select('template, to_email, data').eq('user_id', who.id).order('created_at')).data ??
  [];

async function say(who: Who, body: string): Promise<void> {
  const { error } = await who.client.from('lead_messages').insert({ lead_id: leadId, sender_id: who.id, body });
  if (error) throw new Error(error.message);
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  [buyer, owner, quiet, noMail, other] = await Promise.all([
    person('ln-buyer'),
    person('ln-owner'),
    person('ln-quiet'),
    person('ln-nomail'),
    person('ln-south'),
  ]);
  const { error } = await svc.from('dealer_members').insert([
    { dealer_id: fx.dealers.north, user_id: owner.id, role: 'owner' },
    { dealer_id: fx.dealers.north, user_id: quiet.id, role: 'staff' },
    { dealer_id: fx.dealers.north, user_id: noMail.id, role: 'staff' },
    { dealer_id: fx.dealers.south, user_id: other.id, role: 'owner' },
  ]);
  if (error) throw new Error(error.message);
  await setPrefs(quiet, { email_notifications: true, lead_alerts: false });
  await setPrefs(noMail, { email_notifications: false, lead_alerts: true });
  await Promise.all([listen(owner), listen(buyer)]);
  leadId = randomUUID();
  const lead = await buyer.client.from('leads').insert({
    id: leadId,
    user_id: buyer.id,
    vehicle_listing_id: fx.listings[0].id,
    dealer_id: fx.dealers.north,
    name: 'Pat Buyer',
    email: buyer.email,
    phone: '07700 900123',
    message: 'Is it still available?',
    part_exchange: true,
    part_exchange_registration: 'AB12 CDE',
  });
  if (lead.error) throw new Error(lead.error.message);
});

afterAll(async () => {
  for (const { client, channel } of channels) await client.removeChannel(channel);
});

describe('a new lead', () => {
  it('notifies every member of the dealer, and nobody else, naming only the car', async () => {
    const expected = (who: Who) => ({
      user_id: who.id,
      type: 'other',
      alert_type: 'new_lead',
      title: `New enquiry: ${carName()}`,
      message: 'A buyer has sent an enquiry about this car. Open the lead in the Dealer Hub to reply.',
      vehicle_listing_id: fx.listings[0].id,
      data: { lead_url: `/dealer/dashboard?lead=${leadId}`, lead_id: leadId },
    });
    expect(await notes(owner)).toEqual([expected(owner)]);
    expect(await notes(quiet)).toEqual([expected(quiet)]);
    expect(await notes(noMail)).toEqual([expected(noMail)]);
    expect(await notes(other)).toEqual([]);
    expect(await notes(buyer)).toEqual([]);
  });

  it('reaches the member live over realtime, and no one else hears it', async () => {
    const heard = await waitFor(async () => (live[owner.id].length ? live[owner.id] : null));
    expect(heard.map((n) => [n.user_id, n.alert_type])).toEqual([[owner.id, 'new_lead']]);
    expect(live[buyer.id]).toEqual([]);
  });

  it('e-mails only the members whose preferences allow it, and the mail reaches the mailbox', async () => {
    expect(await leadMails(owner)).toEqual([
      {
        template: 'new_lead',
        to_email: owner.email,
        data: {
          car_name: carName(),
          lead_url: `/dealer/dashboard?lead=${leadId}`,
          lead_id: leadId,
          unsubscribe_url: '/account',
        },
      },
    ]);
    expect(await leadMails(quiet)).toEqual([]);
    expect(await leadMails(noMail)).toEqual([]);
    const s = stack();
    const mail = await waitFor(async () => {
      const res = await fetch(`${s.url}/mailbox/v1/messages?to=${encodeURIComponent(owner.email)}`, {
        headers: { apikey: s.serviceRoleKey },
      });
      const list = (await res.json()) as { subject: string; text: string; template?: string }[];
      return list.length > 0 ? list : null;
    });
    expect(mail).toHaveLength(1);
    expect(mail[0].template).toBe('new_lead');
    expect(mail[0].subject).toBe(`New enquiry: ${carName()}`);
    expect(mail[0].text).toContain(`/dealer/dashboard?lead=${leadId}`);
    expect(mail[0].text).not.toContain('Pat Buyer');
    expect(mail[0].text).not.toContain('still available');
  });
});

describe('replies', () => {
  it("a dealer's reply notifies the buyer live (and e-mails him), not the dealer's other members", async () => {
    await say(owner, 'Yes, come and see it on Saturday.');
    const heard = await waitFor(async () => (live[buyer.id].length ? live[buyer.id] : null));
    expect(heard.map((n) => [n.alert_type, n.title, (n.data as { lead_url: string }).lead_url])).toEqual([
      ['lead_reply', `Dealer reply: ${carName()}`, `/my-leads?lead=${leadId}`],
    ]);
    expect((await notes(quiet)).map((n) => n.alert_type)).toEqual(['new_lead']);
    expect((await leadMails(buyer)).map((m) => m.template)).toEqual(['lead_reply']);
  });

  it("the buyer's further message notifies every member; a second mail about the same lead waits 15 minutes", async () => {
    await say(buyer, 'Great, see you at ten.');
    for (const who of [owner, quiet, noMail]) {
      expect((await notes(who)).map((n) => n.alert_type)).toEqual(['new_lead', 'lead_message']);
    }
    expect((await notes(buyer)).map((n) => n.alert_type)).toEqual(['lead_reply']);
    expect((await leadMails(owner)).map((m) => m.template)).toEqual(['new_lead']);
  });
});

describe('notifications: RLS', () => {
  it('are readable only by their recipient', async () => {
    const own = await owner.client.from('notifications').select('user_id');
    expect(own.error).toBeNull();
    expect(new Set(own.data!.map((n) => n.user_id))).toEqual(new Set([owner.id]));
    const peek = await buyer.client.from('notifications').select('id').eq('user_id', owner.id);
    expect(peek.data).toEqual([]);
    const anon = await anonClient().from('notifications').select('id').eq('user_id', owner.id);
    expect(anon.data ?? []).toEqual([]);
  });

  it('cannot be created from a client, for others or for oneself', async () => {
    for (const target of [owner, buyer]) {
      const { error } = await buyer.client.from('notifications').insert({
        user_id: target.id,
        type: 'other',
        alert_type: 'new_lead',
        title: 'New enquiry: verify your account at evil.example',
      });
      expect(error?.code).toBe('42501');
    }
    const anon = await anonClient().from('notifications').insert({ user_id: owner.id, title: 'x' });
    expect(anon.error?.code).toBe('42501');
    const sneaky = await buyer.client.rpc('notify_new_lead');
    expect(sneaky.error).not.toBeNull();
    expect(await notes(owner)).toHaveLength(2);
  });

  it('cannot be changed or deleted by anyone but the recipient, who may only mark it read', async () => {
    const [mine] = (await owner.client.from('notifications').select('id')).data!;
    const theirs = await buyer.client
      .from('notifications')
      .update({ dismissed_at: new Date().toISOString() })
      .eq('id', mine.id)
      .select();
    expect(theirs.data ?? []).toEqual([]);
    const gone = await buyer.client.from('notifications').delete().eq('id', mine.id).select();
    expect(gone.data ?? []).toEqual([]);
    const retitle = await owner.client.from('notifications').update({ title: 'Other' }).eq('id', mine.id);
    expect(retitle.error?.code).toBe('42501');
    const read = await owner.client
      .from('notifications')
      .update({ dismissed_at: new Date().toISOString() })
      .eq('id', mine.id)
      .select('dismissed_at');
    expect(read.error).toBeNull();
    expect(read.data![0].dismissed_at).not.toBeNull();
  });
});

describe("the buyer's account is deleted", () => {
  it('leaves the dealer an anonymised lead whose messages stay', async () => {
    const { error } = await buyer.client.rpc('delete_my_account');
    expect(error).toBeNull();
    const { data: lead } = await owner.client
      .from('leads')
      .select('user_id, name, email, phone, part_exchange_registration, message')
      .eq('id', leadId)
      .single();
    expect(lead).toEqual({
      user_id: null,
      name: 'Deleted user',
      email: '',
      phone: '',
      part_exchange_registration: '',
      message: 'Is it still available?',
    });
    const { data: messages } = await owner.client
      .from('lead_messages')
      .select('sender_id, body')
      .eq('lead_id', leadId)
      .order('created_at');
    expect(messages).toEqual([
      { sender_id: owner.id, body: 'Yes, come and see it on Saturday.' },
      { sender_id: null, body: 'Great, see you at ten.' },
    ]);
    expect(await notes(buyer)).toEqual([]);
    expect(await leadMails(buyer)).toEqual([]);
    const text = JSON.stringify(await notes(owner));
    expect(text).not.toContain('Pat Buyer');
    expect(text).not.toContain(buyer.email);
  });

  it('a later reply to the anonymised lead is stored and notifies nobody', async () => {
    await say(owner, 'Sorry to see you go.');
    expect((await notes(owner)).map((n) => n.alert_type)).toEqual(['new_lead', 'lead_message']);
    expect((await notes(quiet)).map((n) => n.alert_type)).toEqual(['new_lead', 'lead_message']);
  });

  it('no client can make a lead without a buyer or without an e-mail', async () => {
    const base = { vehicle_listing_id: fx.listings[0].id, dealer_id: fx.dealers.north, name: 'X', message: 'Hi' };
    const orphan = await other.client.from('leads').insert({ ...base, id: randomUUID(), user_id: null, email: '' });
    expect(orphan.error?.code).toBe('42501');
    const blank = await other.client.from('leads').insert({ ...base, id: randomUUID(), user_id: other.id, email: '' });
    expect(blank.error?.code).toBe('23514');
  });
});
