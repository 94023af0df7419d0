// The device figures of bench:scale, in real Chromium on fresh profiles:
//   - a cold first visit to /marketplace at 4x CPU and slow 4G: first listing card in view, and the bytes
//     the browser received before it (every origin, every requester: bench/scale/wire.ts);
//   - a 30-search session at 150 ms RTT and 4x CPU (SESSION_CPU): 25 new searches (the first 20 give the
//     p95), a next page after each of the last 5, then 5 covered searches repeated; the long tasks of the
//     whole session, and what the app's IndexedDB then holds.
import type { Browser } from 'playwright';
import {
  prepareTap,
  tapFloor,
  tapNextPage,
  tapSearch,
  idbStoreSizes,
  type NextPage,
  type StoreSize,
  type Tap,
} from './in-page';
import {
  RTT_150,
  SLOW_4G,
  firstCardTime,
  freshProfile,
  longTasksSince,
  pageTimeOrigin,
  throttle,
  type LongTasks,
  type Profile,
} from './page';
import type { WireMeter } from './wire';
import { requestLog } from './net-log';
import { summariseTrace, TRACE_CATEGORIES } from '../trace-tasks';

/** BENCH_SCALE_TRACE=file.json: a Chromium trace of the session's taps, its long tasks summarised. */
const TRACE = process.env.BENCH_SCALE_TRACE;

const CPU = 4;
export const SESSION_CPU = Number(process.env.BENCH_SCALE_SESSION_CPU ?? CPU);
const STEP_TIMEOUT_MS = Number(process.env.BENCH_SCALE_STEP_TIMEOUT_MS ?? 20_000);
const FIRST_VISIT_TIMEOUT_MS = 120_000;

export interface ColdVisit {
  /** ms from navigation start to the first frame with a listing card in view (null: none in time). */
  firstResultsMs: number | null;
  /** Bytes received before then (null with firstResultsMs). */
  bytes: { total: number; byRelay: Record<string, number> } | null;
  /**
   * The page's own requests before then, as CDP's page session counts them (Network.loadingFinished
   * encodedDataLength): without its workers' and service worker's requests, which that session never sees.
   */
  pageBytes: number | null;
}

/** Network.loadingFinished of the page's session, as wall-clock times (ms) and encoded sizes. */
function pageLoads(cdp: Profile['cdp']): { at: number; bytes: number }[] {
  const loads: { at: number; bytes: number }[] = [];
  let offset: number | null = null; // wallTime - timestamp, both in seconds
  cdp.on('Network.requestWillBeSent', (e) => {
    offset ??= e.wallTime - e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (offset !== null) loads.push({ at: (e.timestamp + offset) * 1000, bytes: e.encodedDataLength });
  });
  return loads;
}

export async function coldVisit(browser: Browser, app: string, meter: WireMeter): Promise<ColdVisit> {
  const p = await freshProfile(browser);
  try {
    await throttle(p.cdp, SLOW_4G, CPU);
    const loads = pageLoads(p.cdp);
    const started = Date.now();
    await p.page.goto(`${app}/marketplace`, { waitUntil: 'commit', timeout: FIRST_VISIT_TIMEOUT_MS });
    const first = await firstCardTime(p.page, FIRST_VISIT_TIMEOUT_MS);
    if (first === null) return { firstResultsMs: null, bytes: null, pageBytes: null };
    const end = (await pageTimeOrigin(p.page)) + first;
    return {
      firstResultsMs: first,
      bytes: meter.between(started - 1, end),
      pageBytes: loads.filter((l) => l.at <= end).reduce((n, l) => n + l.bytes, 0),
    };
  } finally {
    await p.context.close();
  }
}

export interface Session {
  /** The first 20 new searches (ms; NaN: no answer within the step timeout). */
  newSearches: Tap[];
  /** The 5 further new searches. */
  moreSearches: Tap[];
  nextPages: NextPage[];
  repeats: Tap[];
  /** The same tap with no app work (tapFloor), 5 times after the repeats (ms). */
  floor: number[];
  longTasks: LongTasks;
  idb: { stores: StoreSize[]; usage: number };
  /** ms from navigation to the first card on the session's first (warm-server, fresh-profile) visit. */
  firstVisitMs: number | null;
  /** Why the session stopped early (its remaining steps are missing from the figures). */
  stopped?: string;
}

/** After this many unanswered taps in a row the session stops: the build is not answering searches. */
const MAX_TIMEOUTS_IN_A_ROW = 3;

const log = (line: string) => console.log(`  ${line}`);
const fmtTap = (t: Tap) =>
  t.outcome === 'timeout' ? 'timeout' : `${t.ms.toFixed(0)} ms${t.outcome === 'empty' ? ' (empty)' : ''}`;

/** Where each step began (performance.now() of the page), to say in which step each long task fell. */
type Steps = { label: string; at: number }[];
const stepAt = async (p: Profile, steps: Steps, label: string) =>
  steps.push({ label, at: await p.page.evaluate(() => performance.now()) });

/** One line naming the steps the long tasks fell in, e.g. "search 1: 2 (93, 61)". */
function tasksByStep(steps: Steps, tasks: { start: number; duration: number }[]): string {
  const by = new Map<string, number[]>();
  for (const t of tasks) {
    const step = steps.filter((s) => s.at <= t.start).at(-1)?.label ?? 'before the first tap';
    by.set(step, [...(by.get(step) ?? []), Math.round(t.duration)]);
  }
  return [...by].map(([step, ms]) => `${step}: ${ms.length} (${ms.join(', ')})`).join('; ') || 'none';
}

