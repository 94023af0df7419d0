// The pull's keyset page, `or=(updated_at.gt.X,and(updated_at.eq.X,id.gt.Y))`, is read as the row
// comparison (updated_at, id) > (X, Y): the same rows, but bounded by the (updated_at, id) index, so
// a page reads its thousand rows and not every row before them (plan.ts, keysetSql).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { openPglite } from '../db/pglite';
import { Params, readSql } from './plan';
import { planRead } from './read';
import { loadSchemaCache, type SchemaCache } from './schema-cache';

let db: Db;
let schema: SchemaCache;
const ROWS = 20_000;
/** An updated_at `s` seconds in; a hundred rows share each of the 200 values, so the id breaks ties. */
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();

beforeAll(async () => {
  db = await openPglite('memory://');
  await db.exec(`
    create table public.pages (id uuid primary key, updated_at timestamptz, note text);
    create index pages_cursor_idx on public.pages (updated_at, id);
    -- Stored out of cursor order, as seeded and updated tables are.
    insert into public.pages
      select md5(i::text)::uuid, timestamptz '2026-01-01Z' + ((i % 200) * interval '1 second'), 'n' || i
      from generate_series(0, ${ROWS - 1}) as i;
    insert into public.pages values ('00000000-0000-0000-0000-000000000001', null, 'no stamp');
    analyze public.pages;`);
  schema = await loadSchemaCache(db);
}, 60_000);

afterAll(async () => {
  await db.close();
});

function pageQuery(after: { updated_at: string; id: string } | null, or?: string): URLSearchParams {
  const q = new URLSearchParams({ select: 'id,updated_at', order: 'updated_at.asc,id.asc', limit: '1000' });
  if (after)
    q.set('or', or ?? `(updated_at.gt.${after.updated_at},and(updated_at.eq.${after.updated_at},id.gt.${after.id}))`);
  return q;
}

function sqlOf(q: URLSearchParams): { sql: string; values: unknown[] } {
  const params = new Params();
  const sql = readSql(planRead(schema, schema.relations.get('pages')!, q), params, {
    source: 'public.pages',
    withCount: false,
  });
  return { sql, values: params.values };
}

async function page(q: URLSearchParams): Promise<{ id: string; updated_at: string }[]> {
  const { sql, values } = sqlOf(q);
  const body = (await db.query<{ body: string }>(sql, values, { prepare: true })).rows[0].body;
  return JSON.parse(body) as { id: string; updated_at: string }[];
}

describe('keyset pages', () => {
  it('reads the cursor as a row comparison, bounded by the (updated_at, id) index', async () => {
    const after = { updated_at: at(150), id: '80000000-0000-0000-0000-000000000000' };
    const { sql, values } = sqlOf(pageQuery(after));
    expect(sql).toMatch(/\(\("pgrst_t0"\."updated_at", "pgrst_t0"\."id"\) > \(\$1, \$2\)\)/);
    expect(values).toEqual([after.updated_at, after.id]);
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, values)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index Cond: \(ROW\(updated_at, id\) > ROW\(/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('walks the whole table in order, every row once, ties broken by id', async () => {
    const expected = (
      await db.query<{ id: string }>(
        'select id::text as id from public.pages where updated_at is not null order by updated_at, id',
      )
    ).rows.map((r) => r.id);
    const seen: string[] = [];
    let after: { updated_at: string; id: string } | null = null;
    for (let i = 0; i < 100; i++) {
      const rows = await page(pageQuery(after));
      seen.push(...rows.map((r) => r.id));
      if (rows.length < 1000) break;
      after = rows[rows.length - 1];
    }
    expect(seen).toEqual(expected);
  });

  it('answers exactly as the OR it replaces, NULLs and descending cursors included', async () => {
    const cases = [
      `(updated_at.gt.${at(100)},and(updated_at.eq.${at(100)},id.gt.80000000-0000-0000-0000-000000000000))`,
      `(updated_at.lt.${at(100)},and(updated_at.eq.${at(100)},id.lt.80000000-0000-0000-0000-000000000000))`,
    ];
    for (const or of cases) {
      const ours = await page(pageQuery({ updated_at: '', id: '' }, or));
      // The literal OR, as PostgREST reads it (a third branch keeps it from matching the keyset shape).
      const literal = await page(pageQuery({ updated_at: '', id: '' }, or.replace(/\)$/, ',id.is.null)')));
      expect(ours.length).toBe(1000);
      expect(ours).toEqual(literal);
    }
  });

  it('leaves other OR shapes as they are', () => {
    const other = [
      '(updated_at.gt.2026-01-01,and(updated_at.eq.2026-01-02,id.gt.x))', // different values
      '(updated_at.gt.2026-01-01,and(updated_at.eq.2026-01-01,id.lt.x))', // mixed directions
      '(updated_at.gt.2026-01-01,and(updated_at.eq.2026-01-01,updated_at.gt.x))', // one column
      '(updated_at.gt.2026-01-01,and(updated_at.eq.2026-01-01,id.not.gt.x))', // negated
    ];
    for (const or of other) expect(sqlOf(pageQuery({ updated_at: '', id: '' }, or)).sql).not.toMatch(/\) > \(/);
  });
});
