// Edge functions through supabase-js functions.invoke against the local stack.
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, stack, uniqueEmail, userClient } from './helpers';

async function inbox(email: string): Promise<{ subject: string; text: string; html: string; template?: string }[]> {
  const res = await fetch(`${stack().url}/mailbox/v1/messages?to=${encodeURIComponent(email)}`, {
    headers: { apikey: stack().serviceRoleKey },
  });
  return (await res.json()) as { subject: string; text: string; html: string; template?: string }[];
}

async function errorBody(error: unknown): Promise<{ status: number; body: { error?: string } }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

const templateData = {
  car_name: 'Volkswagen Golf Life 1.5 TSI',
  old_price: 24995,
  new_price: 22495,
  discount: 10,
  savings: 2500,
  car_url: '/marketplace/abc',
  unsubscribe_url: '/account',
};

describe('send-notification-email', () => {
  // Product e-mails with data are the server's (service role); a user only gets the fixed test e-mail
  // (issue 31 hole 5: tests/integration/security-round2-functions.test.ts).
  it('delivers the price-drop e-mail (service role) with GBP amounts', async () => {
    const user = await createUser(uniqueEmail('fn-mail'));
    const { data, error } = await serviceClient().functions.invoke('send-notification-email', {
      body: { userId: user.id, templateName: 'price_drop_alert', templateData, recipientEmail: user.email },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ success: true });
    expect(typeof data.id).toBe('string');
    const [mail] = await inbox(user.email);
    expect(mail.subject).toBe('Price drop: Volkswagen Golf Life 1.5 TSI is now £22,495');
    expect(mail.text).toContain('Was: £24,995');
    expect(mail.text).toContain('You save £2,500 (10% off)');
    expect(mail.text).toContain('http://localhost:5173/marketplace/abc');
    expect(mail.html).toContain('£22,495');
    expect(mail.template).toBe('price_drop_alert');
  });

  it('refuses another recipient (403), a bad body (400) and anonymous callers (401)', async () => {
    const user = await createUser(uniqueEmail('fn-deny'));
    const c = await userClient(user.email);
    const wrong = await c.functions.invoke('send-notification-email', {
      body: { userId: user.id, templateName: 'price_drop_alert', templateData, recipientEmail: 'someone@example.com' },
    });
    expect((await errorBody(wrong.error)).status).toBe(403);
    expect(await inbox('someone@example.com')).toEqual([]);

    const invalid = await serviceClient().functions.invoke('send-notification-email', {
      body: {
        userId: user.id,
        templateName: 'price_drop_alert',
        templateData: { ...templateData, old_price: 'lots' },
        recipientEmail: user.email,
      },
    });
    const bad = await errorBody(invalid.error);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('templateData.old_price');
    const unknown = await c.functions.invoke('send-notification-email', {
      body: { userId: user.id, templateName: 'newsletter', recipientEmail: user.email },
    });
    expect((await errorBody(unknown.error)).status).toBe(400);

    const anon = await anonClient().functions.invoke('send-notification-email', {
      body: { userId: user.id, templateName: 'price_drop_alert', templateData, recipientEmail: user.email },
    });
    expect((await errorBody(anon.error)).status).toBe(401);
  });

  it('lets the service role send to any address; unknown functions are 404', async () => {
    const to = uniqueEmail('fn-service');
    const { error } = await serviceClient().functions.invoke('send-notification-email', {
      body: { userId: randomUUID(), templateName: 'price_drop_alert', templateData, recipientEmail: to },
    });
    expect(error).toBeNull();
    expect((await inbox(to)).length).toBe(1);
    const missing = await serviceClient().functions.invoke('no-such-function', { body: {} });
    expect((await errorBody(missing.error)).status).toBe(404);
  });
});

