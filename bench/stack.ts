// `npm run bench:stack`: the embedded stack on PGlite vs a real PostgreSQL server, side by side.
// Cold boot (empty database: bootstrap + migrations + catalogue seed), warm boot (existing database),
// and requests/second through supabase-js for a filtered listing query and for an insert.
// PostgreSQL: TEST_DATABASE_URL if set, else a throwaway server from /usr/lib/postgresql/*/bin.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack } from '../supabase/local/server';
import type { RunningStack, StartStackOptions } from '../supabase/local/types';

const SELECTS = Number(process.env.BENCH_SELECTS ?? 2000);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PG_PORT = 55410;

interface Figures {
  coldBootMs: number;
  warmBootMs: number;
  selectRps: number;
  insertRps: number;
}

const client = (s: RunningStack, key: string): SupabaseClient =>
  createClient(s.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await fn();
  return [v, performance.now() - t];
}

/** Runs `total` calls with `CONCURRENCY` in flight; returns calls per second. */
async function rate(total: number, call: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await call(next++);
    }),
  );
  return total / ((performance.now() - t) / 1000);
}

async function measure(label: string, opts: () => StartStackOptions): Promise<Figures> {
  process.stdout.write(`${label}: cold boot... `);
  const [cold, coldBootMs] = await timed(() => startStack({ ...opts(), port: 0, quiet: true }));
  await cold.close();
  process.stdout.write('warm boot... ');
  const [stack, warmBootMs] = await timed(() => startStack({ ...opts(), port: 0, quiet: true }));
  try {
    const anon = client(stack, stack.anonKey);
    const service = client(stack, stack.serviceRoleKey);
    const prices = [8000, 12000, 16000, 20000, 30000];
    const select = async (i: number) => {
      const { data, error } = await anon
        .from('vehicle_listings')
        .select('id, title, price, mileage, year, dealers(name, town)')
        .eq('status', 'active')
        .lt('price', prices[i % prices.length])
        .order('price', { ascending: false })
        .limit(20);
      if (error || !data) throw new Error(`select failed: ${error?.message}`);
    };
    for (let i = 0; i < 50; i++) await select(i); // warm-up
    process.stdout.write('selects... ');
    const selectRps = await rate(SELECTS, select);
    process.stdout.write('inserts...\n');
    const insertRps = await rate(INSERTS, async (i) => {
      const { error } = await service
        .from('performance_metrics')
        .insert({ source: 'performance', metric: 'bench', value: i, url: '/bench' });
      if (error) throw new Error(`insert failed: ${error.message}`);
    });
    return { coldBootMs, warmBootMs, selectRps, insertRps };
  } finally {
    await stack.close();
  }
}

function startThrowawayPostgres(): { url: string; stop: () => void } | null {
  const bins = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : [];
  const bin = bins.find((b) => existsSync(path.join(b, 'initdb')));
  if (!bin) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-pg-'));
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string) =>
    asRoot ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'ignore' }) : execFileSync('sh', ['-c', cmd], { stdio: 'ignore' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run(`${bin}/initdb -D ${dir}/data -U postgres -A trust --no-sync`);
  run(`${bin}/pg_ctl -D ${dir}/data -o '-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off' -l ${dir}/log -w start`);
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    stop: () => {
      try {
        run(`${bin}/pg_ctl -D ${dir}/data -m immediate stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function withDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `motorly_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const fmt = (n: number, unit: string) => `${n >= 100 ? Math.round(n) : n.toFixed(1)} ${unit}`;

async function main(): Promise<void> {
  console.log(`Embedded stack benchmark: ${SELECTS} selects, ${INSERTS} inserts, ${CONCURRENCY} in flight\n`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-pglite-'));
  let pglite: Figures;
  try {
    pglite = await measure('PGlite', () => ({ dataDir: dir, databaseUrl: '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  let server = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined } : startThrowawayPostgres();
  let postgres: Figures | null = null;
  if (server) {
    try {
      postgres = await withDatabase(server.url, (url) => measure('PostgreSQL', () => ({ databaseUrl: url })));
    } finally {
      server.stop();
      server = null;
    }
  } else console.log('PostgreSQL: not installed, column left empty');

  const rows: [string, (f: Figures) => number, string, boolean][] = [
    ['cold boot (migrations + seed)', (f) => f.coldBootMs, 'ms', false],
    ['warm boot', (f) => f.warmBootMs, 'ms', false],
    ['filtered select (limit 20)', (f) => f.selectRps, 'req/s', true],
    ['insert', (f) => f.insertRps, 'req/s', true],
  ];
  const table = rows.map(([name, get, unit]) => {
    const a = get(pglite);
    const b = postgres ? get(postgres) : null;
    return [name, fmt(a, unit), b === null ? '-' : fmt(b, unit), b === null ? '-' : `${(a / b).toFixed(2)}x`];
  });
  const head = ['', 'PGlite', 'PostgreSQL', 'PGlite / PG'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of table) console.log(line(r));
  console.log(`\nTargets: warm boot <= 5000 ms (PGlite ${Math.round(pglite.warmBootMs)} ms), >= 500 filtered selects/s on PGlite (${Math.round(pglite.selectRps)}).`);
}

await main();
