// Issue 32: the bulk seed loads listings and price history with COPY on PostgreSQL (INSERT from JSON on
// PGlite). Either way the database holds exactly the generator's rows; and COPY's text format carries
// every awkward value unchanged, and a refused row fails the load instead of half-loading it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueParts } from '../../supabase/seed/catalogue';
import { copyText } from '../../supabase/local/db/copy-text';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';

const onPostgres = process.env.STACK_DB === 'postgres';
let stack: DedicatedStack;

beforeAll(async () => {
  stack = await startDedicatedStack({ MOTORLY_LISTINGS: undefined }, { seed: true });
}, 240_000);
afterAll(async () => stack?.dispose());

/** Rows of `table` that differ from the generated ones in any generated column (compared in SQL). */
async function differing(table: string, rows: readonly object[]): Promise<number> {
  const cols = Object.keys(rows[0]);
  const pick = (alias: string) => cols.map((c) => `${alias}.${c}`).join(', ');
  const r = await stack.running.db.query<{ n: number }>(
    `select count(*)::int as n from json_populate_recordset(null::public.${table}, $1::text::json) g
       left join public.${table} d on d.id = g.id
      where d.id is null or row(${pick('g')}) is distinct from row(${pick('d')})`,
    [JSON.stringify(rows)],
  );
  return r.rows[0].n;
}

describe('the catalogue seed', () => {
  it('holds exactly the generated listings (with their reductions) and price history', async () => {
    let listings = 0;
    let history = 0;
    for (const b of catalogueParts(2000).listingBatches) {
      const rows = b.listings.map((l, i) => ({ ...l, price_reduction: b.reductions[i] }));
      expect(await differing('vehicle_listings', rows)).toBe(0);
      expect(await differing('listing_price_history', b.history)).toBe(0);
      listings += rows.length;
      history += b.history.length;
    }
    const counts = await stack.running.db.query<{ l: number; h: number }>(
      `select (select count(*) from public.vehicle_listings)::int as l,
              (select count(*) from public.listing_price_history)::int as h`,
    );
    expect(counts.rows[0]).toEqual({ l: listings, h: history });
    expect(listings).toBe(10_800);
  }, 120_000);

  it.runIf(onPostgres)('copies tabs, newlines, backslashes, quotes, \\N, £, arrays and JSON unchanged', async () => {
    const rows = [
      {
        s: 'tab\there\nnew line\r\\N back\\slash "quoted" £12,995',
        a: ['a "b"', 'c\\d', 'e,f', '{g}'],
        j: { k: 'v\tw' },
      },
      { s: '', a: [], j: [1, [2, null]] },
      { s: null, a: null, j: null },
    ];
    const got = await stack.running.db.transaction(async (tx) => {
      await tx.query('create temp table copy_check (n int, s text, a text[], j jsonb) on commit drop');
      const text = copyText(
        rows.map((r, n) => ({ n, ...r })),
        ['n', 's', 'a', 'j'],
      );
      expect(await tx.copyFrom!('copy copy_check (n, s, a, j) from stdin', [text])).toBe(3);
      return (await tx.query('select s, a, j from copy_check order by n')).rows;
    });
    expect(got).toEqual(rows);
  });

  it.runIf(onPostgres)('rejects a load with a refused row, and the connection goes on working', async () => {
    const load = stack.running.db.transaction(async (tx) => {
      await tx.query('create temp table copy_check (n int not null) on commit drop');
      await tx.copyFrom!('copy copy_check (n) from stdin', ['1\n', 'two\n', '3\n']);
    });
    await expect(load).rejects.toThrow(/invalid input syntax for type integer/);
    const after = await stack.running.db.transaction(async (tx) => {
      await tx.query('create temp table copy_check (n int) on commit drop');
      await tx.copyFrom!('copy copy_check (n) from stdin', ['1\n2\n']);
      return (await tx.query<{ n: number }>('select sum(n)::int as n from copy_check')).rows[0].n;
    });
    expect(after).toBe(3);
  });
});
