// The conversation grows downwards: each new question, and then its answer, is scrolled into view.
// Focus stays in the question box (the shopper keeps typing); the log's live region reads the answer out.
import { useEffect, useRef } from 'react';

/** Smooth scrolling, unless the user asked the system for reduced motion. */
export function scrollBehaviour(): ScrollBehavior {
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}

/** A ref for the latest turn; scrolls it into view whenever `key` (turn id and answered state) changes. */
export function useScrollToAnswer<T extends HTMLElement>(key: string | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key === null) return;
    ref.current?.scrollIntoView({ block: 'start', behavior: scrollBehaviour() });
  }, [key]);
  return ref;
}
