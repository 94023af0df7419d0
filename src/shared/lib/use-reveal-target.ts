// A deep link to one item of a list (a notification opening /my-leads?lead=<id>): once the item is on
// the page, scroll it into view and move keyboard focus to it, once per target. The list arrives from
// the local store after the first render, so the element is looked for again on every render until found.
import { useEffect, useRef } from 'react';

/** Scrolls to and focuses the element with id `elementId` the first time it exists; null does nothing. */
export function useRevealTarget(elementId: string | null): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!elementId || done.current === elementId) return;
    const el = document.getElementById(elementId);
    if (!el) return;
    done.current = elementId;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.scrollIntoView({ block: 'start', behavior: 'auto' });
    el.focus({ preventScroll: true });
  });
}
