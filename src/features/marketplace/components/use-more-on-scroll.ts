// Infinite scroll that keeps your place: the next page loads as the end of the results nears, and how many
// cars were shown is remembered for the query (this tab), so coming back to it shows as many again.
import { useEffect, useRef } from 'react';

const KEY = 'motorly.marketplace.shown';

function readAll(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** How many cars this query showed last time in this tab (0 when none). */
export function shownBefore(key: string): number {
  return readAll()[key] ?? 0;
}

export function rememberShown(key: string, count: number): void {
  try {
    // Only the latest few queries: the store is small and per tab.
    const kept = Object.entries({ ...readAll(), [key]: count }).slice(-20);
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Private mode: the place is kept for this page only.
  }
}

/**
 * Calls `more` when the returned element is within a screen of view (and `enabled`); it looks again after each
 * page (`shown` changes), as a sentinel still in view after a short page fires no new intersection.
 */
export function useMoreOnScroll(enabled: boolean, shown: number, more: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const call = useRef(more);
  call.current = more;
  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && call.current(), {
      rootMargin: '0px 0px 100% 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, shown]);
  return sentinel;
}
