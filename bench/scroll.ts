// `npm run bench:scroll`: scrolling the marketplace's results (pages arrive from the server as it nears the
// end: issue 32's query engine) in real Chromium at 4x CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), list and grid views, virtualised (VirtualGrid) and, in the
// same run, with virtualisation switched off (localStorage 'motorly:virtual-lists' = 'off').
// The first row is the ceiling: a static page of the same height (no script, no images) scrolled the
// same way under the same throttling and browser flags. Headless Chromium here composites and rasters
// in software on a shared CPU, so the ceiling itself may be well under 60 fps; the virtualised rows
// are also given as a share of it.
// Scrolling: window.scrollBy a fixed step in every requestAnimationFrame callback, so every visible
// step needs a main-thread frame (the strict case for a window-virtualised list, which must render
// new rows on the main thread). Frames are counted twice: the rAF intervals (an interval of n vsyncs
// drops n - 1) and, from a Chromium trace of the same scroll, the compositor's PipelineReporter frames
// presented with the main thread's update (STATE_PRESENTED_ALL) against the vsyncs in the window.
// Main-thread cost per frame (script, style + layout, all tasks) comes from CDP Performance.getMetrics.
// BENCH_PROFILE=1 also saves a CPU profile of the virtualised scrolls (.cpuprofile, open in DevTools)
// and prints the functions with the most self time.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright';
import { startPrivateApp } from './private-app';
import type { TraceEvent } from './trace-tasks';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 55920);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 55921);
const OUT_DIR = path.resolve('node_modules/.cache/motorly-bench-scroll');
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** Pixels scrolled per animation frame (about 3,000 px a second at 60 fps: a brisk flick). */
const STEP_PX = 50;
const SCROLL_PX = Number(process.env.BENCH_SCROLL_PX ?? 30_000);
const VSYNC_MS = 1000 / 60;
const PROFILE = process.env.BENCH_PROFILE === '1';
/** BENCH_ONLY=virtualised (or list, grid ...): only the rows whose label contains it, besides the ceiling. */
const ONLY = process.env.BENCH_ONLY ?? '';
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The hidden omnibox-popup renderers of headless Chromium 156 (scripts/chromium-args.ts).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
if (process.env.BENCH_DISABLE_GPU !== '0') BROWSER_ARGS.push('--disable-gpu');

interface FrameStats {
  frames: number;
  seconds: number;
  dropped: number;
  p95: number;
  worst: number;
}

interface TraceStats {
  /** Frames the compositor presented with the main thread's update (the scroll step) in them. */
  presented: number;
  /** Vsyncs in the scroll window that did not present such a frame. */
  missed: number;
  seconds: number;
}

interface Row extends FrameStats {
  label: string;
  renderMs: number;
  domNodes: number;
  heapMb: number;
  trace: TraceStats | null;
  /** Main-thread milliseconds per rAF frame (throttled time). */
  scriptMs: number;
  layoutMs: number;
  taskMs: number;
}

/** Opens the marketplace and returns the market's total (the query engine fetches pages as the list scrolls). */
async function waitForCatalogue(page: Page): Promise<number> {
  await page.goto(`http://localhost:${APP_PORT}/marketplace`);
  await page.getByTestId('listing-card').first().waitFor({ timeout: 120_000 });
  const line = page.getByTestId('result-count');
  for (const t0 = Date.now(); Date.now() - t0 < 60_000; await page.waitForTimeout(500)) {
    const total = /of ([\d,]+)/.exec((await line.textContent()) ?? '')?.[1];
    if (total) return Number(total.replace(/,/g, ''));
  }
  throw new Error(`no market total on the marketplace ("${await line.textContent()}")`);
}

/**
 * Waits until the page has finished loading its results: two seconds in a row with under 10% of the main
 * thread busy (CDP TaskDuration, which also sees IndexedDB callbacks between idle periods), max 60 s.
 */
