// `npm run bench:scale`: how each cost grows with the catalogue. The same measurements run on a stack
// seeded with 10,800 listings and on one seeded with 50,000 (MOTORLY_LISTINGS; each count in its own
// child process, since the seed reads the count when it is first imported), against one production
// build with test hooks, in real Chromium. Printed as one side-by-side table:
//   - first download (whole catalogue, from the first progress update) vs a raw IndexedDB put of the
//     same rows into stores with the app's indexes (bench/sync.ts)     target <= 20 s and within 2x
//   - bytes on the wire (br) vs the raw JSON, every catalogue table (bench/transfer.ts)
//                                                                      target <= 3 MB at 10,800
//   - marketplace query p95, still and live (bench/catalogue.ts)      target <= 40 ms
//   - JavaScript heap of the marketplace page after a forced GC (CDP Runtime.getHeapUsage): right after
//     the download, after the queries, and on a fresh load of /marketplace   target <= 150 MB
//   - IndexedDB usage (navigator.storage.estimate), for information
// and a growth column (50,000 over 10,800) beside the 4.63x growth of the listings: a cost that grows
// faster than the listings (over 1.2x their ratio, to leave room for a shared machine's noise), or a
// ratio to its baseline that grows over 1.25x, is flagged.
// Own ports (app 5321, API 54521 unless BENCH_APP_PORT / BENCH_API_PORT) and build folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Request } from 'playwright';
import { preview } from 'vite';
import { DEFAULT_ANON_KEY } from '../supabase/local/jwt';
import { CATALOGUE_TABLES } from '../src/data/types';
import { liveBlock, stillBlock, waitForCatalogue } from './catalogue';
import { measureFirstDownload, rawPutBaseline } from './sync';
import { TRANSFER_TARGET_BYTES, mb, measureTransfer } from './transfer';
import { CHROMIUM_ARGS } from '../scripts/chromium-args';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 5321);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 54521);
const APP = `http://localhost:${APP_PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;
const OUT_DIR = path.resolve('node_modules/.cache/motorly-bench-scale');
const COUNTS = (process.env.BENCH_SCALE_COUNTS ?? '10800,50000').split(',').map(Number);
/** Timed runs per combination (bench:catalogue's default is 15; a 50,000-listing scan is slow). */
const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const LIVE_RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
const MB = 1024 * 1024;

interface Heap {
  used: number;
  total: number;
}

interface Figures {
  listings: number;
  /** Rows of the first download (every catalogue table). */
  rows: number;
  downloadMs: number;
  listingsMs: number | null;
  rawPutMs: number;
  rawPutListingsMs: number;
  wire: { br: number; gzip: number; raw: number; walkMs: number; historyWalkMs: number };
  /** What the browser itself received for the download's catalogue pages (null: not observed). */
  browserWire: { encoded: number; decoded: number; requests: number } | null;
  stillP95: number;
  scanP95: number;
  coldP95: number;
  liveP95: number;
  heap: { afterDownload: Heap; afterQueries: Heap; fresh: Heap };
  idb: { usage: number; indexedDB: number | null };
  seedMs: number;
}

// ---- child: one catalogue size ------------------------------------------------------------------

async function heapAfterGc(cdp: CDPSession): Promise<Heap> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const h = await cdp.send('Runtime.getHeapUsage');
  return { used: h.usedSize, total: h.totalSize };
}

async function measure(count: number): Promise<Figures> {
  const { startStack } = await import('../supabase/local/server');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'motorly-scale-'));
  console.log(`[${count}] starting a fresh stack (migrations + a ${count}-listing seed) on :${API_PORT} ...`);
  const seedStarted = Date.now();
  const stack = await startStack({
    port: API_PORT,
    dataDir: path.join(tmp, 'db'),
    quiet: true,
    demoKeys: true,
    allowedOrigins: [APP],
  });
  const seedMs = Date.now() - seedStarted;
  const server = await preview({
    logLevel: 'error',
    build: { outDir: OUT_DIR },
    preview: { port: APP_PORT, strictPort: true, host: 'localhost' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    console.log(`[${count}] bytes on the wire (every catalogue table, identity / gzip / br) ...`);
    const wire = await measureTransfer(API, stack.anonKey);

    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('motorly:test-hooks', '1'));
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);

    // The browser's own account of the download: the catalogue pages the sync worker fetched.
    const seen: Promise<{ encoded: number; decoded: number }>[] = [];
    const tables = new Set<string>(CATALOGUE_TABLES);
    const onFinished = (req: Request) => {
      const u = new URL(req.url());
      const table = u.pathname.replace(/^\/rest\/v1\//, '');
      if (req.method() !== 'GET' || !u.pathname.startsWith('/rest/v1/') || !tables.has(table)) return;
      seen.push(
        (async () => {
          const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
          const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          return { encoded: sizes.responseBodySize, decoded: body.length };
        })(),
      );
    };
    context.on('requestfinished', onFinished);

    console.log(`[${count}] first download in Chromium ...`);
    await page.goto(`${APP}/marketplace?bench=1`);
    const download = await measureFirstDownload(page, count);
    context.off('requestfinished', onFinished);
    const pages = await Promise.all(seen);
    const browserWire = pages.length
      ? {
          encoded: pages.reduce((n, p) => n + p.encoded, 0),
          decoded: pages.reduce((n, p) => n + p.decoded, 0),
          requests: pages.length,
        }
      : null;
    console.log(
      `[${count}] downloaded ${download.total} rows (${download.listings} listings) in ${(download.fromFirstProgress / 1000).toFixed(1)} s`,
    );
    const idb = await page.evaluate(async () => {
      const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
      return { usage: e.usage ?? 0, indexedDB: e.usageDetails?.indexedDB ?? null };
    });
    await page.waitForTimeout(1000);
    const afterDownload = await heapAfterGc(cdp);

    console.log(`[${count}] raw IndexedDB put of the same rows ...`);
    const raw = await page.evaluate(rawPutBaseline, count);

    await waitForCatalogue(page, 1);
    console.log(`[${count}] marketplace queries, still (${RUNS} runs a combination) ...`);
    const still = await stillBlock(page, RUNS);
    const liveP95 = await liveBlock(page, still.p95, LIVE_RUNS, async () => {
      await cdp.send('HeapProfiler.collectGarbage');
    });
    const afterQueries = await heapAfterGc(cdp);

    // A fresh marketplace page over the stored catalogue (what a returning visitor opens).
    await page.goto(`${APP}/marketplace`);
    await page.getByTestId('listing-card').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000);
    const fresh = await heapAfterGc(cdp);
    await context.close();

    return {
      listings: download.listings,
      rows: download.total,
      downloadMs: download.fromFirstProgress,
      listingsMs: download.listingGoalMs,
      rawPutMs: raw.all,
      rawPutListingsMs: raw.listings,
      wire: {
        br: wire.br,
        gzip: wire.gzip,
        raw: wire.raw,
        walkMs: wire.walkMs,
        historyWalkMs: wire.tables.find((t) => t.table === 'listing_price_history')?.walkMs ?? 0,
      },
      browserWire,
      stillP95: still.p95,
      scanP95: still.scanP95,
      coldP95: still.coldP95,
      liveP95,
      heap: { afterDownload, afterQueries, fresh },
      idb,
      seedMs,
    };
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    await stack.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---- parent: build once, one child per count, one table ------------------------------------------

interface Line {
  name: string;
  target: string;
  value(f: Figures): number | null;
  fmt(v: number): string;
  /** Whether the figure meets its target (undefined: information only). */
  met?(v: number, f: Figures): boolean;
  /** 'cost' grows with the catalogue (flag if faster than the listings); 'ratio' should stay flat. */
  kind: 'cost' | 'ratio' | 'info';
}

const sec = (v: number) => `${(v / 1000).toFixed(1)} s`;
const msf = (v: number) => `${v.toFixed(1)} ms`;
const mbf = (v: number) => `${(v / MB).toFixed(1)} MB`;
const x = (v: number) => `${v.toFixed(2)}x`;

const LINES: Line[] = [
  {
    name: 'First download, whole catalogue',
    target: '<= 20 s',
    value: (f) => f.downloadMs,
    fmt: sec,
    met: (v) => v <= 20_000,
    kind: 'cost',
  },
  { name: '  raw IndexedDB put, same rows', target: '', value: (f) => f.rawPutMs, fmt: sec, kind: 'cost' },
  {
    name: '  download / raw put',
    target: '<= 2x',
    value: (f) => f.downloadMs / f.rawPutMs,
    fmt: x,
    met: (v) => v <= 2,
    kind: 'ratio',
  },
  {
    name: '  all listings stored (info)',
    target: '',
    value: (f) => f.listingsMs,
    fmt: sec,
    kind: 'cost',
  },
  {
    name: '  raw put, listings only (info)',
    target: '',
    value: (f) => f.rawPutListingsMs,
    fmt: sec,
    kind: 'cost',
  },
  {
    name: 'On the wire (br), whole catalogue',
    target: '<= 3 MB at 10,800',
    value: (f) => f.wire.br,
    fmt: mbf,
    met: (v, f) => f.listings > 11_000 || v <= TRANSFER_TARGET_BYTES,
    kind: 'cost',
  },
  { name: '  raw JSON (identity)', target: '', value: (f) => f.wire.raw, fmt: mbf, kind: 'cost' },
  { name: '  gzip (info)', target: '', value: (f) => f.wire.gzip, fmt: mbf, kind: 'cost' },
  {
    name: '  raw / br',
    target: '',
    value: (f) => f.wire.raw / f.wire.br,
    fmt: (v) => `${v.toFixed(1)}x smaller`,
    kind: 'info',
  },
  {
    name: '  browser: bytes received (encoded)',
    target: '',
    value: (f) => f.browserWire?.encoded ?? null,
    fmt: mbf,
    kind: 'cost',
  },
  {
    name: '  browser: bodies decoded',
    target: '',
    value: (f) => f.browserWire?.decoded ?? null,
    fmt: mbf,
    kind: 'cost',
  },
  {
    name: 'Marketplace query p95, still',
    target: '<= 40 ms',
    value: (f) => f.stillP95,
    fmt: msf,
    met: (v) => v <= 40,
    kind: 'cost',
  },
  {
    name: 'Marketplace query p95, live',
    target: '<= 40 ms',
    value: (f) => f.liveP95,
    fmt: msf,
    met: (v) => v <= 40,
    kind: 'cost',
  },
  {
    name: '  full re-read of the indexes p95',
    target: '',
    value: (f) => f.coldP95,
    fmt: msf,
    kind: 'cost',
  },
  { name: '  full scan p95 (baseline)', target: '', value: (f) => f.scanP95, fmt: msf, kind: 'cost' },
  {
    name: 'JS heap, marketplace page, after download',
    target: '<= 150 MB',
    value: (f) => f.heap.afterDownload.used,
    fmt: mbf,
    met: (v) => v <= 150 * MB,
    kind: 'cost',
  },
  {
    name: 'JS heap, after the query bench',
    target: '<= 150 MB',
    value: (f) => f.heap.afterQueries.used,
    fmt: mbf,
    met: (v) => v <= 150 * MB,
    kind: 'cost',
  },
  {
    name: 'JS heap, fresh /marketplace load',
    target: '<= 150 MB',
    value: (f) => f.heap.fresh.used,
    fmt: mbf,
    met: (v) => v <= 150 * MB,
    kind: 'cost',
  },
  { name: 'IndexedDB usage (estimate)', target: 'info', value: (f) => f.idb.usage, fmt: mbf, kind: 'cost' },
  {
    name: '  of which IndexedDB',
    target: '',
    value: (f) => f.idb.indexedDB,
    fmt: mbf,
    kind: 'cost',
  },
  {
    name: 'Server: the pull pages, one walk (info)',
    target: '',
    value: (f) => f.wire.walkMs,
    fmt: sec,
    kind: 'cost',
  },
  {
    name: '  of which listing_price_history',
    target: '',
    value: (f) => f.wire.historyWalkMs,
    fmt: sec,
    kind: 'cost',
  },
  { name: 'Stack boot + seed (info)', target: '', value: (f) => f.seedMs, fmt: sec, kind: 'cost' },
];

function printTable(results: Figures[]): void {
  const [a, b] = results;
  const sizeRatio = b ? b.listings / a.listings : 1;
  const head = ['Measure', 'Target'];
  for (const r of results) head.push(`${r.listings.toLocaleString('en-GB')} listings`, 'met');
  if (b) head.push('growth', `vs ${sizeRatio.toFixed(2)}x`);
  const rows: string[][] = [];
  const flagged: string[] = [];
  for (const line of LINES) {
    const cells = [line.name, line.target];
    const vals = results.map((r) => line.value(r));
    results.forEach((r, i) => {
      const v = vals[i];
      cells.push(v === null ? 'n/a' : line.fmt(v), v === null || !line.met ? '' : line.met(v, r) ? 'yes' : 'NO');
    });
    if (b) {
      const [va, vb] = vals;
      if (va === null || vb === null || va === 0) cells.push('', '');
      else {
        const g = vb / va;
        let verdict = '';
        if (line.kind === 'cost')
          verdict = g > sizeRatio * 1.2 ? 'SUPER-LINEAR' : g > sizeRatio ? 'linear' : 'sub-linear';
        if (line.kind === 'ratio') verdict = g > 1.25 ? 'GROWS' : 'flat';
        if (verdict === 'SUPER-LINEAR' || verdict === 'GROWS') flagged.push(line.name.trim());
        cells.push(x(g), verdict);
      }
    }
    rows.push(cells);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (c: string[]) => c.map((s, i) => (i < 2 ? s.padEnd(widths[i]) : s.padStart(widths[i]))).join(' | ');
  console.log('\n' + fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(fmt(r));
  console.log(
    `\nCatalogue rows downloaded: ${results.map((r) => r.rows.toLocaleString('en-GB')).join(' vs ')}` +
      (b ? ` (${(b.rows / a.rows).toFixed(2)}x; the listings ${sizeRatio.toFixed(2)}x)` : ''),
  );
  const missed = LINES.flatMap((l) =>
    results.flatMap((r) => {
      const v = l.value(r);
      return v !== null && l.met && !l.met(v, r)
        ? [`${l.name.trim()} at ${r.listings}: ${l.fmt(v)} (${l.target})`]
        : [];
    }),
  );
  console.log(missed.length ? `Missed: ${missed.join('; ')}` : 'Every target met.');
  if (b)
    console.log(
      flagged.length
        ? `Grows faster than the catalogue: ${flagged.join('; ')}`
        : 'Nothing grows faster than the catalogue.',
    );
}

async function main(): Promise<void> {
  const child = process.argv.indexOf('--child');
  if (child >= 0) {
    const count = Number(process.argv[child + 1]);
    const out = process.argv[child + 2];
    const figures = await measure(count);
    writeFileSync(out, JSON.stringify(figures));
    return;
  }
  if (process.env.BENCH_SCALE_NO_BUILD !== '1') {
    console.log(`Building the app with test hooks for a private stack on :${API_PORT} ...`);
    const build = spawnSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        VITE_SUPABASE_URL: API,
        VITE_SUPABASE_ANON_KEY: DEFAULT_ANON_KEY,
        VITE_TEST_HOOKS: '1',
      },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'motorly-scale-out-'));
  const results: Figures[] = [];
  try {
    for (const count of COUNTS) {
      const out = path.join(tmp, `${count}.json`);
      const run = spawnSync('npx', ['tsx', 'bench/scale.ts', '--child', String(count), out], {
        stdio: 'inherit',
        env: { ...process.env, MOTORLY_LISTINGS: String(count) },
      });
      if (run.status !== 0) throw new Error(`the ${count}-listing run failed`);
      results.push(JSON.parse(readFileSync(out, 'utf8')) as Figures);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(
    `\nScale: ${COUNTS.join(' vs ')} listings (load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  printTable(results);
  console.log(`(${mb(TRANSFER_TARGET_BYTES)} = the wire budget; query runs ${RUNS} a combination, live ${LIVE_RUNS})`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
