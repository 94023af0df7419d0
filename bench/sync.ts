// `npm run bench:sync`: the sync layer's budgets, measured in real Chromium (playwright-core, Debian
// /usr/bin/chromium) against a production build and a fresh embedded stack, printed side by side:
//   1. write-to-screen p95: local-first repository write vs an online-only write (await the server,
//      then render), both under 400 ms emulated RTT        target p95 <= 50 ms and >= 8x faster
//   2. outbox drain of 1,000 ops: batched engine vs one apply_mutations request per op
//                                                          target <= 3 s and >= 5x faster
//   3. first download on a fresh device (issue 32: the catalogue's basics - brands, models, dealers,
//      reviews - and the held listings, none yet; listings come per query) into Dexie with progress, beside
//      a raw IndexedDB bulk put of the same rows into stores with the same indexes, in the same page
//                                                          target <= 5 s (bulk-write throughput: the
//      offline pack's 5,000 listings within 2x of a raw put, bench:scale)
//      its bytes on the wire (br) beside the raw JSON (bench/transfer.ts)   target <= 3 MB
//      (first results and their bytes at 10,800 and 450,000 listings: bench:scale)
//   4. realtime: server insert to DOM p95                  target <= 300 ms
// Then a real peer in the same run (bench/rxdb-peer.ts): RxDB 17 with its Dexie storage and Supabase
// replication against the same stack in the same Chromium: a fresh device until it can answer the
// marketplace (RxDB replicates 10,000 listings; Motorly fetches its basics and asks the server per query),
// a 1,000-write drain, a realtime insert reaching the local store; Motorly's figure, RxDB's, the ratio.
// Own ports (55750-55752) and build folder, so it never disturbs dist/ or other servers.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { build, preview } from 'vite';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { startStack } from '../supabase/local/server';
import { DEFAULT_ANON_KEY } from '../supabase/local/jwt';
import { REALTIME_SAMPLES, openRxdbPeer, printPeerTable } from './rxdb-peer';
import { isMain } from './is-main';
import { TRANSFER_TARGET_BYTES, mb, measureTransfer } from './transfer';
import { CHROMIUM_ARGS } from '../scripts/chromium-args';
import { CATALOGUE_TABLES } from '../src/data/types';

const API_PORT = Number(process.env.BENCH_API_PORT ?? 55750);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 55751);
const PEER_PORT = Number(process.env.BENCH_PEER_PORT ?? 55752);
const API = `http://127.0.0.1:${API_PORT}`;
const APP = `http://localhost:${APP_PORT}`;
const PASSWORD = 'Tr4ffic-Cone#Bristol';
const LISTING_GOAL = 10_000;
/** The catalogue tables a fresh device pulls whole (listings and their history follow what it holds). */
const WHOLE_TABLES = CATALOGUE_TABLES.filter((t) => t !== 'vehicle_listings' && t !== 'listing_price_history');

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
/** A realtime sample not seen within this long counts as lost. */
const SAMPLE_TIMEOUT_MS = 15_000;
const withTimeout = <T>(p: Promise<T>, limit: number): Promise<T | null> =>
  Promise.race([p, new Promise<null>((resolve) => setTimeout(() => resolve(null), limit))]);
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const fmtAll = (xs: number[]) =>
  [...xs]
    .sort((a, b) => a - b)
    .map((x) => x.toFixed(1))
    .join(' ');

interface Row {
  name: string;
  ours: string;
  baseline: string;
  ratio: string;
  target: string;
  pass: boolean;
  /** Printed for information; not one of the targets. */
  info?: boolean;
}
const rows: Row[] = [];

type Hooks = {
  toggleListingBookmark(id: string): Promise<boolean>;
  queueCounts(): Promise<{ queued: number; parked: number }>;
  status(): { status: { download: { done: number; total: number } | null } };
  localCount(t: string): Promise<number>;
  onlineToggleBookmark(listingId: string, bookmarked: boolean): Promise<boolean>;
};
declare global {
  interface Window {
    __motorlySync: Hooks;
  }
}