/** BENCH_SCALE_NETLOG=1: the first visit's requests, then each search's, logged after its time (net-log.ts). */
const NETLOG = process.env.BENCH_SCALE_NETLOG === '1';
const requestLogs = new WeakMap<Profile, ReturnType<typeof requestLog>>();

async function search(p: Profile, query: string): Promise<Tap> {
  await p.page.evaluate(prepareTap);
  let net = requestLogs.get(p);
  if (NETLOG && !net) requestLogs.set(p, (net = requestLog(p.cdp)));
  net?.mark();
  const tap = await p.page.evaluate(tapSearch, { query, timeoutMs: STEP_TIMEOUT_MS, tappedAt: Date.now() });
  if (net) log(`   requests: ${net.line()}`);
  return tap;
}

/** Lets the screen settle between taps, as a person reading the results would (and the app's idle work). */
const settle = (p: Profile) => p.page.waitForTimeout(400);

export async function runSession(browser: Browser, app: string, queries: string[]): Promise<Session> {
  if (queries.length < 25) throw new Error('the session needs 25 searches');
  const p = await freshProfile(browser);
  try {
    await throttle(p.cdp, RTT_150, SESSION_CPU);
    const boot = NETLOG ? requestLog(p.cdp) : null;
    if (boot) requestLogs.set(p, boot);
    await p.page.goto(`${app}/marketplace`);
    const firstVisitMs = await firstCardTime(p.page, FIRST_VISIT_TIMEOUT_MS);
    await settle(p);
    if (boot) log(`boot requests: ${boot.line().split(' | ').join('\n       ')}`);
    const since = await p.page.evaluate(() => performance.now());
    const traceEvents: unknown[] = [];
    if (TRACE) {
      p.cdp.on('Tracing.dataCollected', (d: { value: unknown[] }) => traceEvents.push(...d.value));
      await p.cdp.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' });
    }
    const s: Session = {
      newSearches: [],
      moreSearches: [],
      nextPages: [],
      repeats: [],
      floor: [],
      longTasks: { count: 0, totalMs: 0, longestMs: 0 },
      idb: { stores: [], usage: 0 },
      firstVisitMs,
    };
    let unanswered = 0;
    /** Counts a tap's outcome; false once the session should stop. */
    const going = (t: Tap) => {
      unanswered = t.outcome === 'timeout' ? unanswered + 1 : 0;
      if (unanswered >= MAX_TIMEOUTS_IN_A_ROW)
        s.stopped = `${unanswered} taps in a row unanswered in ${STEP_TIMEOUT_MS} ms`;
      return !s.stopped;
    };
    if (firstVisitMs === null) s.stopped = `no results on the first visit within ${FIRST_VISIT_TIMEOUT_MS / 1000} s`;
    const steps: Steps = [];
    for (const q of s.stopped ? [] : queries.slice(0, 20)) {
      await stepAt(p, steps, `search ${s.newSearches.length + 1}`);
      const t = await search(p, q);
      s.newSearches.push(t);
      log(`search ${s.newSearches.length}: ${q} -> ${fmtTap(t)}`);
      await settle(p);
      if (!going(t)) break;
    }
    for (const q of s.stopped ? [] : queries.slice(20, 25)) {
      await stepAt(p, steps, `search ${21 + s.moreSearches.length}`);
      const t = await search(p, q);
      s.moreSearches.push(t);
      await settle(p);
      await stepAt(p, steps, `next page ${s.moreSearches.length}`);
      const n = await p.page.evaluate(tapNextPage, STEP_TIMEOUT_MS);
      s.nextPages.push(n);
      log(`search ${20 + s.moreSearches.length}: ${q} -> ${fmtTap(t)}; next page (${n.how}) -> ${fmtTap(n)}`);
      await settle(p);
      if (!going(t)) break;
    }
    for (const q of s.stopped ? [] : [queries[0], queries[3], queries[6], queries[9], queries[12]]) {
      await stepAt(p, steps, `repeat ${s.repeats.length + 1}`);
      const t = await search(p, q);
      s.repeats.push(t);
      log(`repeat: ${q} -> ${fmtTap(t)}`);
      await settle(p);
      if (!going(t)) break;
    }
    if (s.stopped) log(`session stopped: ${s.stopped}`);
    s.longTasks = await longTasksSince(p.page, since);
    if (TRACE) {
      const done = new Promise((resolve) => p.cdp.once('Tracing.tracingComplete', resolve));
      await p.cdp.send('Tracing.end');
      await done;
      console.log(summariseTrace(traceEvents, TRACE));
    }
    // After the long tasks are read: these taps are the bench's, not the app's.
    for (let i = 0; i < 5 && !s.stopped; i++) {
      await p.page.evaluate(prepareTap);
      s.floor.push(await p.page.evaluate(tapFloor, Date.now()));
      await settle(p);
    }
    if (s.floor.length) log(`tap floor (no app work): ${s.floor.map((v) => v.toFixed(0)).join(', ')} ms`);
    log(`long tasks by step: ${tasksByStep(steps, s.longTasks.tasks ?? [])}`);
    s.idb = await p.page.evaluate(idbStoreSizes);
    return s;
  } finally {
    await p.context.close();
  }
}
