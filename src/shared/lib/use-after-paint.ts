import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `fn` in a task of its own after the next frame has been drawn: a callback at the next animation frame
 * runs just before that frame's style, layout and paint, and a timer it sets runs after them.
 * Returns a function that cancels it.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

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
