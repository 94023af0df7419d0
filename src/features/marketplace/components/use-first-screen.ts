// A new search's answer shows in two steps: the commit after the tap holds only the cards of the first
// screen, and the filter panel as it was; the rest of the cards and the panel follow in a transition after
// that commit (issue 32: a repeated search's rows within one frame of the tap). At 4x CPU the whole page of
// 20 cards and the panel's hundreds of options made one commit of 80-120 ms before anything new showed.
import { startTransition, useEffect, useMemo, useState } from 'react';

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

/**
 * The rows to render for `key`'s answer: when the key has just changed (a new search), only the first screen
 * of them; the rest once that is in. Rows growing within one search (a next page) are never cut, so cards
 * in view never unmount. `settled` is false while the rest is still to come.
 */
export function useFirstScreen<T>(
  key: string,
  rows: readonly T[],
  view: 'list' | 'grid',
  listTop?: () => number,
): { rows: readonly T[]; settled: boolean } {
  const shownKey = useTrailing(key);
  const settled = shownKey === key;
  const shown = useMemo(() => {
    if (settled) return rows;
    const { width, bottom } = viewBox();
    const n = firstScreenCount(view, width, bottom, listTop?.());
    return rows.length > n ? rows.slice(0, n) : rows;
  }, [settled, rows, view, listTop]);
  return { rows: shown, settled };
}
