// `npm run bench:web`: Lighthouse (mobile preset) on the production build served with the embedded
// stack (scripts/start.ts --fresh), for /, /marketplace and one listing: first visit (fresh profile)
// and repeat visit (service worker installed, warm), medians beside the targets; then the bytes a first
// visit transfers before LCP and for the whole catalogue download. BENCH_WEB_RUNS (default 5),
// BENCH_APP_PORT / BENCH_API_PORT (default 5203 / 54403), CHROME_PATH (default /usr/bin/chromium).
// BENCH_WEB_ROUTES (a comma list of '/', '/marketplace', 'listing'; default all three) measures only those;
// BENCH_WEB_REPEAT=0 skips the repeat visits and the catalogue's bytes (first visits only, a third of the time).
// Then the floor block (bench/web-floor.ts; BENCH_WEB_FLOOR=0 skips it): the same Lighthouse first visit of
// the app's prerendered home HTML with no app code, with React DOM only, and with one React render, so the
// app's TBT can be read against what this machine counts for the least a React page does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { serveFloor } from './web-floor';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? process.env.BENCH_RUNS ?? 5);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 5203);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 54403);
const CHROME_PATH = (process.env.CHROME_PATH ??= '/usr/bin/chromium');
// Without headless Chromium 156's hidden omnibox-popup renderers, which take CPU from the page under test
// (scripts/chromium-args.ts).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
const APP = `http://localhost:${APP_PORT}`;
const ROUTES = (process.env.BENCH_WEB_ROUTES ?? '/,/marketplace,listing').split(',').map((r) => r.trim());
const REPEAT = process.env.BENCH_WEB_REPEAT !== '0';
const FLOOR = process.env.BENCH_WEB_FLOOR !== '0';

interface Sample {
  lcp: number;
  cls: number;
  tbt: number;
  bytesBeforeLcp: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function startServer(): Promise<() => void> {
  const child = spawn(
    'npx',
    ['tsx', 'scripts/start.ts', '--fresh', '--app-port', String(APP_PORT), '--api-port', String(API_PORT)],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('scripts/start.ts did not start within 5 minutes')), 300_000);
    child.stdout.on('data', async () => {
      const up = await fetch(APP)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`scripts/start.ts exited with ${code}`)));
  });
  return () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  };
}

function sample(lhr: Result): Sample {
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const metrics = lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined;
  const observedLcp = metrics?.items?.[0]?.observedLargestContentfulPaint ?? Infinity;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { transferSize?: number; networkEndTime?: number }[] })
      ?.items ?? [];
  const bytesBeforeLcp = requests
    .filter((r) => (r.networkEndTime ?? Infinity) <= observedLcp)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    lcp: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbt: num('total-blocking-time'),
    bytesBeforeLcp,
  };
}

async function runLighthouse(url: string, repeat: boolean): Promise<Sample> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'motorly-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance'],
    };
    if (repeat) {
      // Install the service worker and warm its caches, then measure without clearing storage.
      await lighthouse(url, { ...flags, disableStorageReset: true });
    }
    const result = await lighthouse(url, { ...flags, disableStorageReset: repeat });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return sample(result.lhr);
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Bytes on the wire for the whole first catalogue download: every Data API response of a first visit. */
async function catalogueBytes(): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    let bytes = 0;
    let last = Date.now();
    page.on('requestfinished', async (req) => {
      if (!req.url().startsWith(`http://127.0.0.1:${API_PORT}`)) return;
      const sizes = await req.sizes();
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      last = Date.now();
    });
    await page.goto(APP);
    await page.locator('.cat-brands a.cat-brand').first().waitFor({ timeout: 120_000 });
    while (Date.now() - last < 5000) await page.waitForTimeout(500);
    return bytes;
  } finally {
    await browser.close();
  }
}

async function listingUrl(): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${APP}/marketplace`);
    const href = await page.locator('main a[href^="/marketplace/"]').first().getAttribute('href', { timeout: 120_000 });
    return `${APP}${href}`;
  } finally {
    await browser.close();
  }
}

const fmt = {
  s: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
  ms: (ms: number) => `${Math.round(ms)} ms`,
  cls: (v: number) => v.toFixed(3),
  kb: (b: number) => `${(b / 1024).toFixed(0)} KB`,
};
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The floor block: Lighthouse first visits of pages that do less than any React app can. */
async function floorBlock(): Promise<void> {
  const floor = await serveFloor(path.resolve('dist'), APP_PORT + 1);
  try {
    console.log(
      `\nFloor, same settings and ${RUNS} runs each: the app's prerendered home page (dist/index.html) without ` +
        `the app's code; scripts start after the first contentful paint, as the app's do`,
    );
    for (const page of floor.pages) {
      const runs: Sample[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(page.url, false));
      const tbt = median(runs.map((s) => s.tbt));
      console.log(
        `${page.name.padEnd(24)} TBT ${fmt.ms(tbt)} (runs ${runs.map((s) => Math.round(s.tbt)).join(', ')}) | ` +
          `LCP ${fmt.s(median(runs.map((s) => s.lcp)))}`,
      );
    }
  } finally {
    floor.stop();
  }
}

const stop = await startServer();
try {
  const pages: [string, string][] = [];
  for (const name of ROUTES) {
    if (name === 'listing') pages.push([name, await listingUrl()]);
    else if (name === '/' || name === '/marketplace') pages.push([name, `${APP}${name}`]);
    else throw new Error(`BENCH_WEB_ROUTES: unknown route ${name} (use /, /marketplace, listing)`);
  }
  const rows: string[] = [];
  for (const [name, url] of pages) {
    const first: Sample[] = [];
    const repeat: Sample[] = [];
    for (let i = 0; i < RUNS; i++) first.push(await runLighthouse(url, false));
    if (REPEAT) for (let i = 0; i < RUNS; i++) repeat.push(await runLighthouse(url, true));
    const lcp = median(first.map((s) => s.lcp));
    const cls = median(first.map((s) => s.cls));
    const tbt = median(first.map((s) => s.tbt));
    const bytes = median(first.map((s) => s.bytesBeforeLcp));
    const rlcp = REPEAT ? median(repeat.map((s) => s.lcp)) : NaN;
    rows.push(
      [
        name.padEnd(13),
        `first LCP ${fmt.s(lcp)} (<= 1.5 s ${mark(lcp <= 1500)})`,
        `CLS ${fmt.cls(cls)} (<= 0.02 ${mark(cls <= 0.02)})`,
        `TBT ${fmt.ms(tbt)} (<= 150 ms ${mark(tbt <= 150)}; runs ${first.map((s) => Math.round(s.tbt)).join(', ')})`,
        REPEAT ? `repeat LCP ${fmt.s(rlcp)} (<= 0.8 s ${mark(rlcp <= 800)})` : 'repeat visit not measured',
        `bytes before LCP ${fmt.kb(bytes)}`,
      ].join(' | '),
    );
    console.log(rows[rows.length - 1]);
  }
  console.log(`\nLighthouse mobile preset, medians of ${RUNS} runs (first visit: fresh profile; repeat: SW warm)`);
  for (const row of rows) console.log(row);
  if (REPEAT) {
    const catalogue = await catalogueBytes();
    console.log(`whole catalogue on the wire ${fmt.kb(catalogue)} (<= 3 MB ${mark(catalogue <= 3 * 1024 * 1024)})`);
  }
  if (FLOOR) await floorBlock();
} finally {
  stop();
}
