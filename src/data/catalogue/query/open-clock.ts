// Open time for the windows' TTL: counted only while the page is visible, reported to the engine in steps.
import { reportError } from '@/shared/lib/report-error';

export const OPEN_TICK_MS = 10_000;

export interface OpenClockTarget {
  tick(elapsedMs: number): Promise<unknown>;
}

/** Starts counting; returns a stop function. */
export function startOpenClock(target: OpenClockTarget, tickMs = OPEN_TICK_MS): () => void {
  const visible = () => document.visibilityState === 'visible';
  let since = visible() ? performance.now() : null;
  const flush = () => {
    const now = performance.now();
    if (since !== null)
      void target
        .tick(now - since)
        .catch((err: unknown) =>
          reportError(err, { component: 'query-engine', action: "counting search windows' open time" }),
        );
    since = visible() ? now : null;
  };
  const timer = setInterval(flush, tickMs);
  document.addEventListener('visibilitychange', flush);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', flush);
  };
}