async function main() {
  let peerTable = '';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-'));
  const outDir = path.join(tmp, 'dist');
  console.log('Building the production app with test hooks (own output folder)...');
  process.env.VITE_SUPABASE_URL = API;
  process.env.VITE_SUPABASE_ANON_KEY = DEFAULT_ANON_KEY;
  process.env.VITE_TEST_HOOKS = '1'; // the page hooks the bench drives (absent from the product build)
  await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
  console.log('Starting a fresh stack (migrations + catalogue seed)...');
  // The build above carries the demo anon key (no VITE_SUPABASE_ANON_KEY): start the stack with the demo keys.
  // CORS: the app's origin and the RxDB peer's page.
  const stack = await startStack({
    port: API_PORT,
    dataDir: path.join(tmp, 'db'),
    quiet: true,
    demoKeys: true,
    allowedOrigins: [APP, `http://localhost:${PEER_PORT}`],
  });
  const server = await preview({
    logLevel: 'error',
    build: { outDir },
    preview: { port: APP_PORT, strictPort: true, host: 'localhost' },
  });
  const svcHeaders = {
    apikey: stack.serviceRoleKey,
    authorization: `Bearer ${stack.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const listingRes = await fetch(`${API}/rest/v1/vehicle_listings?select=id&order=id&limit=2`, {
      headers: svcHeaders,
    });
    const [listingA, listingB] = (await listingRes.json()) as { id: string }[];
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    const created = await fetch(`${API}/auth/v1/admin/users`, {
      method: 'POST',
      headers: svcHeaders,
      body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
    });
    const user = (await created.json()) as { id: string };
    const motorly = { downloadMs: 0, drainMs: 0, realtimeStore: [] as number[] };

    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('motorly:test-hooks', '1'));
    // tsx keeps function names with a __name helper that page.evaluate'd code must find.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();

    // ---- 3. First download ------------------------------------------------------------------
    // Timed from the first progress update until the download is done. A fresh device holds no listings
    // (issue 32): the download is the catalogue's basics, and each search asks the server for its pages.
    await page.goto(APP);
    const download = await measureFirstDownload(page);
    const raw = await page.evaluate(rawPutBaseline, WHOLE_TABLES);
    motorly.downloadMs = download.fromFirstProgress;
    // 827 rows in five round trips: the put-only ratio is printed for information. Bulk-write throughput (the
    // old 'within 3x of a raw put' target) is now the offline pack's, within 2x, in bench:scale.
    rows.push({
      name: `First download: the basics (${download.total.toLocaleString('en-GB')} rows, ${download.listings} listings) into Dexie, with progress`,
      ours: ms(download.fromFirstProgress),
      baseline: `${ms(raw.all)} raw IDB put`,
      ratio: `${(download.fromFirstProgress / raw.all).toFixed(1)}x slower`,
      target: '<= 5000 ms',
      pass: download.fromFirstProgress <= 5000,
    });
    console.log(
      `  download: all ${download.total} rows after ${ms(download.fromFirstProgress)} from first progress ` +
        `(${ms(download.fromPageStart)} from page start). Raw IndexedDB put of the same ${raw.rows} rows (one ` +
        `transaction): ${ms(raw.all)} into stores with the app's indexes, ${ms(raw.allPlain)} into plain stores.`,
    );

    // Bytes on the wire for the same first download (the tables pulled whole, the pull's pages), as the
    // browser receives them (br) beside the raw JSON (bench/transfer.ts).
    const wire = await measureTransfer(API, stack.anonKey, WHOLE_TABLES);
    rows.push({
      name: `First download on the wire: the basics (${wire.rows.toLocaleString('en-GB')} rows), br`,
      ours: mb(wire.br),
      baseline: `${mb(wire.raw)} raw JSON`,
      ratio: `${(wire.raw / wire.br).toFixed(1)}x smaller`,
      target: `<= ${mb(TRANSFER_TARGET_BYTES)}`,
      pass: wire.br <= TRANSFER_TARGET_BYTES,
    });

    // ---- sign in ------------------------------------------------------------------------------
    await page.goto(`${APP}/auth`);
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 20_000 });
    await page.locator('.sync-badge[data-leader="true"]').waitFor({ timeout: 20_000 });
    const token = await accessToken(page);

    // ---- 1. Write to screen -------------------------------------------------------------------
    // A real click on the listing screen's bookmark button, timed until the button's own DOM shows
    // the new state (aria-pressed, rendered from the live query over IndexedDB). Uploads are not held:
    // the worker pushes each toggle under the same emulated latency while the next clicks happen.
    // Baseline: the same toggle written through the app's supabase-js client and awaited, then
    // rendered, on another listing (the server allows one bookmark per user and listing).
    await page.goto(`${APP}/marketplace/${listingA.id}`);
    await page.locator('.sync-badge[data-leader="true"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="bookmark-toggle"]:enabled').waitFor({ timeout: 20_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const N = 40;
    // Clicks spaced as a person's are (0.2-0.8 s apart), so some land while the previous one uploads.
    const pause = (i: number) => 200 + ((i * 137) % 600);
    const local: number[] = [];
    for (let i = 0; i < N; i++) local.push(await page.evaluate(clickToScreen, pause(i)));
    await page.evaluate(addOnlineButton, listingB.id);
    const online: number[] = [];
    for (let i = 0; i < N; i++) online.push(await page.evaluate(onlineClickToScreen, pause(i)));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const lp = p95(local);
    const op = p95(online);
    console.log(
      `  write to screen (ms, sorted): local ${fmtAll(local)}\n                             online-only ${fmtAll(online)}`,
    );
    rows.push({
      name: `Write to screen p95 (400 ms RTT, ${N} clicks)`,
      ours: ms(lp),
      baseline: `${ms(op)} online-only`,
      ratio: `${(op / lp).toFixed(1)}x faster`,
      target: '<= 50 ms, >= 8x',
      pass: lp <= 50 && op / lp >= 8,
    });
    await waitQueueEmpty(page, 60_000);

    // ---- 2. Outbox drain ------------------------------------------------------------------------
    // Twice: a fresh stack runs PGlite's WebAssembly with V8's baseline compiler until hot functions
    // are re-compiled in the background, so the first drain after boot pays that warm-up. The budget
    // is checked on the second drain, the steady state the per-op baseline (run after it) also gets;
    // the first one is printed as well.
    const firstDrain = await drainOutbox(page, context, listingA.id);
    const drained = await drainOutbox(page, context, listingA.id);
    console.log(`  outbox drain: first after boot ${ms(firstDrain)}, then ${ms(drained)}`);
    motorly.drainMs = drained;
    const perOp = await page.evaluate(perOpBaseline, {
      api: API,
      token,
      anon: stack.anonKey,
      userId: user.id,
      listingId: listingA.id,
    });
    rows.push({
      name: 'Outbox drain, 1,000 ops',
      ours: ms(drained),
      baseline: `${ms(perOp)} one request per op`,
      ratio: `${(perOp / drained).toFixed(1)}x faster`,
      target: '<= 3000 ms, >= 5x',
      pass: drained <= 3000 && perOp / drained >= 5,
    });
    rows.push({
      name: '  first drain after boot (JIT warm-up)',
      ours: ms(firstDrain),
      baseline: '-',
      ratio: `${(perOp / firstDrain).toFixed(1)}x faster`,
      target: '(same budget)',
      pass: firstDrain <= 3000 && perOp / firstDrain >= 5,
      info: true,
    });

    // ---- RxDB peer: download and drain, on the same stack (Motorly's page stays open, idle) -------
    const peer = await openRxdbPeer({
      browser,
      api: API,
      anonKey: stack.anonKey,
      serviceHeaders: svcHeaders,
      email,
      password: PASSWORD,
      userId: user.id,
      listingGoal: LISTING_GOAL,
      port: PEER_PORT,
    });
    const peerFigures = await peer.downloadAndDrain();
    const peerRealtime: number[] = [];

    // ---- 4. Realtime ----------------------------------------------------------------------------
    await page.getByTestId('unread-badge').count();
    // Also timed: the row stored in IndexedDB (the leader's 'realtime' notice, posted once the change
    // is written locally), the moment the RxDB peer's figure is compared with; the peer's samples are
    // taken in turn with Motorly's, so both meet the same load on this shared machine.
    const rt: number[] = [];
    const lost = { motorly: [] as number[], rxdb: [] as number[] };
    for (let i = 0; i < REALTIME_SAMPLES; i++) {
      const seen = page.evaluate(
        () =>
          new Promise<{ dom: number; store: number }>((resolve) => {
            let store = -1;
            let dom = -1;
            // Kept on the page, so a lost sample can say which half never came.
            const partial = { store: false, dom: false };
            Reflect.set(window, '__benchRealtimeSample', partial);
            const done = () => {
              partial.store = store >= 0;
              partial.dom = dom >= 0;
              if (store < 0 || dom < 0) return;
              channel.close();
              resolve({ dom, store });
            };
            const channel = new BroadcastChannel('motorly-sync-status');
            channel.onmessage = (e: MessageEvent<{ type: string; notice?: { table: string; at: number } }>) => {
              if (e.data.type !== 'realtime' || e.data.notice?.table !== 'notifications' || store >= 0) return;
              store = e.data.notice.at;
              done();
            };
            const read = () => document.querySelector('[data-testid="unread-badge"]')?.textContent ?? '';
            const before = read();
            const obs = new MutationObserver(() => {
              if (read() !== before) {
                obs.disconnect();
                dom = Date.now();
                done();
              }
            });
            obs.observe(document.body, { subtree: true, childList: true, characterData: true });
          }),
      );
      await page.waitForTimeout(50);
      const t0 = Date.now();
      await fetch(`${API}/rest/v1/notifications`, {
        method: 'POST',
        headers: svcHeaders,
        body: JSON.stringify({ user_id: user.id, type: 'other', title: `Bench ${i}`, message: '' }),
      });
      // A sample that never arrives (an event lost on the way) is reported, not waited on for ever.
      const arrived = await withTimeout(seen, SAMPLE_TIMEOUT_MS);
      if (arrived) {
        rt.push(arrived.dom - t0);
        motorly.realtimeStore.push(arrived.store - t0);
      } else {
        // Counted as never arriving: a lost event is the worst sample, not a skipped one.
        const half = await page.evaluate(() => Reflect.get(window, '__benchRealtimeSample') as object);
        console.log(`  realtime sample ${i} lost; arrived: ${JSON.stringify(half)}`);
        lost.motorly.push(i);
        rt.push(Infinity);
        motorly.realtimeStore.push(Infinity);
      }
      const peerSample = await withTimeout(peer.realtimeSample(i), SAMPLE_TIMEOUT_MS);
      if (peerSample === null) lost.rxdb.push(i);
      peerRealtime.push(peerSample ?? Infinity);
    }
    if (lost.motorly.length || lost.rxdb.length)
      console.log(
        `  realtime samples lost (no arrival within ${SAMPLE_TIMEOUT_MS / 1000} s): Motorly [${lost.motorly.join(', ')}], RxDB [${lost.rxdb.join(', ')}]`,
      );
    await peer.close();
    rows.push({
      name: 'Realtime insert to DOM p95',
      ours: ms(p95(rt)),
      baseline: '-',
      ratio: '-',
      target: '<= 300 ms',
      pass: p95(rt) <= 300,
    });

    await context.close();

    peerTable = printPeerTable(motorly, { ...peerFigures, realtime: peerRealtime });
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    await stack.close();
    rmSync(tmp, { recursive: true, force: true });
  }

  const cols: (keyof Row)[] = ['name', 'ours', 'baseline', 'ratio', 'target', 'pass'];
  const head = ['Benchmark', 'Local-first sync', 'Baseline', 'Ratio', 'Target', 'Met'];
  const cells = rows.map((r) =>
    cols.map((c) =>
      c === 'pass' ? (r.info ? `info: ${r.pass ? 'within' : 'over'}` : r.pass ? 'yes' : 'NO') : String(r[c]),
    ),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join(' | ');
  console.log('\n' + line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
  console.log(peerTable);
}

export interface FirstDownload {
  /** From page start to the end of the download (ms). */
  fromPageStart: number;
  /** From the first progress update to the end of the download (ms). */
  fromFirstProgress: number;
  /** Rows the download counted (every fresh table). */
  total: number;
  /** Listings in IndexedDB at the end. */
  listings: number;
}

/** In a page that just opened the app on an empty origin: times the first download from its first progress update. */
export async function measureFirstDownload(page: Page): Promise<FirstDownload> {
  return page.evaluate(async () => {
    const wait = (t: number) => new Promise((r) => setTimeout(r, t));
    while (!('__motorlySync' in window)) await wait(10);
    let startedAt = -1;
    let total = 0;
    for (;;) {
      const d = window.__motorlySync.status().status.download;
      if (d && startedAt < 0) {
        startedAt = performance.now();
        total = d.total;
      }
      if (startedAt >= 0 && !d) break;
      await wait(5);
    }
    const endedAt = performance.now();
    return {
      fromPageStart: endedAt,
      fromFirstProgress: endedAt - startedAt,
      total,
      listings: await window.__motorlySync.localCount('vehicle_listings'),
    };
  });
}

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const req = indexedDB.open('keyval-store');
        req.onsuccess = () => {
          const r = req.result.transaction('keyval').objectStore('keyval').get('motorly-auth');
          r.onsuccess = () => {
            const v = r.result as string | undefined;
            if (!v) reject(new Error('no session'));
            else resolve((JSON.parse(v) as { access_token: string }).access_token);
          };
        };
        req.onerror = () => reject(req.error);
      }),
  );
}

