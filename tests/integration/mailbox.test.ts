// Local mailbox HTTP API and the e-mail outbox worker (price drop -> email_outbox -> mailbox).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, serviceClient, stack, uniqueEmail } from './helpers';

type Mail = { id: string; to: string; subject: string; text: string; template?: string; createdAt: string };

const api = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${stack().url}/mailbox/v1${path}`, {
    ...init,
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });

async function waitForMail(to: string, ms = 5000): Promise<Mail[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const list = (await (await api(`/messages?to=${encodeURIComponent(to)}`, stack().serviceRoleKey)).json()) as Mail[];
    if (list.length || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mailbox', () => {
  it('stores messages (service role), lists newest first and reads one by id', async () => {
    const to = uniqueEmail('mb');
    const svc = stack().serviceRoleKey;
    const first = await api('/messages', svc, {
      method: 'POST',
      body: JSON.stringify({ to, subject: 'one', text: 'a' }),
    });
    expect(first.status).toBe(201);
    await api('/messages', svc, {
      method: 'POST',
      body: JSON.stringify({ to, subject: 'two', text: 'b', html: '<p>b</p>' }),
    });
    const list = (await (await api(`/messages?to=${encodeURIComponent(to.toUpperCase())}`, svc)).json()) as Mail[];
    expect(list.map((m) => m.subject)).toEqual(['two', 'one']);
    const one = await api(`/messages/${list[1].id}`, svc);
    expect(((await one.json()) as Mail).text).toBe('a');
    expect((await api(`/messages/${randomUUID()}`, svc)).status).toBe(404);
  });

  it('refuses reads and writes without the service role', async () => {
    const body = JSON.stringify({ to: uniqueEmail('mb'), subject: 'x' });
    expect((await api('/messages', stack().anonKey)).status).toBe(403);
    expect((await api('/messages', stack().anonKey, { method: 'POST', body })).status).toBe(403);
    expect((await api('/messages', stack().anonKey, { method: 'DELETE' })).status).toBe(403);
    const noKey = await fetch(`${stack().url}/mailbox/v1/messages`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ code: 'no_authorization' });
    const bad = await api('/messages', stack().serviceRoleKey, {
      method: 'POST',
      body: JSON.stringify({ to: 'nope', subject: 'x' }),
    });
    expect(bad.status).toBe(400);
  });

  it('the outbox worker mails a price-drop alert with GBP amounts', async () => {
    const svc = serviceClient();
    const user = await createUser(uniqueEmail('drop'));
    const tag = randomUUID().slice(0, 8);
    const brand = (
      await svc
        .from('brands')
        .insert({ slug: `mb-${tag}`, name: `Mailbrand ${tag}` })
        .select('id')
        .single()
    ).data!;
    const model = (
      await svc
        .from('car_models')
        .insert({
          brand_id: brand.id,
          slug: 'm',
          name: 'Roadster',
          body_style: 'coupe',
          fuel_type: 'petrol',
          price_from: 30000,
          model_year: 2024,
          seats: 2,
          gearbox: 'manual',
          drivetrain: 'rwd',
        })
        .select('id')
        .single()
    ).data!;
    const dealer = (
      await svc
        .from('dealers')
        .insert({
          slug: `d-${tag}`,
          name: 'Test Motors',
          town: 'Leeds',
          outcode: 'LS1',
          postcode: 'LS1 4AP',
          lat: 53.8,
          lng: -1.55,
        })
        .select('id')
        .single()
    ).data!;
    const listing = await svc
      .from('vehicle_listings')
      .insert({
        dealer_id: dealer.id,
        car_model_id: model.id,
        brand_id: brand.id,
        title: `Roadster ${tag}`,
        price: 25000,
        year: 2022,
        mileage: 12000,
        fuel_type: 'petrol',
        body_style: 'coupe',
        gearbox: 'manual',
        seats: 2,
      })
      .select('id')
      .single();
    expect(listing.error).toBeNull();
    const alert = await svc
      .from('price_alerts')
      .insert({ user_id: user.id, vehicle_listing_id: listing.data!.id, target_price: 24000, current_price: 25000 });
    expect(alert.error).toBeNull();
    expect((await svc.from('vehicle_listings').update({ price: 22500 }).eq('id', listing.data!.id)).error).toBeNull();

    const [mail] = await waitForMail(user.email);
    expect(mail).toBeDefined();
    expect(mail.template).toBe('price_drop_alert');
    // the car is named from the catalogue (year, brand, model), not by the listing's title
    expect(mail.subject).toBe(`Price drop: 2022 Mailbrand ${tag} Roadster is now £22,500`);
    expect(mail.text).toContain('Was: £25,000');
    expect(mail.text).toContain('You save £2,500 (10% off)');
    expect(mail.text).toContain(`/marketplace/${listing.data!.id}`);
  });
});
