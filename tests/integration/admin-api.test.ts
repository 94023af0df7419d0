// features/admin/api/admin-api.ts against the real stack: the admin check and admin-only lists follow RLS.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchAdminList } from '@/features/admin/api/admin-api';
import { fetchIsAdmin } from '@/features/auth/is-admin';
import { anonClient, createUser, serviceClient, uniqueEmail, userClient } from './helpers';

let admin: SupabaseClient;
let shopper: SupabaseClient;
let marker: string;

beforeAll(async () => {
  const a = await createUser(uniqueEmail('admin-api'));
  const s = await createUser(uniqueEmail('shopper-api'));
  const svc = serviceClient();
  const { error } = await svc.from('user_roles').insert({ user_id: a.id, role: 'admin' });
  if (error) throw new Error(error.message);
  marker = uniqueEmail('event');
  const inserted = await svc.from('security_events').insert({ event_type: 'sign_in_failed', email: marker });
  if (inserted.error) throw new Error(inserted.error.message);
  admin = await userClient(a.email);
  shopper = await userClient(s.email);
});

describe('admin api', () => {
  it('answers the admin check from rpc is_admin', async () => {
    expect(await fetchIsAdmin(admin)).toBe(true);
    expect(await fetchIsAdmin(shopper)).toBe(false);
    expect(await fetchIsAdmin(anonClient())).toBe(false);
  });

  it('lists admin-only rows newest first for an admin, none for anyone else', async () => {
    const rows = await fetchAdminList<{ email: string | null; created_at: string }>(
      'security_events',
      { limit: 500 },
      admin,
    );
    expect(rows.some((r) => r.email === marker)).toBe(true);
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(await fetchAdminList('security_events', {}, shopper)).toEqual([]);
  });

  it('caps the page size', async () => {
    const rows = await fetchAdminList('security_events', { limit: 1 }, admin);
    expect(rows).toHaveLength(1);
  });
});
