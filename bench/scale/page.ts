// Chromium, its profiles and its throttling for bench:scale. Throttling is CDP's, on the page's session:
// it also slows the page's dedicated workers' fetches (checked: a worker's fetch took the emulated
// latency), so the sync worker's requests are throttled like the page's.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';

/** Lighthouse's mobile "slow 4G": 150 ms RTT x 3.75, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The session's network: 150 ms round trips, bandwidth not the limit. */
export const RTT_150 = { latency: 150, downloadThroughput: -1, uploadThroughput: -1 };
export const NO_THROTTLE = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

export type Network = typeof SLOW_4G;

export async function throttle(cdp: CDPSession, network: Network, cpuRate: number): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
}

/**
 * In every page of the profile, before the app's scripts: window.__benchScale.firstCard is the time
 * (performance.now(), so from navigation start) of the first frame with a listing card in the viewport,
 * and longTasks collects every main-thread task over 50 ms (Long Tasks API) with its start time.
 */
function installObservers(): void {
  const state = { firstCard: -1, longTasks: [] as { start: number; duration: number }[] };
  Object.assign(window, { __benchScale: state });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const inView = () => {
    for (const el of document.querySelectorAll('[data-testid="listing-card"]')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0) return true;
    }
    return false;
  };
  const check = () => {
    if (state.firstCard >= 0 || !inView()) return;
    watch.disconnect();
    requestAnimationFrame(() => {
      state.firstCard = performance.now();
    });
  };
  const watch = new MutationObserver(check);
  // The cards may be in the HTML itself (the server's first page), parsed before the observer starts.
  const start = () => (watch.observe(document.documentElement, { childList: true, subtree: true }), check());
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

export interface Profile {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

/** A fresh profile (empty storage, no service worker), opted in to the app's test hooks. */
export async function freshProfile(browser: Browser): Promise<Profile> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // tsx names functions with a __name helper that page.evaluate's copies would lack.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await context.addInitScript(() => localStorage.setItem('motorly:test-hooks', '1'));
  await context.addInitScript(installObservers);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** Waits until a listing card is in view; returns window.__benchScale.firstCard (ms from navigation). */
export async function firstCardTime(page: Page, timeoutMs: number): Promise<number | null> {
  try {
    await page.waitForFunction(
      () => (window as unknown as { __benchScale: { firstCard: number } }).__benchScale.firstCard >= 0,
      undefined,
      { timeout: timeoutMs, polling: 50 },
    );
  } catch {
    return null;
  }
  return page.evaluate(() => (window as unknown as { __benchScale: { firstCard: number } }).__benchScale.firstCard);
}

export const pageTimeOrigin = (page: Page) => page.evaluate(() => performance.timeOrigin);

export interface LongTasks {
  count: number;
  totalMs: number;
  longestMs: number;
  /** Each task's start (performance.now() of the page) and duration, for placing it in the session's steps. */
  tasks?: { start: number; duration: number }[];
}

/** The long tasks recorded since `sinceMs` (performance.now() of the page). */
export async function longTasksSince(page: Page, sinceMs: number): Promise<LongTasks> {
  const tasks = await page.evaluate(
    (since) =>
      (
        window as unknown as { __benchScale: { longTasks: { start: number; duration: number }[] } }
      ).__benchScale.longTasks.filter((t) => t.start >= since),
    sinceMs,
  );
  return {
    count: tasks.length,
    totalMs: tasks.reduce((n, t) => n + t.duration, 0),
    longestMs: tasks.reduce((n, t) => Math.max(n, t.duration), 0),
    tasks,
  };
}
