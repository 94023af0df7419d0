// `npm run bench:scale`: issue 32's benchmark. One run, both sizes: 10,800 listings on PGlite (the product's
// default store) and 450,000 on PostgreSQL, each figure printed beside its target (bench/scale/report.ts):
//   - cold first visit to /marketplace at 4x CPU and slow 4G: first results, and the bytes before them;
//   - a 30-search session at 150 ms RTT: new searches (p95 of 20), covered repeats, next pages, long tasks,
//     and the catalogue's IndexedDB afterwards;
//   - search_listings over HTTP (bench/search.ts's combinations and its EXPLAIN check);
//   - the offline pack of 5,000 listings beside a raw IndexedDB put of as many rows;
//   - and, for comparison, the design before issue 32: the whole vehicle_listings first download.
// It measures the working tree as it is when it starts (copied and built with test hooks, bench/scale/build.ts)
// and finds features at run time: a figure the build cannot produce yet says why.
// Environment:
//   BENCH_SCALE_SIZES   sizes, e.g. 10800,450000 (default); N:pg / N:pglite picks the store (default: up to
//                       50,000 on PGlite, above on PostgreSQL)
//   BENCH_SCALE_PG_DB   a PostgreSQL database to keep and reuse (seeded on first use); default: a fresh one,
//                       dropped at the end.  BENCH_SCALE_PG_URL: the server (default the local one on :54330)
//   BENCH_SCALE_DIR     the copy and build folder (default <tmp>/motorly-bench-scale); BENCH_SCALE_NO_BUILD=1
//                       reuses its build
//   BENCH_APP_PORT / BENCH_API_PORT   the browser's ports (default 5306 / 54506); the servers behind the
//                       metering relays use the next port up of each
//   BENCH_SCALE_STEPS   the steps to run, e.g. session (default all: server,cold,session,pack,old)
//   BENCH_SCALE_TRACE   a file: a Chromium trace of the session's taps, its long tasks summarised;
//                       BENCH_SCALE_NETLOG=1 logs each search's requests; BENCH_SOURCEMAP=1 builds source maps
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './scale/build';
import type { Ports, SizeFigures } from './scale/measure';
import { printReport } from './scale/report';
import { pgServer } from './scale/stack';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 5306);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 54506);
const PORTS: Ports = { app: APP_PORT, api: API_PORT, appInner: APP_PORT + 1, apiInner: API_PORT + 1 };
const DIR = path.resolve(process.env.BENCH_SCALE_DIR ?? path.join(os.tmpdir(), 'motorly-bench-scale'));
const PGLITE_MAX = 50_000;

interface Size {
  size: number;
  kind: 'pglite' | 'postgres';
}

function sizes(): Size[] {
  return (process.env.BENCH_SCALE_SIZES ?? '10800,450000').split(',').map((s) => {
    const [n, store] = s.trim().split(':');
    const size = Number(n);
    if (!Number.isInteger(size) || size < 1) throw new Error(`BENCH_SCALE_SIZES: "${s}" is not a listing count`);
    if (store && store !== 'pg' && store !== 'pglite')
      throw new Error(`BENCH_SCALE_SIZES: store "${store}" (pg or pglite)`);
    const kind = store ? (store === 'pg' ? 'postgres' : 'pglite') : size <= PGLITE_MAX ? 'pglite' : 'postgres';
    return { size, kind };
  });
}

const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
};

async function child(args: string[]): Promise<void> {
  const [size, kind, outDir, out] = args;
  const { measureSize } = await import('./scale/measure');
  const figures = await measureSize({ size: Number(size), kind: kind as Size['kind'], outDir, ports: PORTS });
  writeFileSync(out, JSON.stringify(figures));
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--child');
  if (at >= 0) return child(process.argv.slice(at + 1));
  const list = sizes();
  console.log(`bench:scale, ${list.map((s) => `${s.size.toLocaleString('en-GB')} on ${s.kind}`).join(' and ')}`);
  console.log(`start: ${uptime()}`);
  const outDir = path.join(DIR, 'dist');
  if (process.env.BENCH_SCALE_NO_BUILD === '1' && existsSync(path.join(outDir, 'index.html')))
    console.log(`Reusing the build in ${outDir}`);
  else {
    console.log(`Copying the working tree to ${DIR} and building it with test hooks for :${API_PORT} ...`);
    buildApp(DIR, `http://127.0.0.1:${API_PORT}`);
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-scale-out-'));
  const results: SizeFigures[] = [];
  try {
    for (const { size, kind } of list) {
      const out = path.join(tmp, `${size}.json`);
      const run = spawnSync('npx', ['tsx', 'bench/scale.ts', '--child', String(size), kind, outDir, out], {
        stdio: 'inherit',
        // The seed's size limit follows DATABASE_URL (PGlite holds at most 200,000 listings in memory).
        env: {
          ...process.env,
          MOTORLY_LISTINGS: String(size),
          ...(kind === 'postgres' ? { DATABASE_URL: pgServer() } : {}),
        },
      });
      if (run.status !== 0) {
        console.error(`The ${size}-listing run failed (exit ${run.status}); its figures are missing.`);
        continue;
      }
      results.push(JSON.parse(readFileSync(out, 'utf8')) as SizeFigures);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  if (results.length) printReport(results);
  console.log(`\nend: ${uptime()}`);
  if (results.length < list.length) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
