// Back and forward return to where the reader was on a filtered list. The browser restores the scroll
// position itself, but it does so before the results are back (they are read again from the local
// store), against a shorter page: it lands too high. Each history entry's last position is kept
// here and applied again once the results have rendered.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();
/** The entry whose position is about to be restored: a page still short must not overwrite it. */
let restoring: string | null = null;

/** The position remembered for a history entry (its key), if any. */
export const rememberedPosition = (key: string): number | undefined => positions.get(key);

/** React Router keeps its entry key in history.state (null before the first navigation). */
function entryKey(): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? state.key : undefined;
  return typeof key === 'string' ? key : 'default';
}

/** Remembers the scroll position per history entry and restores it on back/forward once `ready`. */
export function useScrollMemory(ready: boolean): void {
  const { key } = useLocation();
  const navigation = useNavigationType();
  const done = useRef<string | null>(null);
  /**
   * The entry's position as it was on arriving: what the reader left it at. One read on this visit (the
   * first page load is a POP too) is not a place to return to: restored once the list was ready, it pulled a
   * reader who had scrolled meanwhile back there and held it against a scroll to the top for 3 s.
   */
  const arrival = useRef<{ key: string; y: number | undefined } | null>(null);

  useEffect(recordPositions, []);

  // A layout effect: it runs before the scroll event a shrinking page fires, so that one is ignored.
  useLayoutEffect(() => {
    if (arrival.current?.key !== key) arrival.current = { key, y: positions.get(key) };
    if (restoring !== null && restoring !== key) restoring = null;
    const y = arrival.current.y;
    if (navigation !== 'POP' || done.current === key || y === undefined) return;
    restoring = key;
    if (!ready) return;
    done.current = key;
    restoring = null;
    return restore(y);
  }, [navigation, key, ready]);
}

/** How long after a scroll event the position is read (see recordPositions). */
export const READ_AFTER_MS = 100;

/**
 * Keeps `positions` up to date for the current entry: read a moment after scrolling, not in each scroll event.
 * Read there, window.scrollY made the browser lay the page out inside the event's task (the list's rows just
 * moved): 10-30 ms of each scrolled frame's task at 4x CPU (bench:scroll-tasks trace). A timer task between
 * frames finds the layout done. A tap (a link about to navigate) or leaving the page takes a pending reading
 * at once; a reading whose entry changed meanwhile (Back) is dropped, not stored under the new entry.
 */
function recordPositions(): () => void {
  let timer = 0;
  let scheduledOn: string | null = null;
  const read = () => {
    window.clearTimeout(timer);
    timer = 0;
    const k = entryKey();
    if (k === scheduledOn && k !== restoring) positions.set(k, window.scrollY);
    scheduledOn = null;
  };
  const onScroll = () => {
    if (timer) return;
    scheduledOn = entryKey();
    timer = window.setTimeout(read, READ_AFTER_MS);
  };
  const flush = () => {
    if (timer) read();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('click', flush, { capture: true });
  window.addEventListener('pagehide', flush);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('click', flush, { capture: true });
    window.removeEventListener('pagehide', flush);
  };
}

/** The reader's own scrolling ends any pending restore. */
const USER_SCROLL = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `y` and holds it for up to 3 s or until the reader scrolls: while the page is still too short
 * (rows below are still being measured or loaded) it scrolls again as the page grows, and a jump away that
 * the reader did not make (the list virtualiser correcting from the offset it saw before the restore) is
 * undone. Small moves are kept: they are the list keeping its rows in place as they are measured.
 */
function restore(y: number): () => void {
  // Lists whose cards skip rendering off screen (content-visibility) draw them all meanwhile: the cards above
  // the place would otherwise count at their estimated height, not their own (marketplace.css).
  const root = document.documentElement;
  root.dataset.scrollRestoring = '';
  window.scrollTo(0, y);
  if (typeof ResizeObserver === 'undefined') {
    delete root.dataset.scrollRestoring;
    return () => undefined;
  }
  let target = y;
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - target) >= 2) window.scrollTo(0, target);
  });
  const onScroll = () => {
    if (Math.abs(window.scrollY - target) > window.innerHeight / 2) window.scrollTo(0, target);
    else target = window.scrollY;
  };
  const timer = window.setTimeout(() => stop(), 3000);
  function stop() {
    delete root.dataset.scrollRestoring;
    observer.disconnect();
    window.clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    for (const type of USER_SCROLL) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  window.addEventListener('scroll', onScroll, { passive: true });
  for (const type of USER_SCROLL) window.addEventListener(type, stop, { passive: true });
  return stop;
}