async function settle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    let quiet = 0;
    let last = (await metrics(cdp)).TaskDuration;
    for (let i = 0; i < 60 && quiet < 2; i++) {
      await page.waitForTimeout(1000);
      const now = (await metrics(cdp)).TaskDuration;
      quiet = now - last < 0.1 ? quiet + 1 : 0;
      last = now;
    }
  } finally {
    await cdp.detach();
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
      if (stamps.length === 1) performance.mark('bench-scroll-start');
      if (scrolled >= ${SCROLL_PX}) {
        performance.mark('bench-scroll-end');
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

/** BENCH_PROFILE: main-thread self time by trace event (Paint, Layout, FunctionCall, image decodes ...). */
function mainThreadBreakdown(events: TraceEvent[], start: TraceEvent, end: TraceEvent, frames: number): string[] {
  const main = events.find((e) => e.ph === 'M' && e.pid === start.pid && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const spans = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.ts >= start.ts && e.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const e of spans) {
    while (stack.length && stack[stack.length - 1].ts + (stack[stack.length - 1].dur ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 18)
    .map(([name, us]) => `  ${(us / 1000 / frames).toFixed(2).padStart(7)} ms/frame  ${name}`);
}

const breakdowns: { label: string; lines: string[] }[] = [];

/** Frames presented with the main thread's update between the page's scroll marks, from the trace. */
function traceStats(json: string, label: string, frames: number): TraceStats | null {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const start = events.find((e) => e.name === 'bench-scroll-start');
  const end = events.find((e) => e.name === 'bench-scroll-end');
  if (!start || !end) return null;
  let presented = 0;
  for (const e of events) {
    if (e.name !== 'PipelineReporter' || e.ph !== 'b' || e.pid !== start.pid) continue;
    if (e.ts < start.ts || e.ts > end.ts) continue;
    const state = (e.args?.frame_reporter ?? e.args?.chrome_frame_reporter)?.state;
    if (state === 'STATE_PRESENTED_ALL') presented++;
  }
  if (PROFILE) breakdowns.push({ label, lines: mainThreadBreakdown(events, start, end, frames) });
  const seconds = (end.ts - start.ts) / 1e6;
  return { presented, missed: Math.max(0, Math.round((seconds * 1000) / VSYNC_MS) - presented), seconds };
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

const profiles: { label: string; profile: unknown }[] = [];

/** Scrolls the page that is open, throttled, tracing it; the page is ready and at the top. */
async function scrollRow(browser: Browser, page: Page, label: string, renderMs: number): Promise<Row> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const profiling = PROFILE && !label.includes('all rendered');
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    const categories = ['blink.user_timing', 'disabled-by-default-devtools.timeline.frame'];
    if (PROFILE) categories.push('devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute');
    await browser.startTracing(page, { categories });
    const before = await metrics(cdp);
    const intervals = await scrollFrames(page);
    const after = await metrics(cdp);
    const trace = traceStats((await browser.stopTracing()).toString(), label, intervals.length);
    if (profiling) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      profiles.push({ label, profile });
    }
    const per = (name: string) => ((after[name] - before[name]) * 1000) / Math.max(1, intervals.length);
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    return {
      label,
      renderMs,
      domNodes,
      heapMb: heap / 1024 / 1024,
      trace,
      scriptMs: per('ScriptDuration'),
      layoutMs: per('LayoutDuration') + per('RecalcStyleDuration'),
      taskMs: per('TaskDuration'),
      ...stats(intervals),
    };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function measure(browser: Browser, page: Page, view: 'list' | 'grid', virtual: boolean): Promise<Row> {
  await page.evaluate(
    ([v, on]) => {
      localStorage.setItem('motorly.marketplace.view', v);
      if (on) localStorage.removeItem('motorly:virtual-lists');
      else localStorage.setItem('motorly:virtual-lists', 'off');
    },
    [view, virtual] as const,
  );
  const t0 = Date.now();
  await page.goto(`http://localhost:${APP_PORT}/marketplace`);
  await page.getByTestId('listing-card').first().waitFor({ timeout: 120_000 });
  const renderMs = Date.now() - t0;
  await page.waitForTimeout(500);
  await settle(page);
  const row = await scrollRow(browser, page, `${view}, ${virtual ? 'virtualised' : 'all rendered'}`, renderMs);
  // The first pages are short lists (rendered whole); by the end of the scroll the list must be virtual, or not.
  const state = await page.getByTestId('listing-results').getAttribute('data-virtual');
  if (state !== (virtual ? 'on' : null))
    throw new Error(`expected virtualisation ${virtual ? 'on' : 'off'} in the ${view} view`);
  return row;
}

/** The ceiling: a static page as tall as the virtualised list's, no script, a striped background to paint. */
async function measureStatic(browser: Browser, page: Page, height: number): Promise<Row> {
  await page.goto(`http://localhost:${APP_PORT}/marketplace`);
  await page.setContent(
    `<!doctype html><html><body style="margin:0"><div style="height:${height}px;` +
      `background:repeating-linear-gradient(#fff 0 120px,#eef1f5 120px 240px)"></div></body></html>`,
  );
  await page.waitForTimeout(1500);
  return scrollRow(browser, page, 'static page (ceiling)', 0);
}

function printProfiles(): void {
  for (const { label, lines } of breakdowns)
    console.log(`\nMain thread, ${label}: self time by trace event\n${lines.join('\n')}`);
  for (const { label, profile } of profiles) {
    const file = path.join(OUT_DIR, `${label.replace(/[^a-z]+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const p = profile as {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
    const self = new Map<number, number>();
    p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
    const byName = new Map<string, number>();
    let total = 0;
    for (const n of p.nodes) {
      const us = self.get(n.id) ?? 0;
      total += us;
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : ''}`;
      byName.set(key, (byName.get(key) ?? 0) + us);
    }
    console.log(`\nCPU profile, ${label} (${file}): top self time of ${(total / 1000).toFixed(0)} ms`);
    for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(
        `  ${(us / 1000).toFixed(1).padStart(8)} ms  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`,
      );
  }
}

async function main(): Promise<void> {
  const app = await startPrivateApp({
    outDir: OUT_DIR,
    appPort: APP_PORT,
    apiPort: API_PORT,
    browserArgs: BROWSER_ARGS,
  });
  const browser = app.browser;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(() => localStorage.setItem('motorly:onboarding', 'off'));
    const n = await waitForCatalogue(page);
    console.log(
      `Marketplace of ${n.toLocaleString('en-GB')} listings on the server, pages fetched as the list scrolls, 1280x900.`,
    );
    console.log(
      `Scrolling ${SCROLL_PX.toLocaleString('en-GB')} px, ${STEP_PX} px a frame, CPU slowed ${CPU_SLOWDOWN}x.\n`,
    );
    const rows: Row[] = [];
    for (const view of ['list', 'grid'] as const)
      for (const virtual of [true, false])
        if (!ONLY || `${view}, ${virtual ? 'virtualised' : 'all rendered'}`.includes(ONLY))
          rows.push(await measure(browser, page, view, virtual));
    const listHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    rows.unshift(await measureStatic(browser, page, Math.max(listHeight, SCROLL_PX + 2000)));
    console.log(`Chromium flags: ${BROWSER_ARGS.join(' ')} (headless).\n`);
    console.log(
      `${'view'.padEnd(24)} ${'first card'.padStart(10)} ${'DOM'.padStart(6)} ${'heap MB'.padStart(7)}` +
        ` ${'frames'.padStart(6)} ${'fps'.padStart(5)} ${'dropped'.padStart(7)} ${'p95 ms'.padStart(6)} ${'worst'.padStart(5)}` +
        ` ${'trace fps'.padStart(9)} ${'missed'.padStart(6)} ${'script'.padStart(6)} ${'layout'.padStart(6)} ${'task'.padStart(5)}` +
        ` ${'of ceiling'.padStart(10)}`,
    );
    const fps = (r: Row) => r.frames / r.seconds;
    const ceiling = rows[0];
    for (const r of rows) {
      const t = r.trace;
      console.log(
        `${r.label.padEnd(24)} ${r.renderMs ? `${r.renderMs} ms`.padStart(10) : '-'.padStart(10)} ${String(r.domNodes).padStart(6)}` +
          ` ${r.heapMb.toFixed(0).padStart(7)} ${String(r.frames).padStart(6)} ${fps(r).toFixed(1).padStart(5)}` +
          ` ${String(r.dropped).padStart(7)} ${r.p95.toFixed(1).padStart(6)} ${r.worst.toFixed(0).padStart(5)}` +
          ` ${(t ? (t.presented / t.seconds).toFixed(1) : 'n/a').padStart(9)} ${(t ? String(t.missed) : 'n/a').padStart(6)}` +
          ` ${r.scriptMs.toFixed(1).padStart(6)} ${r.layoutMs.toFixed(1).padStart(6)} ${r.taskMs.toFixed(1).padStart(5)}` +
          ` ${`${((100 * fps(r)) / fps(ceiling)).toFixed(0)}%`.padStart(10)}`,
      );
    }
    console.log(
      '\nfps and dropped: rAF intervals while scrolling; trace fps and missed: frames presented with the scroll' +
        ' step (Chromium PipelineReporter) and vsyncs without one; script, layout (style + layout) and task: main-thread' +
        ' ms per frame at the throttled rate (a 60 fps frame has 16.7 ms).',
    );
    const virtualRows = rows.filter((r) => r.label.includes('virtualised'));
    const worst = virtualRows.reduce((a, b) => (fps(a) <= fps(b) ? a : b));
    const worstShare = Math.max(...virtualRows.map((r) => r.dropped / (r.frames + r.dropped)));
    console.log(
      `Ceiling (static page, same flags and throttling): ${fps(ceiling).toFixed(1)} fps, ${ceiling.dropped} dropped.` +
        ` Virtualised, slowest view: ${fps(worst).toFixed(1)} fps = ${((100 * fps(worst)) / fps(ceiling)).toFixed(0)}% of the ceiling.`,
    );
    console.log(
      `Target: 60 fps with few dropped frames (under 5%) when virtualised: ` +
        `${worstShare < 0.05 ? 'met' : 'missed'} (worst ${(worstShare * 100).toFixed(1)}% dropped` +
        `${fps(ceiling) < 57 ? `; this browser reaches only ${fps(ceiling).toFixed(1)} fps on a static page` : ''}).`,
    );
    if (PROFILE) printProfiles();
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
