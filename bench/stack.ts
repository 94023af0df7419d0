// `npm run bench:stack`: the embedded stack on PGlite vs a real PostgreSQL server, side by side.
// First, PGlite on the HTTP server's thread (before) vs in its worker thread (after), same run
// (bench/stack-threads.ts; BENCH_ONLY=threads runs just that part).
// Cold boot (empty database: bootstrap + migrations + catalogue seed), warm boot (existing database),
// and requests/second through supabase-js for a filtered listing query and for an insert.
// The load generator (supabase-js) runs in a child process so the server gets its own core, as a
// browser would be; the same-process figure is printed too, for comparison.
// PostgreSQL: TEST_DATABASE_URL if set, else a throwaway server from /usr/lib/postgresql/*/bin.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack } from '../supabase/local/server';
import type { StartStackOptions } from '../supabase/local/types';
import { runFanout, type FanoutJob, type FanoutResult } from './realtime-fanout';
import { compareThreads, loadAverage, printThreadTable, type ThreadLoad } from './stack-threads';

const SELECTS = Number(process.env.BENCH_SELECTS ?? 2000);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** The throwaway PostgreSQL server's port (BENCH_PG_PORT: pick a free one when benches run side by side). */
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55410);
/** Websocket subscribers per fan-out row, and the price changes each one waits for. */
const FANOUT = [200, 1000];
const FANOUT_CHANGES = 10;
// Every fan-out subscriber is the same loopback client: lift Realtime's per-address socket cap (100).
process.env.REALTIME_MAX_SOCKETS_PER_IP ??= String(Math.max(...FANOUT) + 100);

// V8 compiles PGlite's WebAssembly with its baseline compiler first and re-compiles hot functions
// in the background: a fresh server needs a few thousand requests to reach its steady state, so the
// timed run follows a warm-up (whose own rate is reported as the cold figure).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3000);
/** BENCH_ONLY=fanout: boots and the realtime fan-out rows only (selects and inserts are skipped, shown as 0). */
const FANOUT_ONLY = process.env.BENCH_ONLY === 'fanout';
/** BENCH_ONLY=threads: the PGlite main thread vs worker thread comparison only. */
const THREADS_ONLY = process.env.BENCH_ONLY === 'threads';

interface Figures {
  coldBootMs: number;
  warmBootMs: number;
  selectRps: number;
  selectRpsCold: number;
  selectRpsSameProcess: number;
  insertRps: number;
  fanout: FanoutResult[];
  /** The largest fan-out row again, each subscriber decoding every frame on arrival (comparison). */
  fanoutInline: FanoutResult;
}

type LoadJob = ThreadLoad;