/**
 * In the page: after `pauseMs`, clicks the listing screen's bookmark button and returns the time
 * until its aria-pressed shows the toggled state.
 */
async function clickToScreen(pauseMs: number): Promise<number> {
  const wait = (t: number) => new Promise((r) => setTimeout(r, t));
  await wait(pauseMs);
  const find = () => document.querySelector<HTMLButtonElement>('[data-testid="bookmark-toggle"]');
  while (!find() || find()!.disabled) await wait(5);
  const before = find()!.getAttribute('aria-pressed');
  // Inline (page.evaluate sends this function only): the first DOM change showing the new state.
  const flipped = new Promise<number>((resolve) => {
    const obs = new MutationObserver(() => {
      const now = find()?.getAttribute('aria-pressed');
      if (now == null || now === before) return;
      obs.disconnect();
      resolve(performance.now());
    });
    obs.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'], childList: true });
  });
  const t0 = performance.now();
  find()!.click();
  return (await flipped) - t0;
}

/** In the page: the online-only screen, a plain button that shows what the server last answered. */
function addOnlineButton(listingId: string): void {
  const button = document.createElement('button');
  button.id = 'bench-online-bookmark';
  button.type = 'button';
  button.textContent = 'Bookmark (online only)';
  button.setAttribute('aria-pressed', 'false');
  button.onclick = async () => {
    button.disabled = true;
    try {
      const now = await window.__motorlySync.onlineToggleBookmark(
        listingId,
        button.getAttribute('aria-pressed') === 'true',
      );
      button.setAttribute('aria-pressed', String(now));
    } finally {
      button.disabled = false;
    }
  };
  document.body.append(button);
}

