// Issue 31 hole 1 over HTTP with the anon key: a `select` cast took SQL (`id::text as x from
// car_models ... union all select null` answered car_models ids). A cast now takes only a type name;
// anything else is refused with PostgREST's PGRST100, and the answer holds no SQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { rest, seedCatalogueFixture, serviceClient, type CatalogueFixture } from './helpers';

let fx: CatalogueFixture;
let reviewId: string;

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const { data, error } = await serviceClient()
    .from('reviews')
    .insert({
      car_model_id: fx.models.hatch,
      author: 'Round Two',
      title: 'Numbers in JSON',
      cs_score: 7.5,
      published: true,
      sections: { power_kw: 110, driving: 'Sharp' },
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  reviewId = (data as { id: string }).id;
});

const enc = encodeURIComponent;

/** The status and body of an anon GET; the body must hold no SQL, stack trace or SQLSTATE of ours. */
async function anonGet(path: string): Promise<{ status: number; body: unknown; text: string }> {
  const res = await rest(path);
  const text = await res.text();
  expect(text).not.toMatch(/pgrst_t0"|json_agg|pgrst_page|syntax error|\$1|\n\s+at /);
  return { status: res.status, body: JSON.parse(text) as unknown, text };
}

async function expectRefused(path: string): Promise<void> {
  const { status, body, text } = await anonGet(path);
  expect(status, `${path} -> ${text}`).toBe(400);
  expect(body).toMatchObject({ code: 'PGRST100' });
  expect(Object.keys(body as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
}

describe('issue 31 hole 1: select casts take a type name, never SQL', () => {
  it('refuses the reported injection (it answered 200 with car_models ids)', async () => {
    const { status, body, text } = await anonGet(
      `/vehicle_listings?select=${enc('id::text as x from car_models as pgrst_t0 union all select null')}&limit=2`,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'PGRST100' });
    for (const id of Object.values(fx.models)) expect(text).not.toContain(id);
  });

  it.each([
    'id::text as x',
    'id::text;select 1',
    'id::text/**/',
    'id::text--',
    'id::int)union(select 1',
    'id::"text"',
    "id::text'",
    'id::double\tprecision',
    'id::text[',
    'id::pg_catalog.pg_catalog.text',
    'id::',
  ])('refuses the cast in %j with PGRST100', async (select) => {
    await expectRefused(`/vehicle_listings?select=${enc(select)}&limit=1`);
  });

  it('refuses quotes and comments in aliases and order terms with PGRST100', async () => {
    await expectRefused(`/vehicle_listings?select=${enc("x'y:id")}&limit=1`);
    await expectRefused(`/vehicle_listings?select=${enc('x y:id')}&limit=1`);
    await expectRefused(`/vehicle_listings?select=id&order=${enc('title.desc;select 1')}&limit=1`);
    await expectRefused(`/vehicle_listings?select=id&order=${enc("title'--")}&limit=1`);
    await expectRefused(`/vehicle_listings?select=id&order=${enc('title.desc/**/')}&limit=1`);
    await expectRefused(`/reviews?select=id&order=${enc("sections->>a'b.desc")}&limit=1`);
    await expectRefused(`/reviews?select=${enc('sections->>"a"b')}&limit=1`);
    await expectRefused(`/reviews?select=${enc('sections->>a);select(1')}&limit=1`);
  });

  it('refuses a NUL in a JSON key with PGRST100 (the key names the output column; it was a 500)', async () => {
    await expectRefused(`/reviews?select=${enc('sections->>a\u0000b')}&limit=1`);
    await expectRefused(`/reviews?select=${enc('sections->"a\u0000b"')}&limit=1`);
  });

  it('keeps hostile quoted aliases and JSON keys as names and values, not SQL', async () => {
    const alias = `"x\\"; drop table brands; --":title`;
    const r1 = await anonGet(`/reviews?select=${enc(alias)}&id=eq.${reviewId}`);
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual([{ 'x"; drop table brands; --': 'Numbers in JSON' }]);
    const key = `k:sections->>"a'); select 1; --"`;
    const r2 = await anonGet(`/reviews?select=${enc(key)}&id=eq.${reviewId}`);
    expect(r2.status).toBe(200);
    expect(r2.body).toEqual([{ k: null }]);
    const { count } = await serviceClient().from('brands').select('*', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(0);
  });

  it('still answers legitimate casts: id::text, price::int, keyword and qualified types, JSON ->> with ::numeric', async () => {
    const listing = fx.listings[0];
    const r1 = await anonGet(
      `/vehicle_listings?select=${enc('id::text,p:price::int,f:price::double precision,n:price::NUMERIC,t:title::varchar,q:id::pg_catalog.text')}&id=eq.${listing.id}`,
    );
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body).toEqual([
      { id: listing.id, p: listing.price, f: listing.price, n: listing.price, t: listing.title, q: listing.id },
    ]);
    const r2 = await anonGet(
      `/reviews?select=${enc('kw:sections->>power_kw::numeric,score:cs_score::text,d:sections->driving::text')}&id=eq.${reviewId}`,
    );
    expect(r2.status, r2.text).toBe(200);
    expect(r2.body).toEqual([{ kw: 110, score: '7.5', d: '"Sharp"' }]);
  });

  it.each(['id::not_a_type', 'id::text$$', 'id::public.text'])(
    'answers the unknown type name in %j with Postgres 42704 (it went quoted)',
    async (select) => {
      const { status, body } = await anonGet(`/vehicle_listings?select=${enc(select)}&limit=1`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: '42704' });
    },
  );
});
