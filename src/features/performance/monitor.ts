// Performance monitoring (SPEC §7, §9): Core Web Vitals through web-vitals, long tasks over 50 ms,
// and the JS heap against its limit every 30 s. Started once by main.tsx after first paint (its own
// chunk); the vitals observers are buffered, so the page's early paints are still seen.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { consentStore } from '@/shared/lib/consent';
import { takeEarlyLongTasks } from './early';
import { browserBeacon, createBeaconQueue } from './beacons';
import { recordLongTask, recordMemory, recordVital } from './store';
import { LONG_TASK_MS, MEMORY_CHECK_MS, MEMORY_WARNING_RATIO, rateVital, type VitalName } from './vitals';

interface HeapMemory {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

let started = false;

function consentAnswer(): boolean | null {
  const c = consentStore.getState().consent;
  return c === null ? null : c.analytics;
}

function observeLongTasks(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return;
  const seen = new Set<number>();
  const record = (duration: number, at: number) => {
    if (duration <= LONG_TASK_MS || seen.has(at)) return;
    seen.add(at);
    recordLongTask({ duration, at });
    // Development only: a console call costs 50-60 ms under DevTools or Playwright, itself a long task.
    if (import.meta.env.DEV) console.warn(`Long task: ${Math.round(duration)} ms`);
  };
  // The start's long tasks, kept by the head script (/a11y-boot.js) until now.
  for (const e of takeEarlyLongTasks()) record(e.duration, e.startTime);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record(entry.duration, entry.startTime);
  }).observe({ type: 'longtask', buffered: true });
}

/** Chromium only (performance.memory); elsewhere there is nothing to check. */
export function checkMemory(): void {
  const memory = (performance as Performance & { memory?: HeapMemory }).memory;
  if (!memory || !memory.jsHeapSizeLimit) return;
  const ratio = memory.usedJSHeapSize / memory.jsHeapSizeLimit;
  const warning = ratio > MEMORY_WARNING_RATIO;
  recordMemory({ used: memory.usedJSHeapSize, limit: memory.jsHeapSizeLimit, ratio, at: performance.now() }, warning);
  if (warning) console.warn(`Memory use at ${Math.round(ratio * 100)}% of the heap limit`);
}

export function startPerformanceMonitoring(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const queue = createBeaconQueue({
    send: browserBeacon,
    consent: consentAnswer,
    pageUrl: () => location.pathname,
  });
  consentStore.subscribe((s, prev) => {
    if (s.consent !== prev.consent) queue.consentChanged();
  });
  const report = (m: Metric) => {
    const name = m.name as VitalName;
    const rating = rateVital(name, m.value);
    recordVital({ name, value: m.value, rating, at: performance.now() });
    queue.add({ name, value: m.value, rating, id: m.id, delta: m.delta, navigationType: m.navigationType });
  };
  const opts = { reportAllChanges: true };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
  // The observers are buffered, so starting each a task later misses nothing.
  inOwnTasks([
    () => onLCP(report, opts),
    () => onINP(report, opts),
    () => onCLS(report, opts),
    () => onFCP(report, opts),
    () => onTTFB(report, opts),
    observeLongTasks,
    () => {
      checkMemory();
      setInterval(checkMemory, MEMORY_CHECK_MS);
    },
  ]);
}

/**
 * Each step in a timer task of its own, in order. Together (the chunk's first run of web-vitals' five observers,
 * the buffered long tasks and the heap check) they were one 54 ms task at 4x CPU in a bench:scale session trace,
 * between two of the shopper's searches.
 */
function inOwnTasks(steps: (() => void)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  step();
  if (rest.length) setTimeout(() => inOwnTasks(rest), 0);
}