/** In the page: clicks the online-only button; time until it shows the server's answer. */
async function onlineClickToScreen(pauseMs: number): Promise<number> {
  const wait = (t: number) => new Promise((r) => setTimeout(r, t));
  await wait(pauseMs);
  const button = document.getElementById('bench-online-bookmark') as HTMLButtonElement;
  while (button.disabled) await wait(5);
  const before = button.getAttribute('aria-pressed');
  const flipped = new Promise<number>((resolve) => {
    const obs = new MutationObserver(() => {
      if (button.getAttribute('aria-pressed') === before) return;
      obs.disconnect();
      resolve(performance.now());
    });
    obs.observe(button, { attributes: true, attributeFilter: ['aria-pressed'] });
  });
  const t0 = performance.now();
  button.click();
  return (await flipped) - t0;
}

/**
 * In the page: the raw IndexedDB write rate for the rows the download stored. Copies the app's object stores
 * (same keyPath and indexes, read from the app's database) and the plain variant without indexes, then times
 * one readwrite transaction of puts of every row of `stores`.
 */
export async function rawPutBaseline(
  stores: readonly string[],
): Promise<{ all: number; allPlain: number; rows: number }> {
  const request = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const src = await request(indexedDB.open('motorly'));
  const data: Record<string, unknown[]> = {};
  const indexes: Record<string, { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }[]> =
    {};
  for (const s of stores) {
    const store = src.transaction(s).objectStore(s);
    indexes[s] = Array.from(store.indexNames, (name) => {
      const idx = store.index(name);
      return { name, keyPath: idx.keyPath, unique: idx.unique, multiEntry: idx.multiEntry };
    });
    data[s] = await request(store.getAll());
  }
  src.close();
  const created: string[] = [];
  const open = (withIndexes: boolean, only: string[]) => {
    const name = `bench-raw-${withIndexes ? 'idx' : 'plain'}-${only.length}-${Date.now()}`;
    created.push(name);
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      for (const s of only) {
        const store = req.result.createObjectStore(s, { keyPath: 'id' });
        if (withIndexes)
          for (const i of indexes[s])
            store.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
      }
    };
    return request(req);
  };
  const timePut = async (withIndexes: boolean, rowsByStore: Record<string, unknown[]>) => {
    const names = Object.keys(rowsByStore);
    const dst = await open(withIndexes, names);
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const tx = dst.transaction(names, 'readwrite', { durability: 'relaxed' });
      for (const s of names) for (const row of rowsByStore[s]) tx.objectStore(s).put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const elapsed = performance.now() - t0;
    dst.close();
    return elapsed;
  };
  const result = {
    all: await timePut(true, data),
    allPlain: await timePut(false, data),
    rows: Object.values(data).reduce((n, a) => n + a.length, 0),
  };
  for (const name of created) indexedDB.deleteDatabase(name);
  return result;
}

