// The RxDB peer of `npm run bench:sync`: RxDB 17 (Dexie storage, Supabase replication plugin) against
// the same embedded stack, in the same Chromium, doing what the bench measures for Motorly:
//   a. first download of 10,000 listings into the local store
//   b. a 1,000-write drain (local writes pushed to the server until acknowledged)
//   c. a realtime insert made on the server reaching a subscriber's local store (p95 of 20)
// bench/rxdb-peer-page.ts is bundled with esbuild and served from its own localhost port (a secure
// context, as RxDB's hashing needs; a fresh origin, so its IndexedDB starts empty), in its own context.
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright';

export interface PeerInput {
  browser: Browser;
  api: string;
  anonKey: string;
  serviceHeaders: Record<string, string>;
  email: string;
  password: string;
  userId: string;
  listingGoal: number;
  port: number;
}

export interface PeerFigures {
  downloadGoalMs: number;
  downloadAllMs: number;
  downloadCount: number;
  drainMs: number;
  drainWrites: number;
  realtime: number[];
}

export const DRAIN_WRITES = 1000;
export const REALTIME_SAMPLES = 40;

async function bundlePage(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, 'rxdb-peer-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].text;
}

function serve(script: string, port: number): Promise<Server> {
  const html = '<!doctype html><meta charset="utf-8"><title>RxDB peer</title><script src="/peer.js"></script>';
  const server = createServer((req, res) => {
    const js = req.url === '/peer.js';
    res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html', 'cache-control': 'no-store' });
    res.end(js ? script : html);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', () => resolve(server));
  });
}

export interface RxdbPeer {
  /** a and b: the first download (signed out, like Motorly's), then the drain as the bench's user. */
  downloadAndDrain(): Promise<Omit<PeerFigures, 'realtime'>>;
  /** c, one sample: a service-role insert of the user's row, timed until it is in RxDB's store. */
  realtimeSample(i: number): Promise<number>;
  close(): Promise<void>;
}

