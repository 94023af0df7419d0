// The PGlite adapter's one-message query path and its prepared-statement cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { openPglite } from './pglite';

let db: Db;

beforeAll(async () => {
  db = await openPglite('memory://');
  await db.exec('create table t (id int primary key, note text)');
}, 60_000);

afterAll(async () => {
  await db.close();
});

const preparedCount = async (like: string) =>
  Number(
    (await db.query<{ n: number }>('select count(*) as n from pg_prepared_statements where statement like $1', [like]))
      .rows[0].n,
  );

describe('PGlite adapter', () => {
  it('binds text, numbers and null, and parses values as the stack expects', async () => {
    const r = await db.query<{ a: string; b: number; c: null; d: string; e: number }>(
      `select $1::text as a, $2::bigint as b, $3::text as c, date '2026-01-02' as d, $4::numeric as e`,
      ['x', 12, null, '3.5'],
    );
    expect(r.rows).toEqual([{ a: 'x', b: 12, c: null, d: '2026-01-02', e: 3.5 }]);
    expect(r.fields.map((f) => f.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('still serialises typed values (arrays, objects, booleans) by their Postgres type', async () => {
    const r = await db.query<{ a: number[]; j: { k: number }; b: boolean }>(
      'select $1::int[] as a, $2::jsonb as j, $3::bool as b',
      [[1, 2], { k: 1 }, false],
    );
    expect(r.rows[0]).toEqual({ a: [1, 2], j: { k: 1 }, b: false });
  });

  it('reports affected rows and raises Postgres errors with their SQLSTATE', async () => {
    const ins = await db.query('insert into t (id, note) values ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
    expect(ins.affectedRows).toBe(2);
    await expect(db.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    // The failed statement left nothing half-open: the next one runs normally.
    expect((await db.query('select count(*) as n from t')).rows[0]).toEqual({ n: 2 });
  });

  it('runs fast queries inside the transaction and rolls them back on failure', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, note) values ($1, $2)', [10, 'inside']);
        expect((await tx.query('select count(*) as n from t where id = $1', [10])).rows[0]).toEqual({ n: 1 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.query('select count(*) as n from t where id = $1', [10])).rows[0]).toEqual({ n: 0 });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, note) values ($1, $2)', [11, 'x']);
        await tx.query('insert into t (id, note) values ($1, $2)', [11, 'dup']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select count(*) as n from t where id = $1', [11])).rows[0]).toEqual({ n: 0 });
  });

  it('prepares a marked statement once and reuses it, also after errors and rollbacks', async () => {
    const sql = 'select note from t where id = $1 /* prepared-reuse */';
    for (const id of [1, 2, 1]) {
      const r = await db.query<{ note: string }>(sql, [id], { prepare: true });
      expect(r.rows[0].note).toBe(id === 1 ? 'a' : 'b');
    }
    await expect(db.query(sql, ['not a number'], { prepare: true })).rejects.toMatchObject({ code: '22P02' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(sql, [1], { prepare: true });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.query<{ note: string }>(sql, [2], { prepare: true })).rows[0].note).toBe('b');
    expect(await preparedCount('%prepared-reuse%')).toBe(1);
    // Unmarked statements are not kept.
    await db.query('select 1 as x /* not-prepared */');
    expect(await preparedCount('%not-prepared%')).toBe(0);
  });

  it('does not remember a statement that failed to parse', async () => {
    const bad = 'select no_such_column from t where id = $1 /* bad-parse */';
    await expect(db.query(bad, [1], { prepare: true })).rejects.toMatchObject({ code: '42703' });
    await db.exec('alter table t add column no_such_column int');
    expect((await db.query(bad, [1], { prepare: true })).rows).toEqual([{ no_such_column: null }]);
    await db.exec('alter table t drop column no_such_column');
  });

  it('recovers when DDL changes a prepared statement’s result type', async () => {
    const sql = 'select * from t where id = $1 /* ddl-change */';
    expect(Object.keys((await db.query(sql, [1], { prepare: true })).rows[0])).toEqual(['id', 'note']);
    await db.exec('alter table t add column extra int');
    // Postgres may refuse the stale statement once; the adapter then prepares it afresh.
    const again = await db.query(sql, [1], { prepare: true }).catch(() => db.query(sql, [1], { prepare: true }));
    expect(Object.keys(again.rows[0])).toEqual(['id', 'note', 'extra']);
    await db.exec('alter table t drop column extra');
  });

  it('keeps a bounded number of prepared statements', async () => {
    for (let i = 0; i < 300; i++) await db.query(`select $1::int + ${i} as v /* lru */`, [i], { prepare: true });
    // Evicted statements are closed with the next message; one more query flushes the last ones.
    await db.query('select 1 /* flush */', [], { prepare: true });
    const n = await preparedCount('%/* lru */%');
    expect(n).toBeGreaterThan(200);
    expect(n).toBeLessThanOrEqual(256);
    // A statement evicted long ago still works (prepared again).
    expect((await db.query<{ v: number }>(`select $1::int + 0 as v /* lru */`, [5], { prepare: true })).rows[0].v).toBe(
      5,
    );
  });
});
