// The shopper's searches come before the catalogue download. On a first visit the leader's first pull (brands,
// models, reviews, the held listings' history...) started while the shopper was already searching: its pages
// queued ahead of the searches at the server and in IndexedDB, and each page it wrote re-ran the screen's live
// queries. bench:scale's session had its first four new searches at 450-780 ms (150 ms RTT, 4x CPU); the rest
// 120-300 ms. The page says when it asks the server for a search (the 'foreground' command); the leader holds
// each catalogue table of a pull until the searches pause, never longer than MAX_HOLD_MS in all (pull.ts).
import type { Clock } from './engine-types';

/** How long after the last search the catalogue download goes on. */
export const QUIET_MS = 2_000;
/** The most a pull is held in all: a shopper searching without pause still gets the catalogue. */
export const MAX_HOLD_MS = 30_000;

export interface ForegroundGate {
  /** A search was asked of the server, now or at `at` (epoch ms: the page's note from before this leader). */
  note(at?: number): void;
  /** How long a pull begun at `since` should still wait (0: go on). */
  holdFor(since: number): number;
}

export function foregroundGate(clock: Pick<Clock, 'now'>): ForegroundGate {
  let last = -Infinity;
  return {
    note: (at) => {
      const now = clock.now();
      last = Math.max(last, Math.min(at ?? now, now));
    },
    holdFor: (since) => Math.max(0, Math.min(last + QUIET_MS, since + MAX_HOLD_MS) - clock.now()),
  };
}
