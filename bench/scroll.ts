// `npm run bench:scroll`: scrolling 1,000 marketplace results in real Chromium at 4x CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), list and grid views, virtualised (VirtualGrid) and, in the
// same run, with virtualisation switched off (localStorage 'motorly:virtual-lists' = 'off').
// The page scrolls a fixed distance a little every animation frame; the frame intervals give the
// frames per second and the dropped frames (an interval of n vsyncs drops n - 1). Target: 60 fps,
// i.e. few dropped frames, for the virtualised list.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { preview } from 'vite';
import { DEFAULT_ANON_KEY } from '../supabase/local/jwt';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 55920);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 55921);
const OUT_DIR = path.resolve('node_modules/.cache/motorly-bench-scroll');
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** Pixels scrolled per animation frame (about 3,000 px a second at 60 fps: a brisk flick). */
const STEP_PX = 50;
const SCROLL_PX = Number(process.env.BENCH_SCROLL_PX ?? 30_000);
const VSYNC_MS = 1000 / 60;

interface FrameStats {
  frames: number;
  seconds: number;
  dropped: number;
  p95: number;
  worst: number;
}

interface Row extends FrameStats {
  label: string;
  renderMs: number;
  domNodes: number;
  heapMb: number;
}

async function waitForCatalogue(page: Page): Promise<number> {
  await page.goto(`http://localhost:${APP_PORT}/marketplace`);
  const t0 = Date.now();
  for (;;) {
    const more = page.getByTestId('more-cars').getByRole('button', { name: 'Show latest results' });
    if (await more.isVisible().catch(() => false)) await more.click();
    const text =
      (await page
        .getByTestId('result-count')
        .textContent()
        .catch(() => '')) ?? '';
    const n = Number(text.replace(/[^0-9]/g, ''));
    if (n >= 10_000 && !(await more.isVisible().catch(() => false))) return n;
    if (Date.now() - t0 > 240_000) {
      await page.screenshot({ path: path.join(OUT_DIR, 'download-timeout.png') });
      throw new Error(`catalogue download did not finish (${n} listings; the page says "${text}")`);
    }
    if (process.env.BENCH_VERBOSE) console.log(`  ... ${text}`);
    await page.waitForTimeout(2000);
  }
}

/**
 * Scrolls SCROLL_PX in STEP_PX steps, one per animation frame, and returns the frame intervals.
 * The page script is a string: tsx would wrap named functions in a helper the page does not have.
 */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const stamps = [];
    let scrolled = 0;
    function tick(t) {
      stamps.push(t);
      if (scrolled >= ${SCROLL_PX}) {
        resolve(stamps.slice(1).map((s, i) => s - stamps[i]));
        return;
      }
      window.scrollBy(0, ${STEP_PX});
      scrolled += ${STEP_PX};
      requestAnimationFrame(tick);
    }
    window.scrollTo(0, 0);
    requestAnimationFrame(() => requestAnimationFrame(tick));
  })`);
}

function stats(intervals: number[]): FrameStats {
  const sorted = [...intervals].sort((a, b) => a - b);
  const total = intervals.reduce((a, b) => a + b, 0);
  const dropped = intervals.reduce((n, ms) => n + Math.max(0, Math.round(ms / VSYNC_MS) - 1), 0);
  return {
    frames: intervals.length,
    seconds: total / 1000,
    dropped,
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)],
    worst: sorted[sorted.length - 1],
  };
}

async function measure(page: Page, view: 'list' | 'grid', virtual: boolean): Promise<Row> {
  await page.evaluate(
    ([v, on]) => {
      localStorage.setItem('motorly.marketplace.view', v);
      if (on) localStorage.removeItem('motorly:virtual-lists');
      else localStorage.setItem('motorly:virtual-lists', 'off');
    },
    [view, virtual] as const,
  );
  const t0 = Date.now();
  await page.goto(`http://localhost:${APP_PORT}/marketplace?size=1000`);
  await page.getByTestId('listing-card').first().waitFor({ timeout: 120_000 });
  const results = page.getByTestId('listing-results');
  const expectVirtual = virtual ? 'on' : null;
  if ((await results.getAttribute('data-virtual')) !== expectVirtual)
    throw new Error(`expected virtualisation ${virtual ? 'on' : 'off'} in the ${view} view`);
  const renderMs = Date.now() - t0;
  await page.waitForTimeout(1500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    const intervals = await scrollFrames(page);
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    return {
      label: `${view}, ${virtual ? 'virtualised' : 'all rendered'}`,
      renderMs,
      domNodes,
      heapMb: heap / 1024 / 1024,
      ...stats(intervals),
    };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function main(): Promise<void> {
  console.log(`Building the app for a private stack on :${API_PORT} ...`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: `http://127.0.0.1:${API_PORT}`,
      VITE_SUPABASE_ANON_KEY: DEFAULT_ANON_KEY,
    },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const { startStack } = (await import(path.resolve('supabase/local/server.ts'))) as {
    startStack(o: { port: number; dataDir: string; quiet?: boolean; demoKeys?: boolean; siteUrl?: string }): Promise<{
      close(): Promise<void>;
    }>;
  };
  const stack = await startStack({
    port: API_PORT,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-scroll-')),
    quiet: true,
    demoKeys: true,
    // The API answers the app's origin only (CORS allow-list).
    siteUrl: `http://localhost:${APP_PORT}`,
  });
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: OUT_DIR },
    preview: { port: APP_PORT, strictPort: true, host: 'localhost' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(() => localStorage.setItem('motorly:onboarding', 'off'));
    const n = await waitForCatalogue(page);
    console.log(`Catalogue in IndexedDB: ${n.toLocaleString('en-GB')} listings. Page of 1,000 results, 1280x900.`);
    console.log(
      `Scrolling ${SCROLL_PX.toLocaleString('en-GB')} px, ${STEP_PX} px a frame, CPU slowed ${CPU_SLOWDOWN}x.\n`,
    );
    const rows: Row[] = [];
    for (const view of ['list', 'grid'] as const)
      for (const virtual of [true, false]) rows.push(await measure(page, view, virtual));
    console.log(
      `${'view'.padEnd(26)} ${'first card'.padStart(10)} ${'DOM nodes'.padStart(9)} ${'heap MB'.padStart(8)}` +
        ` ${'frames'.padStart(6)} ${'fps'.padStart(5)} ${'dropped'.padStart(7)} ${'p95 ms'.padStart(7)} ${'worst'.padStart(6)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(26)} ${`${r.renderMs} ms`.padStart(10)} ${String(r.domNodes).padStart(9)}` +
          ` ${r.heapMb.toFixed(0).padStart(8)} ${String(r.frames).padStart(6)} ${(r.frames / r.seconds).toFixed(1).padStart(5)}` +
          ` ${String(r.dropped).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.worst.toFixed(0).padStart(6)}`,
      );
    }
    const virtualRows = rows.filter((r) => r.label.includes('virtualised'));
    const worstShare = Math.max(...virtualRows.map((r) => r.dropped / (r.frames + r.dropped)));
    console.log(
      `\nTarget: 60 fps with few dropped frames (under 5%) when virtualised: ` +
        `${worstShare < 0.05 ? 'met' : 'missed'} (worst ${(worstShare * 100).toFixed(1)}% dropped).`,
    );
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await stack.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
