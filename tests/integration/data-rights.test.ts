// UK GDPR access and erasure through the real API: rpc('export_my_data') returns the caller's rows and
// nobody else's; rpc('delete_my_account') removes the caller's rows and auth user, and only theirs.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
} from './helpers';
import { fetchServerExport, deleteMyAccount } from '../../src/features/data-rights/api/data-rights-api';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await seedCatalogueFixture();
});

interface Person {
  id: string;
  email: string;
  client: SupabaseClient;
}

async function person(prefix: string): Promise<Person> {
  const { id, email } = await createUser(uniqueEmail(prefix));
  return { id, email, client: await userClient(email) };
}

/** Gives the user a row in several user tables, through the API as they would. */
async function fillRows(p: Person, listingIndex: number): Promise<void> {
  const listing = fx.listings[listingIndex];
  const must = async (q: PromiseLike<{ error: { message: string } | null }>) => {
    const { error } = await q;
    if (error) throw new Error(error.message);
  };
  await must(p.client.from('bookmarks').insert({ user_id: p.id, vehicle_listing_id: listing.id }));
  await must(
    p.client
      .from('price_alerts')
      .insert({ user_id: p.id, vehicle_listing_id: listing.id, target_price: 1000, current_price: listing.price }),
  );
  await must(
    p.client.from('search_interactions').insert({ user_id: p.id, interaction_type: 'search', search_query: p.email }),
  );
  await must(p.client.from('error_reports').insert({ user_id: p.id, message: `boom ${p.email}` }));
  await must(p.client.rpc('subscribe_newsletter', { email: p.email }));
}

const count = async (table: string, column: string, value: string) => {
  const { count: n, error } = await serviceClient()
    .from(table)
    .select('id', { count: 'exact', head: true })
    .eq(column, value);
  if (error) throw new Error(error.message);
  return n ?? 0;
};

describe('export_my_data', () => {
  it("contains the caller's rows from every user table and no one else's", async () => {
    const [alice, bob] = [await person('export-a'), await person('export-b')];
    await fillRows(alice, 0);
    await fillRows(bob, 1);

    const exported = await fetchServerExport(alice.client);
    expect(exported.account).toMatchObject({ id: alice.id, email: alice.email });
    const tables = exported.tables;
    expect(tables.bookmarks.map((r) => r.vehicle_listing_id)).toEqual([fx.listings[0].id]);
    expect(tables.price_alerts).toHaveLength(1);
    expect(tables.search_interactions.map((r) => r.search_query)).toEqual([alice.email]);
    // Not readable by the user under RLS, but theirs: the export includes them.
    expect(tables.error_reports.map((r) => r.message)).toEqual([`boom ${alice.email}`]);
    expect(tables.newsletter_subscriptions.map((r) => r.email)).toEqual([alice.email]);
    const everyRow = Object.values(tables).flat();
    expect(everyRow.length).toBeGreaterThanOrEqual(5);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(bob.id);
    expect(text).not.toContain(bob.email);
  });

  it('refuses a caller who is not signed in', async () => {
    const { error } = await anonClient().rpc('export_my_data');
    expect(error).not.toBeNull();
    expect(error?.message).not.toMatch(/select|from public/i);
  });
});

describe('delete_my_account', () => {
  it("removes the caller's rows and auth user, and leaves everyone else's", async () => {
    const [alice, bob] = [await person('erase-a'), await person('erase-b')];
    await fillRows(alice, 2);
    await fillRows(bob, 3);

    await deleteMyAccount(alice.client);

    for (const table of [
      'bookmarks',
      'price_alerts',
      'search_interactions',
      'error_reports',
      'newsletter_subscriptions',
    ]) {
      expect(await count(table, 'user_id', alice.id), table).toBe(0);
      expect(await count(table, 'user_id', bob.id), table).toBe(1);
    }
    const { data: gone } = await serviceClient().auth.admin.getUserById(alice.id);
    expect(gone.user).toBeNull();
    const { data: kept } = await serviceClient().auth.admin.getUserById(bob.id);
    expect(kept.user?.id).toBe(bob.id);
    // The deleted account cannot sign in again.
    const { error } = await anonClient().auth.signInWithPassword({
      email: alice.email,
      password: 'Correct-Horse-Battery-9',
    });
    expect(error).not.toBeNull();
  });

  it('cannot be aimed at someone else, and refuses anonymous callers', async () => {
    const [alice, mallory] = [await person('victim'), await person('mallory')];
    await fillRows(alice, 4);
    // No argument can name another user: an extra argument is an unknown function.
    const aimed = await mallory.client.rpc('delete_my_account', { user_id: alice.id });
    expect(aimed.error?.code).toBe('PGRST202');
    const anon = await anonClient().rpc('delete_my_account');
    expect(anon.error).not.toBeNull();
    expect(await count('bookmarks', 'user_id', alice.id)).toBe(1);
    const { data } = await serviceClient().auth.admin.getUserById(alice.id);
    expect(data.user?.id).toBe(alice.id);
  });
});