/** In the page: the same 1,000 ops as the engine's drain, one apply_mutations request each. */
async function perOpBaseline(a: {
  api: string;
  token: string;
  anon: string;
  userId: string;
  listingId: string;
}): Promise<number> {
  const headers = { apikey: a.anon, authorization: `Bearer ${a.token}`, 'content-type': 'application/json' };
  const clientId = crypto.randomUUID();
  const t0 = performance.now();
  let rowId = crypto.randomUUID();
  for (let seq = 1; seq <= 1000; seq++) {
    const create = seq % 2 === 1;
    if (create) rowId = crypto.randomUUID();
    const op = {
      op_id: crypto.randomUUID(),
      seq,
      type: create ? 'create' : 'delete',
      table: 'bookmarks',
      row_id: rowId,
      data: create ? { id: rowId, user_id: a.userId, vehicle_listing_id: a.listingId, note: '' } : {},
    };
    const res = await fetch(`${a.api}/rest/v1/rpc/apply_mutations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ client_id: clientId, ops: [op] }),
    });
    if (!res.ok) throw new Error(`per-op baseline failed: ${res.status}`);
  }
  return performance.now() - t0;
}

/** Queues 1,000 ops offline, goes online and returns the time until the outbox is empty. */
async function drainOutbox(page: Page, context: BrowserContext, listingId: string): Promise<number> {
  await context.setOffline(true);
  await page.evaluate(async (id) => {
    for (let i = 0; i < 1000; i++) await window.__motorlySync.toggleListingBookmark(id);
  }, listingId);
  const drainPromise = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        window.addEventListener(
          'online',
          () => {
            const t0 = performance.now();
            const poll = async () => {
              const c = await window.__motorlySync.queueCounts();
              if (c.queued === 0 && c.parked === 0) resolve(performance.now() - t0);
              else setTimeout(poll, 10);
            };
            void poll();
          },
          { once: true },
        );
      }),
  );
  await page.waitForTimeout(200);
  await context.setOffline(false);
  return drainPromise;
}

async function waitQueueEmpty(page: Page, timeout: number): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const c = await page.evaluate(() => window.__motorlySync.queueCounts());
    if (c.queued === 0 && c.parked === 0) return;
    await page.waitForTimeout(100);
  }
  throw new Error('The outbox did not drain');
}

if (isMain(import.meta.url))
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
