// Data API writes through supabase-js: insert, upsert (merge / ignore duplicates), update, delete,
// representation, single rollback, constraint and RLS errors.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, rest, serviceClient, stack, uniqueEmail, userClient } from './helpers';

const svc = () => serviceClient();
let p: string;
beforeAll(() => {
  p = `wr${randomUUID().slice(0, 8)}`;
});

describe('insert', () => {
  it('inserts one row and returns it with representation (201)', async () => {
    const { data, error, status } = await svc()
      .from('brands')
      .insert({ slug: `${p}-one`, name: `One ${p}` })
      .select('slug, name, country')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ slug: `${p}-one`, name: `One ${p}`, country: '' });
  });

  it('inserts with return=minimal: 201 and no body', async () => {
    const { data, error, status } = await svc()
      .from('brands')
      .insert({ slug: `${p}-min`, name: `Min ${p}` });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
  });

  it('bulk inserts with columns=, filling missing keys with null or with defaults', async () => {
    const rows = [
      { slug: `${p}-b1`, name: `B1 ${p}`, country: 'IT' },
      { slug: `${p}-b2`, name: `B2 ${p}` },
    ];
    const withDefaults = await svc()
      .from('brands')
      .insert(rows, { defaultToNull: false })
      .select('slug, country')
      .order('slug');
    expect(withDefaults.error).toBeNull();
    expect(withDefaults.data).toEqual([
      { slug: `${p}-b1`, country: 'IT' },
      { slug: `${p}-b2`, country: '' },
    ]);
    // Without missing=default the absent key is null, which the NOT NULL column refuses.
    const nulls = await svc()
      .from('brands')
      .insert([
        { slug: `${p}-b3`, name: `B3 ${p}`, country: 'ES' },
        { slug: `${p}-b4`, name: `B4 ${p}` },
      ]);
    expect(nulls.error?.code).toBe('23502');
    expect(nulls.status).toBe(400);
  });

  it('answers 409 for unique and foreign-key violations', async () => {
    const dup = await svc()
      .from('brands')
      .insert({ slug: `${p}-one`, name: `Another ${p}` });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await svc()
      .from('car_models')
      .insert({
        brand_id: randomUUID(),
        slug: `${p}-orphan`,
        name: 'Orphan',
        body_style: 'suv',
        fuel_type: 'petrol',
        price_from: 1,
        model_year: 2025,
        seats: 5,
        gearbox: 'manual',
        drivetrain: 'fwd',
      });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
  });

  it('answers PGRST204 for an unknown column', async () => {
    const { error, status } = await svc()
      .from('brands')
      .insert({ slug: `${p}-x`, name: 'X', no_such_column: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST204');
  });
});

describe('upsert', () => {
  it('merges duplicates on on_conflict and ignores them when asked', async () => {
    await svc()
      .from('brands')
      .insert({ slug: `${p}-up`, name: `Up ${p}`, country: 'UK' });
    const merged = await svc()
      .from('brands')
      .upsert({ slug: `${p}-up`, name: `Up ${p}`, country: 'IE' }, { onConflict: 'slug' })
      .select('slug, country');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ slug: `${p}-up`, country: 'IE' }]);

    const ignored = await svc()
      .from('brands')
      .upsert({ slug: `${p}-up`, name: `Up ${p}`, country: 'FR' }, { onConflict: 'slug', ignoreDuplicates: true })
      .select('slug, country');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    expect(ignored.status).toBe(200);
    const now = await svc().from('brands').select('country').eq('slug', `${p}-up`).single();
    expect(now.data).toEqual({ country: 'IE' });

    const fresh = await svc()
      .from('brands')
      .upsert([{ slug: `${p}-up2`, name: `Up2 ${p}` }], { onConflict: 'slug', ignoreDuplicates: true })
      .select('slug');
    expect(fresh.status).toBe(201);
    expect(fresh.data).toEqual([{ slug: `${p}-up2` }]);
  });

  it('upserts on the primary key by default', async () => {
    const id = randomUUID();
    await svc()
      .from('brands')
      .upsert({ id, slug: `${p}-pk`, name: `Pk ${p}` });
    const second = await svc()
      .from('brands')
      .upsert({ id, slug: `${p}-pk`, name: `Pk2 ${p}` })
      .select('name')
      .single();
    expect(second.data).toEqual({ name: `Pk2 ${p}` });
  });
});

describe('update and delete', () => {
  it('updates rows matching filters and returns them', async () => {
    await svc()
      .from('brands')
      .insert([
        { slug: `${p}-u1`, name: `U1 ${p}`, country: 'AA' },
        { slug: `${p}-u2`, name: `U2 ${p}`, country: 'AA' },
        { slug: `${p}-u3`, name: `U3 ${p}`, country: 'BB' },
      ]);
    const { data, error, status } = await svc()
      .from('brands')
      .update({ description: 'updated' })
      .like('slug', `${p}-u%`)
      .eq('country', 'AA')
      .select('slug, description')
      .order('slug');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { slug: `${p}-u1`, description: 'updated' },
      { slug: `${p}-u2`, description: 'updated' },
    ]);
    const minimal = await svc().from('brands').update({ description: 'again' }).eq('slug', `${p}-u3`);
    expect(minimal.status).toBe(204);
    const none = await svc().from('brands').update({ description: 'x' }).eq('slug', `${p}-none`).select();
    expect(none.data).toEqual([]);
  });

  it('rolls back a write whose .single() does not match exactly one row', async () => {
    const slugs = [`${p}-u1`, `${p}-u2`, `${p}-u3`];
    const res = await svc().from('brands').update({ description: 'rolled back' }).in('slug', slugs).select().single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    const after = await svc().from('brands').select('description').in('slug', slugs).order('slug');
    expect(after.data!.map((r) => r.description)).toEqual(['updated', 'updated', 'again']);
  });

  it('deletes rows matching filters', async () => {
    const { data, error } = await svc().from('brands').delete().eq('slug', `${p}-u3`).select('slug');
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: `${p}-u3` }]);
    const gone = await svc().from('brands').select('id').eq('slug', `${p}-u3`);
    expect(gone.data).toEqual([]);
    const minimal = await svc().from('brands').delete().eq('slug', `${p}-u2`);
    expect(minimal.status).toBe(204);
  });
});

describe('RLS decides', () => {
  it('refuses anon writes with 401 and a signed-in non-admin with 403', async () => {
    const anon = await anonClient()
      .from('brands')
      .insert({ slug: `${p}-anon`, name: `Anon ${p}` });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    const email = uniqueEmail('rest');
    await createUser(email);
    const user = await userClient(email);
    const denied = await user.from('brands').insert({ slug: `${p}-user`, name: `User ${p}` });
    expect(denied.status).toBe(403);
    expect(denied.error?.code).toBe('42501');
    // An UPDATE that RLS filters to no rows is not an error: nothing changes.
    const upd = await user.from('brands').update({ name: 'hijacked' }).eq('slug', `${p}-one`).select();
    expect(upd.data).toEqual([]);
  });

  it('passes the JWT claims to the database (auth.uid())', async () => {
    const email = uniqueEmail('claims');
    const { id } = await createUser(email);
    const user = await userClient(email);
    const { data, error } = await user.from('bookmarks').select('id, user_id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const res = await rest('/rpc/is_admin', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toBe(false);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stack().db).toMatch(/pglite|postgres/);
  });
});
