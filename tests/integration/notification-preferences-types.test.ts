// A shopper's notification preferences are booleans only: a string there once made the price-drop
// trigger's cast fail, so a dealer could not cut the price of any car that shopper watched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';

const svc = serviceClient();
let fx: CatalogueFixture;
let dealer: SupabaseClient;
let shopper: { id: string; client: SupabaseClient };

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const d = await createUser(uniqueEmail('prefs-dealer'));
  const member = await svc.from('dealer_members').insert({ dealer_id: fx.dealers.north, user_id: d.id, role: 'owner' });
  if (member.error) throw new Error(member.error.message);
  dealer = await userClient(d.email);
  const s = await createUser(uniqueEmail('prefs-shopper'));
  shopper = { id: s.id, client: await userClient(s.email) };
  const alert = await shopper.client.from('price_alerts').insert({
    user_id: shopper.id,
    vehicle_listing_id: fx.listings[4].id,
    target_price: 1000,
    current_price: fx.listings[4].price,
    price_drop_threshold: 1,
    is_active: true,
  });
  if (alert.error) throw new Error(alert.error.message);
});

afterAll(async () => {
  await svc.from('user_preferences').delete().eq('user_id', shopper.id);
});

describe('notification preferences', () => {
  it.each([
    { price_drop_alerts: 'nope' },
    { email_notifications: 1 },
    { new_match_alerts: null },
    { price_drop_alerts: { nested: true } },
  ])('refuses a value that is not a boolean: %j', async (bad) => {
    const { error } = await shopper.client
      .from('user_preferences')
      .upsert({ user_id: shopper.id, notification_preferences: bad }, { onConflict: 'user_id' });
    expect(error?.code).toBe('23514');
    expect(error?.message).not.toMatch(/select|jsonb_each/i);
  });

  it('refuses a preferences value that is not an object', async () => {
    const { error } = await shopper.client
      .from('user_preferences')
      .upsert({ user_id: shopper.id, notification_preferences: ['price_drop_alerts'] }, { onConflict: 'user_id' });
    expect(error?.code).toBe('23514');
  });

  it('keeps booleans, and a price cut on a car the shopper watches goes through and notifies them', async () => {
    const ok = await shopper.client
      .from('user_preferences')
      .upsert(
        { user_id: shopper.id, notification_preferences: { price_drop_alerts: true, email_notifications: false } },
        { onConflict: 'user_id' },
      );
    expect(ok.error).toBeNull();
    const listing = fx.listings[4];
    const cut = Math.round(listing.price * 0.9);
    const { error } = await dealer.from('vehicle_listings').update({ price: cut }).eq('id', listing.id);
    expect(error).toBeNull();
    const { data } = await svc.from('vehicle_listings').select('price').eq('id', listing.id).single();
    expect(data?.price).toBe(cut);
  });
});
