// The shopper's searches come before the app's start-up work that can wait (auth, the sync worker, the service
// worker, the performance monitor). In bench:scale's session at 4x CPU, a search tapped as the app took the page
// over had its answer in 166 ms and its cards on screen at 885 ms: the client's creation (60 ms), auth's first
// state change re-rendering the screen (83 ms) and chunk evaluations ran in between. That work now waits for the
// cards of the search in flight, never longer than its hold. The sync worker's own pull has the same rule
// (src/sync/foreground.ts). The early view (a script of its own) and the app share its state through a global, as
// they share the early search (data/catalogue/early-search.ts).
import { afterNextPaint } from './after-next-paint';

/** The longest a piece of start-up work waits for searches in all, by default. */
export const MAX_HOLD_MS = 5_000;

interface Waiting {
  run: () => void;
  /** How long the searches must have paused (ms since the last one's results were drawn). */
  pauseMs: number;
}

interface QuietState {
  /** A search was asked for and its results are not on screen yet. */
  busy: boolean;
  /** When the last search's results were drawn (performance.now()). */
  doneAt: number;
  waiting: Waiting[];
  timer?: ReturnType<typeof setTimeout>;
}

declare global {
  interface Window {
    __motorlySearchQuiet?: QuietState;
  }
}

const state = (): QuietState | null =>
  typeof window === 'undefined'
    ? null
    : (window.__motorlySearchQuiet ??= { busy: false, doneAt: -Infinity, waiting: [] });

/** A search was asked for (a tap, Back or Forward): its results are on their way. */
export function noteSearchAsked(): void {
  const s = state();
  if (!s) return;
  s.busy = true;
  clearTimeout(s.timer);
}

/** Runs, each in a task of its own, the waiting work whose pause has come; sets a timer for the rest. */
function release(s: QuietState): void {
  clearTimeout(s.timer);
  if (s.busy) return;
  const paused = performance.now() - s.doneAt;
  const due = s.waiting.filter((w) => w.pauseMs <= paused);
  s.waiting = s.waiting.filter((w) => w.pauseMs > paused);
  for (const w of due) setTimeout(w.run, 0);
  if (s.waiting.length) s.timer = setTimeout(() => release(s), Math.min(...s.waiting.map((w) => w.pauseMs)) - paused);
}

/**
 * The current search's results (or its message) are rendered, or nothing is awaited any more (the shopper left
 * the marketplace): once that frame is drawn, the work that waited runs unless another search has been asked for
 * by then.
 */
export function noteSearchDone(): void {
  const s = state();
  if (!s?.busy) return;
  s.busy = false;
  afterNextPaint(() => {
    if (s.busy) return;
    s.doneAt = performance.now();
    release(s);
  });
}

export interface QuietOptions {
  /** The longest it waits in all (default MAX_HOLD_MS). */
  maxHoldMs?: number;
  /** Also waits until no search has been asked for this long after the last one's results (default 0). */
  pauseMs?: number;
}

/** Runs `fn` now if no search is in flight (or paused long enough), else once one is (its hold at most). */
export function whenSearchesQuiet(fn: () => void, { maxHoldMs = MAX_HOLD_MS, pauseMs = 0 }: QuietOptions = {}): void {
  const s = state();
  if (!s || (!s.busy && performance.now() - s.doneAt >= pauseMs)) return fn();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(run, maxHoldMs);
  s.waiting.push({ run, pauseMs });
  if (!s.busy) release(s);
}
