// The performance monitor's part of the head script (src/early/head-script.ts). Head-safe: no React, no CSS.
declare global {
  interface Window {
    __motorlyEarlyLongTasks?: EarlyLongTasks | null;
  }
}

const LONG_TASKS_KEY = '__motorlyEarlyLongTasks';
interface EarlyLongTasks {
  entries: { duration: number; startTime: number }[];
  observer: PerformanceObserver;
}

/**
 * Head script: keeps the long tasks of the page's start (the app's code evaluating, hydration) until the
 * performance monitor, which loads after the first paint, takes them. Chromium keeps no buffer of long
 * tasks for an observer that starts later.
 */
export function recordEarlyLongTasks(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return;
  const entries: EarlyLongTasks['entries'] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) entries.push({ duration: e.duration, startTime: e.startTime });
  });
  observer.observe({ type: 'longtask' });
  window[LONG_TASKS_KEY] = { entries, observer };
}

/** The monitor: the long tasks seen before it started (the early observer stops here). */
export function takeEarlyLongTasks(): { duration: number; startTime: number }[] {
  if (typeof window === 'undefined') return [];
  const w = window;
  const early = w[LONG_TASKS_KEY];
  w[LONG_TASKS_KEY] = null;
  if (!early) return [];
  for (const e of early.observer.takeRecords()) early.entries.push({ duration: e.duration, startTime: e.startTime });
  early.observer.disconnect();
  return early.entries;
}
