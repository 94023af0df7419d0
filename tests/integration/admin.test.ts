// Issue 13: the admin area's server side. A non-admin (or anon, holding only the anon key) can read no
// error reports or security events, write no reviews, call no admin RPC and change no role, even with
// raw requests; admins can; and the last admin cannot revoke himself.
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, rest, serviceClient, stack, uniqueEmail, userClient } from './helpers';

let admin: SupabaseClient;
let shopper: SupabaseClient;
let adminId: string;
let shopperId: string;
let shopperToken: string;
let modelId: string;

beforeAll(async () => {
  const a = await createUser(uniqueEmail('admin13'));
  const s = await createUser(uniqueEmail('shopper13'));
  adminId = a.id;
  shopperId = s.id;
  const svc = serviceClient();
  const { error } = await svc.from('user_roles').insert({ user_id: a.id, role: 'admin' });
  if (error) throw new Error(error.message);
  await svc.from('security_events').insert({ event_type: 'sign_in_failed', email: s.email });
  admin = await userClient(a.email);
  shopper = await userClient(s.email);
  shopperToken = (await shopper.auth.getSession()).data.session?.access_token ?? '';
  const model = await svc.from('car_models').select('id').limit(1).single();
  modelId = (model.data as { id: string }).id;
});

const review = () => ({ car_model_id: modelId, author: 'X', title: 'Sneaky', cs_score: 9, published: true });

describe('admin area server rules', () => {
  it('a shopper can report an error but not read, resolve or list reports or security events', async () => {
    const id = crypto.randomUUID();
    expect(
      (await shopper.from('error_reports').insert({ id, message: 'shopper boom', severity: 'high' })).error,
    ).toBeNull();
    expect((await shopper.from('error_reports').select('*')).data).toEqual([]);
    expect((await shopper.from('security_events').select('*')).data).toEqual([]);
    await shopper.from('error_reports').update({ resolved: true }).eq('id', id);
    const seen = await admin.from('error_reports').select('message, resolved').eq('id', id).single();
    expect(seen.data).toEqual({ message: 'shopper boom', resolved: false });
    expect((await admin.from('error_reports').update({ resolved: true }).eq('id', id).select('resolved')).data).toEqual(
      [{ resolved: true }],
    );
    const raw = await rest('/security_events?select=*', { token: shopperToken });
    expect(await raw.json()).toEqual([]);
  });

  it('a shopper cannot write reviews (raw API and apply_mutations); an admin can', async () => {
    const r = await shopper.from('reviews').insert(review());
    expect(r.error?.code).toBe('42501');
    const raw = await rest('/reviews', {
      method: 'POST',
      token: shopperToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(review()),
    });
    expect(raw.status).toBe(403);
    const ok = await admin
      .from('reviews')
      .insert({ ...review(), title: 'Admin review' })
      .select('id')
      .single();
    expect(ok.error).toBeNull();
    const id = (ok.data as { id: string }).id;
    const hit = await shopper.from('reviews').update({ title: 'Hijacked' }).eq('id', id).select('id');
    expect(hit.data).toEqual([]);
    expect((await admin.from('reviews').delete().eq('id', id)).error).toBeNull();
  });

  it('admin RPCs refuse shoppers and anon, and answer admins', async () => {
    for (const [fn, args] of [
      ['admin_counts', {}],
      ['admin_web_vitals', {}],
      ['admin_rls_status', {}],
      ['admin_users', { p_query: 'example' }],
      ['admin_set_role', { p_user_id: shopperId, p_is_admin: true }],
    ] as const) {
      const s = await shopper.rpc(fn, args);
      expect(s.error?.code, fn).toBe('42501');
      const a = await anonClient().rpc(fn, args);
      expect(a.error, fn).not.toBeNull();
    }
    expect((await shopper.from('user_roles').insert({ user_id: shopperId, role: 'admin' })).error).not.toBeNull();
    expect((await shopper.rpc('is_admin')).data).toBe(false);
    const counts = await admin.rpc('admin_counts');
    expect(counts.data).toMatchObject({
      users: expect.any(Number),
      listings: expect.any(Number),
      reviews: expect.any(Number),
    });
    const rls = (await admin.rpc('admin_rls_status')).data as { table_name: string; rls_enabled: boolean }[];
    expect(rls.length).toBeGreaterThan(10);
    expect(rls.filter((t) => !t.rls_enabled)).toEqual([]);
    expect((await admin.rpc('admin_web_vitals')).error).toBeNull();
  });

  it('an admin grants and revokes admin', async () => {
    expect((await admin.rpc('admin_set_role', { p_user_id: shopperId, p_is_admin: true })).error).toBeNull();
    expect((await shopper.rpc('is_admin')).data).toBe(true);
    expect((await admin.rpc('admin_set_role', { p_user_id: shopperId, p_is_admin: false })).error).toBeNull();
    expect((await shopper.rpc('is_admin')).data).toBe(false);
    const found = (await admin.rpc('admin_users', { p_query: 'admin13' })).data as {
      user_id: string;
      is_admin: boolean;
    }[];
    expect(found.find((u) => u.user_id === adminId)?.is_admin).toBe(true);
    expect(stack().url).toBeTruthy();
  });
});

describe('the last admin', () => {
  it('cannot revoke himself', async () => {
    const db = await PGlite.create({ extensions: { pgcrypto } });
    const root = join(__dirname, '..', '..');
    for (const f of ['01-roles.sql', '02-auth.sql', '07-storage.sql'])
      await db.exec(readFileSync(join(root, 'supabase', 'local', 'bootstrap', f), 'utf8'));
    const migrations = join(root, 'supabase', 'migrations');
    for (const f of readdirSync(migrations)
      .filter((n) => n.endsWith('.sql'))
      .sort())
      await db.exec(readFileSync(join(migrations, f), 'utf8'));
    const only = '00000000-0000-4000-8000-00000000000a';
    await db.exec(`insert into auth.users (id, email) values ('${only}', 'only@example.com');
      insert into public.user_roles (user_id, role) values ('${only}', 'admin');`);
    const claims = JSON.stringify({ sub: only, role: 'authenticated' });
    const attempt = db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
        claims,
      ]);
      await tx.query('select public.admin_set_role($1, false)', [only]);
    });
    await expect(attempt).rejects.toThrow('The last admin cannot be revoked');
    expect((await db.query('select count(*)::int as n from public.user_roles')).rows).toEqual([{ n: 1 }]);
    await db.close();
  }, 120_000);
});