/** Opens the peer's page; bench/sync.ts interleaves its realtime samples with Motorly's (same load). */
export async function openRxdbPeer(input: PeerInput): Promise<RxdbPeer> {
  console.log('RxDB peer: bundling RxDB 17 (Dexie storage, Supabase replication) for the page...');
  const server = await serve(await bundlePage(), input.port);
  const context = await input.browser.newContext();
  const close = async () => {
    await context.close();
    await new Promise<void>((r) => server.close(() => r()));
  };
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`  RxDB page error: ${err.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') console.error('  RxDB console:', m.text());
    });
    await page.goto(`http://localhost:${input.port}/`);
    await page.waitForFunction(() => '__rxdbPeer' in window);
    await page.evaluate(([url, key]) => window.__rxdbPeer.init(url, key), [input.api, input.anonKey] as const);
    const listingIds = await listingIdsFor(input, DRAIN_WRITES + REALTIME_SAMPLES);
    return {
      downloadAndDrain: () => downloadAndDrain(page, input, listingIds.slice(0, DRAIN_WRITES)),
      realtimeSample: (i) => realtimeSample(page, input, listingIds[DRAIN_WRITES + i]),
      async close() {
        await page.evaluate(() => window.__rxdbPeer.close());
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

async function downloadAndDrain(
  page: Page,
  input: PeerInput,
  drainIds: string[],
): Promise<Omit<PeerFigures, 'realtime'>> {
  const download = await page.evaluate((goal) => window.__rxdbPeer.download(goal), input.listingGoal);
  console.log(
    `  RxDB download: ${input.listingGoal} listings after ${download.goalMs.toFixed(0)} ms, ` +
      `all ${download.count} after ${download.allMs.toFixed(0)} ms`,
  );
  await page.evaluate(([e, p]) => window.__rxdbPeer.signIn(e, p), [input.email, input.password] as const);
  await page.evaluate(() => window.__rxdbPeer.openBookmarks());
  const drainMs = await page.evaluate(([n, user, ids]) => window.__rxdbPeer.drain(n, user, ids), [
    DRAIN_WRITES,
    input.userId,
    drainIds,
  ] as const);
  const onServer = await serverCount(input);
  if (onServer < DRAIN_WRITES) throw new Error(`RxDB drain: ${onServer} of ${DRAIN_WRITES} rows on the server`);
  console.log(`  RxDB drain: ${DRAIN_WRITES} writes acknowledged after ${drainMs.toFixed(0)} ms`);
  return {
    downloadGoalMs: download.goalMs,
    downloadAllMs: download.allMs,
    downloadCount: download.count,
    drainMs,
    drainWrites: DRAIN_WRITES,
  };
}

async function listingIdsFor(input: PeerInput, n: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < n) {
    const res = await fetch(
      `${input.api}/rest/v1/vehicle_listings?select=id&order=id&limit=${Math.min(1000, n - ids.length)}` +
        `&offset=${ids.length}`,
      { headers: input.serviceHeaders },
    );
    const page = (await res.json()) as { id: string }[];
    if (!page.length) throw new Error('not enough listings for the RxDB drain');
    ids.push(...page.map((r) => r.id));
  }
  return ids;
}

async function serverCount(input: PeerInput): Promise<number> {
  const res = await fetch(`${input.api}/rest/v1/rxdb_bench_bookmarks?select=id&user_id=eq.${input.userId}`, {
    method: 'HEAD',
    headers: { ...input.serviceHeaders, prefer: 'count=exact' },
  });
  return Number(res.headers.get('content-range')?.split('/')[1] ?? 0);
}

async function realtimeSample(page: Page, input: PeerInput, listingId: string): Promise<number> {
  const id = crypto.randomUUID();
  const arrived = page.evaluate((docId) => window.__rxdbPeer.arrival(docId), id);
  await page.waitForTimeout(50);
  const t0 = Date.now();
  const res = await fetch(`${input.api}/rest/v1/rxdb_bench_bookmarks`, {
    method: 'POST',
    headers: input.serviceHeaders,
    body: JSON.stringify({ id, user_id: input.userId, vehicle_listing_id: listingId, note: 'Bench' }),
  });
  if (!res.ok) throw new Error(`RxDB realtime insert failed: ${res.status} ${await res.text()}`);
  return (await arrived) - t0;
}

export interface MotorlyFigures {
  /** A fresh device's first download (the basics; listings come per query), from its first progress update. */
  downloadMs: number;
  /** Outbox drain of 1,000 ops (the steady-state one). */
  drainMs: number;
  /** Realtime: service-role insert to the row stored in Dexie, per sample. */
  realtimeStore: number[];
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : 'not reached');

/** The side-by-side table: Motorly, RxDB, the ratio, and whether Motorly is ahead (lower time). */
export function printPeerTable(motorly: MotorlyFigures, rxdb: PeerFigures): string {
  const rows = [
    [
      'Fresh device until it answers the marketplace (RxDB: 10,000 listings replicated; Motorly: basics)',
      motorly.downloadMs,
      rxdb.downloadGoalMs,
    ],
    [`Drain of ${rxdb.drainWrites.toLocaleString('en-GB')} writes until acknowledged`, motorly.drainMs, rxdb.drainMs],
    [
      `Realtime server insert to local store, p95 of ${REALTIME_SAMPLES}`,
      p95(motorly.realtimeStore),
      p95(rxdb.realtime),
    ],
  ] as const;
  const head = ['Against a real peer (same stack, same Chromium)', 'Motorly', 'RxDB 17', 'Ratio', 'Target', 'Met'];
  const cells = rows.map(([name, ours, peer]) => {
    const ratio = ours <= peer ? `${(peer / ours).toFixed(1)}x faster` : `${(ours / peer).toFixed(1)}x slower`;
    return [name, ms(ours), ms(peer), ratio, 'Motorly ahead', ours < peer ? 'met' : 'MISSED'];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join(' | ');
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b).join(' ');
  const detail =
    `  Realtime to store, samples interleaved (ms, sorted): Motorly ${sorted(motorly.realtimeStore)}\n` +
    `                                                       RxDB ${sorted(rxdb.realtime)}\n` +
    `  Realtime to store p50: Motorly ${ms(p50(motorly.realtimeStore))}, RxDB ${ms(p50(rxdb.realtime))}\n` +
    `  RxDB whole first download: ${rxdb.downloadCount.toLocaleString('en-GB')} listings in ${ms(rxdb.downloadAllMs)}`;
  return ['', line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line), detail].join('\n');
}
