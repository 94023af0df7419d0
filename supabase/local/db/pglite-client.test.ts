// PGlite in a worker thread (issue 31 hole 2): the Db contract over messages behaves as in-process.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { openPgliteWorker } from './pglite-client';

let db: Db;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-pglite-worker-'));
  db = await openPgliteWorker(dir);
  await db.exec(`
    create table t (id int primary key, note text);
    create function spin(n bigint) returns bigint language plpgsql as $$
      declare i bigint := 0; begin while i < n loop i := i + 1; end loop; return i; end $$;`);
}, 300_000);

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('issue 31 hole 2: PGlite in its own worker thread', () => {
  it('returns the values the in-process adapter returns', async () => {
    const r = await db.query(
      `select $1::text as a, $2::bigint as b, $3::text as c, date '2026-01-02' as d, $4::numeric as e,
        $5::int[] as arr, $6::jsonb as j, $7::bool as f, '\\x0102'::bytea as bytes,
        timestamptz '2026-01-02 03:04:05+00' as at`,
      ['x', 12, null, '3.5', [1, 2], { k: [1] }, false],
    );
    expect(r.rows).toEqual([
      {
        a: 'x',
        b: 12,
        c: null,
        d: '2026-01-02',
        e: 3.5,
        arr: [1, 2],
        j: { k: [1] },
        f: false,
        bytes: new Uint8Array([1, 2]),
        at: new Date('2026-01-02T03:04:05Z'),
      },
    ]);
    expect(r.fields.map((f) => f.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'arr', 'j', 'f', 'bytes', 'at']);
  });

  it('raises Postgres errors with their SQLSTATE and fields', async () => {
    await db.query('insert into t values ($1, $2)', [1, 'one']);
    await expect(db.query('insert into t values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      table: 't',
      detail: 'Key (id)=(1) already exists.',
    });
  });

  it('holds the connection for a transaction: other callers wait for its commit', async () => {
    let outsideAnswered = false;
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [2, 'two']);
      outside = db.query<{ n: number }>('select count(*) as n from t').then((r) => {
        outsideAnswered = true;
        return r.rows[0].n;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(outsideAnswered).toBe(false);
      await tx.query('insert into t values ($1, $2)', [3, 'three']);
    });
    expect(await outside).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [4, 'four']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.query('select count(*) as n from t')).rows[0]).toEqual({ n: 3 });
  });

  it('delivers notifications to listeners', async () => {
    const got: string[] = [];
    const unlisten = await db.listen('worker_test', (p) => got.push(p));
    await db.query(`select pg_notify('worker_test', 'hello')`);
    await expect.poll(() => got).toEqual(['hello']);
    await unlisten();
    await db.query(`select pg_notify('worker_test', 'unheard')`);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['hello']);
  });

  it('cancels a statement over its timeout with 57014, even one that only computes', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select set_config('statement_timeout', '300ms', true)`);
        await tx.query('select pg_sleep(5)');
      }),
    ).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });

    const got: string[] = [];
    await db.listen('worker_test', (p) => got.push(p));
    let queued: Promise<unknown> = Promise.resolve();
    const started = Date.now();
    const spin = db.transaction(async (tx) => {
      await tx.query(`select set_config('statement_timeout', '300ms', true)`);
      queued = db.query<{ n: number }>('select count(*) as n from t');
      try {
        await tx.query('select spin(1000000000)');
      } catch (err) {
        // The transaction is gone with its worker, as after any error in Postgres.
        await expect(tx.query('select 1')).rejects.toMatchObject({ code: '25P02' });
        throw err;
      }
    });
    await expect(spin).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(10_000);
    // A caller that was waiting its turn is served by the new worker, on the same data.
    expect(await queued).toMatchObject({ rows: [{ n: 3 }] });
    await db.query(`select pg_notify('worker_test', 'after restart')`);
    await expect.poll(() => got).toEqual(['after restart']);
  }, 300_000);
});