const client = (url: string, key: string): SupabaseClient =>
  createClient(url, key, {
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

const PRICES = [8000, 12000, 16000, 20000, 30000];

/** One request of the given kind through supabase-js. */
function requester(job: Pick<LoadJob, 'url' | 'key' | 'kind'>): (i: number) => Promise<void> {
  const c = client(job.url, job.key);
  if (job.kind === 'select') {
    return async (i) => {
      const { data, error } = await c
        .from('vehicle_listings')
        .select('id, title, price, mileage, year, dealers(name, town)')
        .eq('status', 'active')
        .lt('price', PRICES[i % PRICES.length])
        .order('price', { ascending: false })
        .limit(20);
      if (error || !data) throw new Error(`select failed: ${error?.message}`);
    };
  }
  return async (i) => {
    const { error } = await c
      .from('performance_metrics')
      .insert({ source: 'performance', metric: 'bench', value: i, url: '/bench' });
    if (error) throw new Error(`insert failed: ${error.message}`);
  };
}

interface LoadResult {
  warmupRps: number;
  rps: number;
}

/** Warm-up, then the timed run; returns requests/second of both. */
async function runLoad(job: LoadJob, warmup = WARMUP): Promise<LoadResult> {
  const call = requester(job);
  const warmupRps = warmup > 0 ? await rate(warmup, call) : 0;
  return { warmupRps, rps: await rate(job.total, call) };
}

const isLoadResult = (m: unknown): m is LoadResult =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as LoadResult).rps === 'number' &&
  typeof (m as LoadResult).warmupRps === 'number';

/** The same load in a child process (this file with --load, or --fanout for the realtime subscribers). */
function runInChild<T>(
  flag: '--load' | '--fanout',
  job: LoadJob | FanoutJob,
  accept: (m: unknown) => m is T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [flag, JSON.stringify(job)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: T | null = null;
    child.on('message', (m) => {
      result = accept(m) ? m : null;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      result !== null && code === 0 ? resolve(result) : reject(new Error(`${flag} child exited with ${code}`)),
    );
  });
}

const runLoadInChild = (job: LoadJob) => runInChild('--load', job, isLoadResult);
const isFanoutResult = (m: unknown): m is FanoutResult =>
  typeof m === 'object' && m !== null && typeof (m as FanoutResult).delivered === 'number';

async function measure(label: string, opts: () => StartStackOptions): Promise<Figures> {
  process.stdout.write(`${label}: cold boot... `);
  const [cold, coldBootMs] = await timed(() => startStack({ ...opts(), port: 0, quiet: true }));
  await cold.close();
  process.stdout.write('warm boot... ');
  const [stack, warmBootMs] = await timed(() => startStack({ ...opts(), port: 0, quiet: true }));
  try {
    const skipped = { rps: 0, warmupRps: 0 };
    if (!FANOUT_ONLY) process.stdout.write('selects... ');
    const selects = FANOUT_ONLY
      ? skipped
      : await runLoadInChild({ url: stack.url, key: stack.anonKey, kind: 'select', total: SELECTS });
    if (!FANOUT_ONLY) process.stdout.write('selects (same process)... ');
    const same = FANOUT_ONLY
      ? skipped
      : await runLoad({ url: stack.url, key: stack.anonKey, kind: 'select', total: SELECTS }, 200);
    if (!FANOUT_ONLY) process.stdout.write('inserts... ');
    const inserts = FANOUT_ONLY
      ? skipped
      : await runLoadInChild({ url: stack.url, key: stack.serviceRoleKey, kind: 'insert', total: INSERTS });
    const fanout: FanoutResult[] = [];
    for (const subscribers of FANOUT) {
      process.stdout.write(`fan-out to ${subscribers}... `);
      const job: FanoutJob = {
        url: stack.url,
        anonKey: stack.anonKey,
        serviceKey: stack.serviceRoleKey,
        subscribers,
        changes: FANOUT_CHANGES,
      };
      fanout.push(await runInChild('--fanout', job, isFanoutResult));
    }
    const biggest = FANOUT[FANOUT.length - 1];
    process.stdout.write(`fan-out to ${biggest}, decoding on arrival... `);
    const fanoutInline = await runInChild(
      '--fanout',
      {
        url: stack.url,
        anonKey: stack.anonKey,
        serviceKey: stack.serviceRoleKey,
        subscribers: biggest,
        changes: FANOUT_CHANGES,
        decodeInline: true,
      },
      isFanoutResult,
    );
    process.stdout.write('\n');
    return {
      coldBootMs,
      warmBootMs,
      selectRps: selects.rps,
      selectRpsCold: selects.warmupRps,
      selectRpsSameProcess: same.rps,
      insertRps: inserts.rps,
      fanout,
      fanoutInline,
    };
  } finally {
    await stack.close();
  }
}

function startThrowawayPostgres(): { url: string; stop: () => void } | null {
  const bins = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const bin = bins.find((b) => existsSync(path.join(b, 'initdb')));
  if (!bin) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-pg-'));
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string) =>
    asRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'ignore' })
      : execFileSync('sh', ['-c', cmd], { stdio: 'ignore' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run(`${bin}/initdb -D ${dir}/data -U postgres -A trust --no-sync`);
  run(
    `${bin}/pg_ctl -D ${dir}/data -o '-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off' -l ${dir}/log -w start`,
  );
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
  const loadBefore = loadAverage();
  console.log(
    `Embedded stack benchmark: ${SELECTS} selects, ${INSERTS} inserts, ${CONCURRENCY} in flight after ${WARMUP} warm-up requests; ` +
      `load from a child process (load average ${loadBefore})\n`,
  );
  if (!FANOUT_ONLY) {
    const threads = await compareThreads(runLoadInChild, { selects: SELECTS, inserts: INSERTS });
    printThreadTable(threads, loadBefore);
    if (THREADS_ONLY) return;
    console.log('');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-pglite-'));
  let pglite: Figures;
  try {
    pglite = await measure('PGlite', () => ({ dataDir: dir, databaseUrl: '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  let server: { url: string; stop: () => void } | null = null;
  try {
    server = process.env.TEST_DATABASE_URL
      ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined }
      : startThrowawayPostgres();
    if (!server) console.log('PostgreSQL: not installed, column left empty');
  } catch {
    console.log(`PostgreSQL: could not start on port ${PG_PORT} (in use? set BENCH_PG_PORT), column left empty`);
  }
  let postgres: Figures | null = null;
  if (server) {
    try {
      postgres = await withDatabase(server.url, (url) => measure('PostgreSQL', () => ({ databaseUrl: url })));
    } finally {
      server.stop();
      server = null;
    }
  }

  const rows: [string, (f: Figures) => number, string, boolean][] = [
    ['cold boot (migrations + seed)', (f) => f.coldBootMs, 'ms', false],
    ['warm boot', (f) => f.warmBootMs, 'ms', false],
    ['filtered select (limit 20)', (f) => f.selectRps, 'req/s', true],
    [`  first ${WARMUP} after boot (warm-up)`, (f) => f.selectRpsCold, 'req/s', true],
    ['  client in the server process', (f) => f.selectRpsSameProcess, 'req/s', true],
    ['insert', (f) => f.insertRps, 'req/s', true],
    ...FANOUT.flatMap((n, i): [string, (f: Figures) => number, string, boolean][] => [
      [`1 price change -> ${n} sockets, p95`, (f) => f.fanout[i].p95Ms, 'ms', false],
      [
        `  events delivered (${FANOUT_CHANGES} changes)`,
        (f) => f.fanout[i].delivered,
        `of ${n * FANOUT_CHANGES}`,
        true,
      ],
    ]),
    [`  ${FANOUT[FANOUT.length - 1]} sockets, frames decoded on arrival`, (f) => f.fanoutInline.p95Ms, 'ms', false],
    [
      `  events delivered (${FANOUT_CHANGES} changes)`,
      (f) => f.fanoutInline.delivered,
      `of ${FANOUT[FANOUT.length - 1] * FANOUT_CHANGES}`,
      true,
    ],
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
  console.log(
    `\nTargets: warm boot <= 5000 ms (PGlite ${Math.round(pglite.warmBootMs)} ms), >= 500 filtered selects/s on PGlite (${Math.round(pglite.selectRps)}).`,
  );
  console.log(
    'Fan-out: subscribers in a child process (the server is measured, not the bench client); each frame is ' +
      'stamped when its socket receives it and decoded after the round (1,000 subscribers are 1,000 devices); ' +
      'the "decoded on arrival" row has the one child decode every frame first, in series.',
  );
  const big = pglite.fanout[pglite.fanout.length - 1];
  const met = big.p95Ms <= 300 && big.delivered === big.expected;
  console.log(
    `Realtime fan-out: p95 <= 300 ms at ${big.subscribers} subscribers with every event delivered: ` +
      `PGlite ${Math.round(big.p95Ms)} ms, ${big.delivered}/${big.expected} -> ${met ? 'met' : 'MISSED'}.`,
  );
}

if (process.argv[2] === '--load') {
  process.send?.(await runLoad(JSON.parse(process.argv[3]) as LoadJob));
} else if (process.argv[2] === '--fanout') {
  process.send?.(await runFanout(JSON.parse(process.argv[3]) as FanoutJob));
} else {
  await main();
}