describe('ml-recommendations', () => {
  const brandName = `Testmarque ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    const svc = serviceClient();
    const slug = brandName.toLowerCase().replace(/\s+/g, '-');
    const { data: brand, error } = await svc.from('brands').insert({ slug, name: brandName }).select('id').single();
    if (error) throw new Error(error.message);
    const models = Array.from({ length: 12 }, (_, i) => ({
      brand_id: brand.id,
      slug: `model-${i}`,
      name: `Model ${i}`,
      body_style: i % 2 ? 'suv' : 'hatchback',
      fuel_type: i % 3 ? 'electric' : 'petrol',
      price_from: 20000 + i * 2500,
      model_year: 2025,
      mpg: i % 3 ? null : 50,
      ev_range_miles: i % 3 ? 250 : null,
      seats: i % 4 ? 5 : 7,
      gearbox: 'automatic',
      drivetrain: 'fwd',
      ncap_stars: 5,
      insurance_group: 20,
      boot_litres: 400 + i * 20,
      zero_to_62: 7.5,
      power_bhp: 200,
    }));
    const ins = await svc.from('car_models').insert(models);
    if (ins.error) throw new Error(ins.error.message);
  });

  it('ranks 10 models for a profile and serves them from cache the second time', async () => {
    const user = await createUser(uniqueEmail('fn-ml'));
    const c = await userClient(user.email);
    const up = await c.from('user_preference_profiles').upsert(
      {
        user_id: user.id,
        budget_min: 20000,
        budget_max: 40000,
        preferred_brands: [brandName],
        preferred_fuel_types: ['electric'],
        preferred_body_styles: ['suv'],
        family_size: 4,
        driving_style: 'economical',
        priority_features: ['Safety Rating', 'Fuel Economy'],
      },
      { onConflict: 'user_id' },
    );
    expect(up.error).toBeNull();

    const first = await c.functions.invoke('ml-recommendations', { body: { userId: user.id, forceRefresh: false } });
    expect(first.error).toBeNull();
    const recs = first.data.recommendations as {
      id: string;
      recommendation_score: number;
      reasons: string[];
      car_models: { name: string; brand: { name: string; logo_url: string | null }; reviews: unknown[] };
    }[];
    expect(first.data.cached).toBe(false);
    expect(recs).toHaveLength(10);
    const scores = recs.map((r) => Number(r.recommendation_score));
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    // The preferred brand's electric SUVs within budget (models 1, 5, 7) rank near the top.
    const top5 = recs.slice(0, 5).map((r) => `${r.car_models.brand.name}/${r.car_models.name}`);
    for (const name of ['Model 1', 'Model 5', 'Model 7']) expect(top5).toContain(`${brandName}/${name}`);
    const mine = recs.find((r) => r.car_models.name === 'Model 1')!;
    expect(mine.reasons).toContain('Matches your preferred fuel type (Electric)');
    expect(mine.reasons).toContain(`From ${brandName}, one of your preferred brands`);
    expect(mine.reasons).toContain('An SUV, as you prefer');
    expect(Array.isArray(recs[0].car_models.reviews)).toBe(true);

    const second = await c.functions.invoke('ml-recommendations', { body: { userId: user.id, forceRefresh: false } });
    expect(second.data.cached).toBe(true);
    expect((second.data.recommendations as { id: string }[]).map((r) => r.id)).toEqual(recs.map((r) => r.id));

    const refreshed = await c.functions.invoke('ml-recommendations', { body: { userId: user.id, forceRefresh: true } });
    expect(refreshed.data.cached).toBe(false);
    // A full profile and no behaviour yet: basic 20 + preferences 30 = 50, personalised (above 30).
    expect(refreshed.data.personalization).toMatchObject({
      score: 50,
      basic: 20,
      preferences: 30,
      behaviour: 0,
      personalised: true,
    });
    const stored = await c.from('personalized_recommendations').select('id').eq('user_id', user.id);
    expect(stored.data).toHaveLength(10);
  });

  it('only serves the caller’s own recommendations', async () => {
    const a = await createUser(uniqueEmail('fn-ml-a'));
    const b = await createUser(uniqueEmail('fn-ml-b'));
    const c = await userClient(a.email);
    const res = await c.functions.invoke('ml-recommendations', { body: { userId: b.id } });
    expect((await errorBody(res.error)).status).toBe(403);
    const bad = await c.functions.invoke('ml-recommendations', { body: { userId: 'nope' } });
    expect((await errorBody(bad.error)).status).toBe(400);
  });
});
