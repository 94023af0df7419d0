// Starts one embedded stack for the integration project: a fresh temporary PGlite directory, or with
// STACK_DB=postgres a fresh database on TEST_DATABASE_URL (dropped afterwards). Tests read the
// connection details with `inject('stack')`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../supabase/local/server';
import type { RunningStack } from '../../supabase/local/types';

export interface ProvidedStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: 'pglite' | 'postgres';
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: ProvidedStack;
  }
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `motorly_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// Functions the Data API tests call over /rpc (set-returning, table-returning, void, raising).
// Test-only: created in the throwaway test database, never in migrations.
const RPC_FIXTURES = `
create or replace function public.pgrst_test_listings_under(max_price integer) returns setof public.vehicle_listings
  language sql stable as $$ select * from public.vehicle_listings where price < max_price $$;
create or replace function public.pgrst_test_series(n integer) returns table (i integer, label text)
  language sql immutable as $$ select g, 'item ' || g from generate_series(1, n) g $$;
create or replace function public.pgrst_test_echo(items text[], payload jsonb default '{}'::jsonb) returns jsonb
  language sql immutable as $$ select jsonb_build_object('items', items, 'payload', payload) $$;
create or replace function public.pgrst_test_noop() returns void language sql as $$ select $$;
create or replace function public.pgrst_test_words() returns setof text
  language sql immutable as $$ values ('alpha'), ('beta') $$;
create or replace function public.pgrst_test_raise(code text) returns void language plpgsql as $$
begin raise exception 'raised on purpose' using errcode = code; end $$;
create or replace function public.pgrst_test_touch_brand(brand_slug text) returns void language sql as $$
  update public.brands set description = description where slug = brand_slug $$;
`;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let stack: RunningStack;
  let cleanup: () => Promise<void>;
  // Integration tests exercise the limits themselves with dedicated stacks; the shared one is generous.
  process.env.AUTH_RATE_LIMIT_SIGNIN ??= '1000';
  process.env.AUTH_RATE_LIMIT_SIGNUP ??= '1000';
  process.env.AUTH_RATE_LIMIT_VERIFY ??= '1000';
  if (process.env.STACK_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('STACK_DB=postgres needs TEST_DATABASE_URL (source scripts/ensure-postgres.sh)');
    const database = await createDatabase(adminUrl);
    stack = await startStack({ port: 0, databaseUrl: database.url, quiet: true });
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-it-'));
    stack = await startStack({ port: 0, dataDir: dir, databaseUrl: '', quiet: true });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await stack.db.exec(RPC_FIXTURES);
  project.provide('stack', {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    jwtSecret: stack.jwtSecret,
    db: stack.db.kind,
  });
  return async () => {
    await stack.close();
    await cleanup();
  };
}
