// The stack for one catalogue size: PGlite in a throwaway directory (the product's default, 10,800
// listings), or PostgreSQL (450,000). A PostgreSQL database is seeded on first boot (MOTORLY_LISTINGS, read
// when the seed module loads, so each size runs in its own process); BENCH_SCALE_PG_DB names one to keep
// and reuse between runs (the 450,000-listing seed takes minutes), else a fresh one is made and dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RunningStack } from '../../supabase/local/types';

export interface SizeStack {
  stack: RunningStack;
  kind: 'pglite' | 'postgres';
  /** Boot time, the seed's included when the store was empty (ms). */
  bootMs: number;
  /** Whether this run seeded the store (false: a kept database was reused). */
  seeded: boolean;
  close(): Promise<void>;
}

/** The PostgreSQL server: BENCH_SCALE_PG_URL, else the project's local one. */
export const pgServer = (): string => process.env.BENCH_SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';

function dbUrl(name: string): string {
  const u = new URL(pgServer());
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgServer() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Whether `name` exists and already holds a seeded catalogue. */
async function seededDb(name: string): Promise<boolean> {
  const exists = await admin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount,
  );
  if (!exists) {
    await admin((c) => c.query(`create database "${name}"`));
    return false;
  }
  const client = new pg.Client({ connectionString: dbUrl(name) });
  await client.connect();
  try {
    const r = await client.query<{ n: string | null }>(
      "select (select reltuples::bigint from pg_class where oid = to_regclass('public.vehicle_listings'))::text as n",
    );
    return Number(r.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

export async function startSizeStack(opts: {
  kind: 'pglite' | 'postgres';
  port: number;
  allowedOrigins: string[];
}): Promise<SizeStack> {
  const { startStack } = await import('../../supabase/local/server');
  const common = { port: opts.port, quiet: true, demoKeys: true, allowedOrigins: opts.allowedOrigins };
  const started = Date.now();
  if (opts.kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-scale-'));
    const stack = await startStack({ ...common, dataDir: path.join(dir, 'db'), databaseUrl: '' });
    return {
      stack,
      kind: 'pglite',
      bootMs: Date.now() - started,
      seeded: true,
      async close() {
        await stack.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const kept = process.env.BENCH_SCALE_PG_DB;
  const name = kept ?? `motorly_bench_scale_${process.pid}_${Date.now()}`;
  const reused = await seededDb(name);
  const stack = await startStack({ ...common, databaseUrl: dbUrl(name) });
  return {
    stack,
    kind: 'postgres',
    bootMs: Date.now() - started,
    seeded: !reused,
    async close() {
      await stack.close();
      if (!kept) await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
