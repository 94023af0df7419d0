import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-next-paint';

/**
 * How many of a screen's `stages` later parts to show: 0 until `ready` has been true through one drawn frame,
 * then one more after each further drawn frame, up to `stages` (and never back). A screen renders its first
 * screenful at 0 and the parts below the fold one stage at a time, so the browser styles, lays out and paints
 * the page in several tasks rather than one, and React renders each stage as a transition (in slices).
 * Lighthouse's Total Blocking Time counts every task over 50 ms at its 4x CPU slowdown.
 */
export function useStagedReveal(stages: number, ready = true): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!ready || shown >= stages) return;
    return afterNextPaint(() => startTransition(() => setShown((n) => Math.min(stages, n + 1))));
  }, [ready, shown, stages]);
  return shown;
}
