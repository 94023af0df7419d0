// Issue 31, edge functions: send-notification-email is no mail relay (hole 5) and ml-recommendations
// never shows an unpublished review (hole 8). Through supabase-js functions.invoke against the local stack.
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, DEFAULT_PASSWORD, serviceClient, stack, uniqueEmail, userClient } from './helpers';

type Mail = { subject: string; text: string; html: string; template?: string };

async function inbox(email: string): Promise<Mail[]> {
  const key = stack().serviceRoleKey;
  const res = await fetch(`${stack().url}/mailbox/v1/messages?to=${encodeURIComponent(email)}`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  return (await res.json()) as Mail[];
}

async function waitForMail(email: string, ms = 5000): Promise<Mail[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mails = await inbox(email);
    if (mails.length || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The HTTP status and error of a failed invoke; 200 when it succeeded. */
async function outcome(res: { error: unknown }): Promise<{ status: number; error?: string }> {
  if (res.error === null) return { status: 200 };
  expect(res.error).toBeInstanceOf(FunctionsHttpError);
  const answer = (res.error as FunctionsHttpError).context as Response;
  return { status: answer.status, error: ((await answer.json()) as { error?: string }).error };
}

const PHISH = 'URGENT: verify your account at https://evil.example/login';
const attackerData = {
  car_name: PHISH,
  old_price: 2,
  new_price: 1,
  discount: 50,
  savings: 1,
  car_url: 'https://evil.example/login',
  unsubscribe_url: 'https://evil.example/unsub',
};
const TEST_SUBJECT = 'Test: Price drop: 2021 Volkswagen Golf 1.5 TSI Life is now £17,495';

// The body SPEC §7 describes (the app used to send sample data): the server must not need, nor use, it.
const sampleData = { ...attackerData, car_name: 'Sample car', old_price: 20000, new_price: 19000, savings: 1000 };
const send = (c: SupabaseClient, body: Record<string, unknown>) =>
  c.functions.invoke('send-notification-email', {
    body: { templateName: 'price_drop_alert', templateData: sampleData, ...body },
  });

describe('issue 31 hole 5: send-notification-email is no open mail relay', () => {
  it('anonymous callers are refused and nothing is mailed', async () => {
    const victim = uniqueEmail('relay-victim');
    const res = await send(anonClient(), { userId: randomUUID(), recipientEmail: victim, templateData: attackerData });
    expect(await outcome(res)).toMatchObject({ status: 401 });
    expect(await inbox(victim)).toEqual([]);
  });

  it('a signed-up user gets the fixed test e-mail: none of the request text reaches the subject or body', async () => {
    const email = uniqueEmail('relay-signup');
    const signUp = await anonClient().auth.signUp({ email, password: DEFAULT_PASSWORD });
    expect(signUp.error).toBeNull();
    const c = await userClient(email);
    const res = await send(c, { userId: signUp.data.user!.id, recipientEmail: email, templateData: attackerData });
    expect(await outcome(res)).toEqual({ status: 200 });
    const [mail] = await waitForMail(email);
    expect(mail.subject).toBe(TEST_SUBJECT);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('URGENT');
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toContain('This is a test e-mail you asked for in your Motorly notification settings.');
    expect(mail.text).toContain('Was: £18,995');

    // The app's own request names the template only.
    const appBody = { userId: signUp.data.user!.id, templateName: 'price_drop_alert', recipientEmail: email };
    const app = await c.functions.invoke('send-notification-email', { body: appBody });
    expect(await outcome(app)).toEqual({ status: 200 });
    expect((await inbox(email)).map((m) => m.subject)).toEqual([TEST_SUBJECT, TEST_SUBJECT]);
  });

  it('a user cannot mail another address or send as another user', async () => {
    const user = await createUser(uniqueEmail('relay-user'));
    const other = await createUser(uniqueEmail('relay-other'));
    const victim = uniqueEmail('relay-victim');
    const c = await userClient(user.email);
    const toVictim = await send(c, { userId: user.id, recipientEmail: victim, templateData: attackerData });
    expect(await outcome(toVictim)).toMatchObject({ status: 403 });
    const asOther = await send(c, { userId: other.id, recipientEmail: other.email });
    expect(await outcome(asOther)).toMatchObject({ status: 403 });
    expect(await inbox(victim)).toEqual([]);
    expect(await inbox(other.email)).toEqual([]);
  });

  it('at most 3 test e-mails an hour per user, then 429 with a clear error', async () => {
    const user = await createUser(uniqueEmail('relay-limit'));
    const c = await userClient(user.email);
    for (let i = 0; i < 3; i += 1) {
      expect(await outcome(await send(c, { userId: user.id, recipientEmail: user.email }))).toEqual({ status: 200 });
    }
    const fourth = await outcome(await send(c, { userId: user.id, recipientEmail: user.email }));
    expect(fourth).toEqual({ status: 429, error: 'Too many test e-mails. Please try again in an hour.' });
    expect(await inbox(user.email)).toHaveLength(3);

    // A new address does not reset the user's count.
    const moved = uniqueEmail('relay-moved');
    const change = await serviceClient().auth.admin.updateUserById(user.id, { email: moved, email_confirm: true });
    expect(change.error).toBeNull();
    const again = await userClient(moved);
    expect(await outcome(await send(again, { userId: user.id, recipientEmail: moved }))).toMatchObject({ status: 429 });
    expect(await inbox(moved)).toEqual([]);
  });

  it('at most 3 an hour per recipient: a new account on the same address does not reset it', async () => {
    const email = uniqueEmail('relay-rcpt');
    const first = await createUser(email);
    const c = await userClient(email);
    for (let i = 0; i < 3; i += 1) {
      expect(await outcome(await send(c, { userId: first.id, recipientEmail: email }))).toEqual({ status: 200 });
    }
    expect((await serviceClient().auth.admin.deleteUser(first.id)).error).toBeNull();

    const second = await createUser(email.toUpperCase());
    const next = await userClient(email);
    expect(await outcome(await send(next, { userId: second.id, recipientEmail: email }))).toMatchObject({
      status: 429,
    });
    expect(await inbox(email)).toHaveLength(3);
  });

  it('the server still sends product e-mails: the service role with data, and the price-drop outbox', async () => {
    const to = uniqueEmail('relay-service');
    const data = { ...attackerData, car_name: 'Kia Sportage', old_price: 24995, new_price: 22495, savings: 2500 };
    const res = await send(serviceClient(), { userId: randomUUID(), recipientEmail: to, templateData: data });
    expect(await outcome(res)).toEqual({ status: 200 });
    const [mail] = await inbox(to);
    expect(mail.subject).toBe('Price drop: Kia Sportage is now £22,495');
    expect(mail.text).not.toContain('evil.example');

    const svc = serviceClient();
    const user = await createUser(uniqueEmail('relay-alert'));
    const tag = randomUUID().slice(0, 8);
    const single = async (table: string, row: Record<string, unknown>): Promise<string> => {
      const { data: inserted, error } = await svc.from(table).insert(row).select('id').single();
      if (error) throw new Error(error.message);
      return (inserted as { id: string }).id;
    };
    const brand = await single('brands', { slug: `rl-${tag}`, name: `Relaybrand ${tag}` });
    const model = await single('car_models', {
      ...{ brand_id: brand, slug: 'r', name: 'Relay', body_style: 'coupe', fuel_type: 'petrol', price_from: 30000 },
      ...{ model_year: 2024, seats: 2, gearbox: 'manual', drivetrain: 'rwd' },
    });
    const dealer = await single('dealers', {
      ...{ slug: `rd-${tag}`, name: 'Relay Motors', town: 'Leeds', outcode: 'LS1', postcode: 'LS1 4AP' },
      ...{ lat: 53.8, lng: -1.55 },
    });
    const listing = await single('vehicle_listings', {
      ...{ dealer_id: dealer, car_model_id: model, brand_id: brand, title: `Relay ${tag}`, price: 25000 },
      ...{ year: 2022, mileage: 12000, fuel_type: 'petrol', body_style: 'coupe', gearbox: 'manual', seats: 2 },
    });
    await single('price_alerts', {
      ...{ user_id: user.id, vehicle_listing_id: listing, target_price: 24000, current_price: 25000 },
    });
    expect((await svc.from('vehicle_listings').update({ price: 22500 }).eq('id', listing)).error).toBeNull();
    const [alert] = await waitForMail(user.email);
    // named from the catalogue (year, brand, model), not by the listing's title (20261128000600)
    expect(alert?.subject).toBe(`Price drop: 2022 Relaybrand ${tag} Relay is now £22,500`);
  });
});

describe('issue 31 hole 8: ml-recommendations never shows an unpublished review', () => {
  it("an admin's draft score is in no shopper's recommendations, fresh or cached", async () => {
    const svc = serviceClient();
    const tag = randomUUID().slice(0, 6);
    const brandName = `Draftmarque ${tag}`;
    const { data: brand, error } = await svc
      .from('brands')
      .insert({ slug: `draft-${tag}`, name: brandName })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const models = Array.from({ length: 10 }, (_, i) => ({
      ...{ brand_id: brand.id, slug: `draft-${i}`, name: `Draft ${i}`, body_style: 'suv', fuel_type: 'electric' },
      ...{ price_from: 30000 + i * 100, model_year: 2025, ev_range_miles: 300, seats: 5, gearbox: 'automatic' },
      ...{ drivetrain: 'fwd', ncap_stars: 5, insurance_group: 20, boot_litres: 500, zero_to_62: 7, power_bhp: 200 },
    }));
    const inserted = await svc.from('car_models').insert(models).select('id');
    if (inserted.error) throw new Error(inserted.error.message);
    const ids = (inserted.data as { id: string }[]).map((m) => m.id);
    const review = (car_model_id: string, cs_score: number, published: boolean) => ({
      ...{ car_model_id, cs_score, published, author: 'Admin', title: published ? 'Published' : 'Draft' },
    });
    const reviews = ids.flatMap((id) => [review(id, 9, true), review(id, 1.7, false)]);
    expect((await svc.from('reviews').insert(reviews)).error).toBeNull();

    const user = await createUser(uniqueEmail('draft-shopper'));
    const c = await userClient(user.email);
    const profile = await c.from('user_preference_profiles').upsert(
      {
        ...{ user_id: user.id, budget_min: 25000, budget_max: 35000, preferred_brands: [brandName] },
        ...{ preferred_fuel_types: ['electric'], preferred_body_styles: ['suv'], family_size: 4 },
      },
      { onConflict: 'user_id' },
    );
    expect(profile.error).toBeNull();

    type Rec = { car_model_id: string; car_models: { reviews: { cs_score: number | string }[] } };
    for (const forceRefresh of [true, false]) {
      const res = await c.functions.invoke('ml-recommendations', { body: { userId: user.id, forceRefresh } });
      expect(res.error).toBeNull();
      expect(res.data.cached).toBe(!forceRefresh);
      const recs = res.data.recommendations as Rec[];
      const ours = recs.filter((r) => ids.includes(r.car_model_id));
      expect(ours.length).toBeGreaterThan(0);
      for (const r of ours) expect(r.car_models.reviews.map((v) => Number(v.cs_score))).toEqual([9]);
      // Every other recommended model shows exactly its published reviews too.
      const all = await svc
        .from('reviews')
        .select('car_model_id, cs_score')
        .eq('published', true)
        .in(
          'car_model_id',
          recs.map((r) => r.car_model_id),
        );
      const published = (id: string) =>
        (all.data ?? []).filter((v) => v.car_model_id === id).map((v) => Number(v.cs_score));
      const scores = (r: Rec) => r.car_models.reviews.map((v) => Number(v.cs_score));
      for (const r of recs) expect(scores(r).sort()).toEqual(published(r.car_model_id).sort());
    }
  });
});
