// Hostile input in every place a request can carry it: always a 4xx or a harmless result, never a
// 500, and the data is intact afterwards.
import { beforeAll, describe, expect, it } from 'vitest';
import { rest, seedCatalogueFixture, serviceClient, stack, type CatalogueFixture } from './helpers';

const HOSTILE = [
  "'",
  "''; drop table public.brands; --",
  '"; drop table public.brands; --',
  '1) or (1=1',
  'x\\" or 1=1 --',
  '$1',
  '$$; drop table public.brands; $$',
  ')))(((',
  'a,b,"c',
  'ünï©ødé 🚗 中文',
  'nul\u0000byte',
  'x'.repeat(20_000),
  '*/ select pg_sleep(5) /*',
  'id; select 1',
  'name->>0; drop',
];

let fx: CatalogueFixture;
let brandCount: number;

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const { count } = await serviceClient().from('brands').select('*', { count: 'exact', head: true });
  brandCount = count!;
});

const enc = encodeURIComponent;

async function expectNo5xx(path: string, init?: RequestInit & { token?: string }) {
  const res = await rest(path, init);
  const text = await res.text();
  expect(res.status, `${path.slice(0, 120)} -> ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text).not.toMatch(/\n\s+at /);
  return res.status;
}

describe('hostile strings', () => {
  it('in filter values (eq, like, in, or, cs, fts, is)', async () => {
    for (const h of HOSTILE) {
      for (const q of [
        `name=eq.${enc(h)}`,
        `name=like.${enc(h)}`,
        `name=in.(${enc(h)})`,
        `name=in.(${enc(`"${h}"`)})`,
        `or=(name.eq.${enc(h)},slug.eq.x)`,
        `founded=eq.${enc(h)}`,
        `id=eq.${enc(h)}`,
        `name=fts.${enc(h)}`,
        `name=is.${enc(h)}`,
        `name=not.eq.${enc(h)}`,
      ]) {
        await expectNo5xx(`/brands?select=id&${q}`);
      }
    }
  });

  it('in select, order and column names', async () => {
    for (const h of HOSTILE) {
      await expectNo5xx(`/brands?select=${enc(h)}`);
      await expectNo5xx(`/brands?select=id,${enc(h)}(id)`);
      await expectNo5xx(`/brands?select=id::${enc(h)}`);
      await expectNo5xx(`/brands?select=${enc(`alias:name->${h}`)}`);
      await expectNo5xx(`/brands?select=id&order=${enc(h)}`);
      await expectNo5xx(`/brands?select=id&order=name.${enc(h)}`);
      await expectNo5xx(`/brands?select=id&${enc(h)}=eq.1`);
      await expectNo5xx(`/${enc(h)}?select=id`);
      await expectNo5xx(`/rpc/${enc(h)}`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
    }
  });

  it('in write bodies, columns and on_conflict', async () => {
    const svcKey = stack().serviceRoleKey;
    const json = { 'content-type': 'application/json' };
    for (const h of HOSTILE) {
      await expectNo5xx('/brands', {
        method: 'POST',
        token: svcKey,
        headers: json,
        body: JSON.stringify({ [h]: 'x' }),
      });
      await expectNo5xx(`/brands?columns=${enc(h)}`, {
        method: 'POST',
        token: svcKey,
        headers: json,
        body: '[{"slug":"a"}]',
      });
      await expectNo5xx(`/brands?on_conflict=${enc(h)}`, {
        method: 'POST',
        token: svcKey,
        headers: { ...json, prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ slug: 'inj', name: 'inj' }),
      });
      await expectNo5xx(`/brands?slug=eq.${enc(h)}`, {
        method: 'PATCH',
        token: svcKey,
        headers: json,
        body: JSON.stringify({ description: h }),
      });
      await expectNo5xx(`/brands?slug=eq.${enc(h)}`, { method: 'DELETE', token: svcKey });
      await expectNo5xx('/rpc/pgrst_test_echo', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ items: [h], payload: { h } }),
      });
    }
  });

  it('stores hostile text verbatim when it is valid data', async () => {
    const svc = serviceClient();
    const text = "Robert'); drop table public.brands; -- 🚗";
    const { error } = await svc.from('brands').update({ description: text }).eq('id', fx.brands.alpha);
    expect(error).toBeNull();
    const { data } = await svc.from('brands').select('description').eq('description', text).single();
    expect(data).toEqual({ description: text });
  });

  it('leaves the data intact', async () => {
    const { count } = await serviceClient().from('brands').select('*', { count: 'exact', head: true });
    // One row may have been created by the on_conflict upsert probe; none were lost.
    expect(count).toBeGreaterThanOrEqual(brandCount);
    expect(count).toBeLessThanOrEqual(brandCount + 1);
    const { data } = await serviceClient()
      .from('vehicle_listings')
      .select('id')
      .in('brand_id', [fx.brands.alpha, fx.brands.beta]);
    expect(data).toHaveLength(5);
  });
});
