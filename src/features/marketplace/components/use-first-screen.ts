// A new search's answer shows in steps: the commit after the tap holds only the cards of the first screen, and
// the filter panel as it was; the rest of the cards follow a few to a frame, and the panel in a transition after
// that commit (issue 32: a repeated search's rows within one frame of the tap). At 4x CPU the whole page of 20
// cards and the panel's hundreds of options made one commit of 80-120 ms before anything new showed, and the
// rest of the cards in one commit made a second task of 50-100 ms (their first layout) just after it.
import { startTransition, useEffect, useState } from 'react';

/**
 * `value` as the last commit showed it when it changes; the change follows in a transition once that commit
 * is in (a state update after the tap's commit, so React renders it in short slices between frames).
 */
export function useTrailing<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const behind = !Object.is(shown, value);
  useEffect(() => {
    if (behind) startTransition(() => setShown(value));
  }, [behind, value]);
  return shown;
}

/** List rows are about this tall (px), grid cards this tall and wide at least: the first screen's count. */
const ROW_PX = { list: 130, grid: 380 } as const;
const COLUMN_PX = 250;

/**
 * How many cards can be in view: as many rows as fit from the top of the list (`listTop` px down the page; 0,
 * as if it started at the top, when not known) to the foot of the view, one more for a part row.
 */
export function firstScreenCount(view: 'list' | 'grid', width: number, viewBottom: number, listTop = 0): number {
  const columns = view === 'list' ? 1 : Math.max(1, Math.floor(width / COLUMN_PX));
  return columns * (Math.ceil(Math.max(0, viewBottom - listTop) / ROW_PX[view]) + 1);
}

const viewBox = (): { width: number; bottom: number } =>
  typeof window === 'undefined'
    ? { width: 1024, bottom: 768 }
    : { width: window.innerWidth, bottom: window.scrollY + window.innerHeight };

/** Cards added a frame after the first screen: a list's four, or a grid's row (one commit and layout each). */
export function stepCount(view: 'list' | 'grid', width: number): number {
  return view === 'list' ? 4 : Math.max(1, Math.floor(width / COLUMN_PX));
}

const nextFrame = (fn: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
};

/**
 * The rows to render for `key`'s answer. The first render of the screen holds them all (a return to the page
 * restores its place against the whole list). When the key changes (a new search), only the first screen of
 * them, then a step more each frame; rows arriving later for the same search (the server's answer, a next page)
 * join the same way, and shown rows are never cut, so cards in view never unmount. `settled` is false while
 * some are still to come.
 */
export function useFirstScreen<T>(
  key: string,
  rows: readonly T[],
  view: 'list' | 'grid',
  listTop?: () => number,
): { rows: readonly T[]; settled: boolean } {
  const [grown, setGrown] = useState<{ key: string; count: number }>({ key, count: Number.POSITIVE_INFINITY });
  let count = grown.count;
  if (grown.key !== key) {
    // A new search: React renders again at once with this state, before anything commits.
    const { width, bottom } = viewBox();
    count = firstScreenCount(view, width, bottom, listTop?.());
    setGrown({ key, count });
  }
  const settled = count >= rows.length;
  const step = stepCount(view, viewBox().width);
  useEffect(() => {
    if (settled || grown.key !== key) return;
    return nextFrame(() => setGrown((g) => (g.key === key ? { key, count: g.count + step } : g)));
  }, [settled, grown, key, step]);
  return { rows: settled ? rows : rows.slice(0, count), settled };
}
