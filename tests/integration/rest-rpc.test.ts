// /rpc through supabase-js: named arguments, scalar / set / table / void results, GET and HEAD,
// filters on set results, unknown functions.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, seedCatalogueFixture, type CatalogueFixture } from './helpers';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await seedCatalogueFixture();
});
const db = () => anonClient();

describe('rpc', () => {
  it('calls a scalar function with typed arguments (arrays, jsonb, defaults)', async () => {
    const { data, error } = await db().rpc('pgrst_test_echo', { items: ['a', 'b,c'], payload: { n: 1 } });
    expect(error).toBeNull();
    expect(data).toEqual({ items: ['a', 'b,c'], payload: { n: 1 } });
    const defaults = await db().rpc('pgrst_test_echo', { items: [] });
    expect(defaults.data).toEqual({ items: [], payload: {} });
    const money = await db().rpc('format_gbp', { amount: 12345 });
    expect(typeof money.data).toBe('string');
  });

  it('returns set-returning results as arrays, filterable and orderable', async () => {
    const { data, error } = await db()
      .rpc('pgrst_test_listings_under', { max_price: 13000 })
      .in('brand_id', [fx.brands.alpha, fx.brands.beta])
      .select('price, dealers(name)')
      .order('price', { ascending: false });
    expect(error).toBeNull();
    const rows = data as unknown as { price: number; dealers: { name: string } }[];
    expect(rows.map((r) => r.price)).toEqual([12000, 9000, 5000]);
    expect(rows[0].dealers).toEqual({ name: `South ${fx.prefix}` });

    const table = await db().rpc('pgrst_test_series', { n: 3 }).gt('i', 1);
    expect(table.data).toEqual([
      { i: 2, label: 'item 2' },
      { i: 3, label: 'item 3' },
    ]);
    const words = await db().rpc('pgrst_test_words');
    expect(words.data).toEqual(['alpha', 'beta']);
  });

  it('supports GET and HEAD with count', async () => {
    const get = await db().rpc('pgrst_test_series', { n: 4 }, { get: true });
    expect(get.data).toHaveLength(4);
    const head = await db().rpc('pgrst_test_series', { n: 4 }, { head: true, count: 'exact' });
    expect(head.error).toBeNull();
    expect(head.count).toBe(4);
  });

  it('answers 204 for void functions', async () => {
    const { error, status, data } = await db().rpc('pgrst_test_noop');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it('answers 404 PGRST202 for unknown functions or argument names', async () => {
    const unknown = await db().rpc('no_such_function');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const badArgs = await db().rpc('pgrst_test_series', { wrong: 1 });
    expect(badArgs.error?.code).toBe('PGRST202');
  });
});
