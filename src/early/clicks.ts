// Taps that reach the page before the app's code has run (it loads after the first paint).
//
// A prerendered page (index.html, marketplace.html) shows real buttons before the app's code has run. A tap
// on one then would be lost: /a11y-boot.js records such taps and the app, once it owns the page, taps them
// again. Hydration (the home page) keeps the same nodes; a screen rendered over its own prerendered HTML
// (the marketplace) replaces them, so the tap goes to the button that took the old one's place: the same
// test id or label, at the same position among its like. Links need none of this: they navigate natively.
const KEY = '__motorlyEarlyClicks';
type EarlyClick = { button: HTMLElement; selector: string | null; index: number };

// What the head script leaves on window for the app (declared once, so both sides read it typed).
declare global {
  interface Window {
    __motorlyEarlyClicks?: EarlyClick[] | null;
  }
}

/** A selector that finds the button's replacement in the app's own render, if it has a stable name. */
function selectorFor(button: HTMLElement): string | null {
  const testId = button.getAttribute('data-testid');
  if (testId) return `button[data-testid="${CSS.escape(testId)}"]`;
  const label = button.getAttribute('aria-label');
  if (label) return `button[aria-label="${CSS.escape(label)}"]`;
  return null;
}

/** Head script: start recording button taps. */
export function recordEarlyClicks(): void {
  const w = window;
  const queue: EarlyClick[] = [];
  w[KEY] = queue;
  const record = (event: Event) => {
    if (w[KEY] !== queue) {
      document.removeEventListener('click', record, true);
      return;
    }
    const button = (event.target as Element | null)?.closest?.('button');
    if (!(button instanceof HTMLElement) || queue.some((c) => c.button === button)) return;
    const selector = selectorFor(button);
    const index = selector ? [...document.querySelectorAll(selector)].indexOf(button) : -1;
    queue.push({ button, selector, index });
  };
  document.addEventListener('click', record, true);
}

/** The app, once it has rendered: stop recording and tap again what was tapped before. */
export function replayEarlyClicks(): void {
  const w = window;
  const queue = w[KEY];
  w[KEY] = null;
  for (const { button, selector, index } of queue ?? []) {
    if (button.isConnected) button.click();
    else if (selector && index >= 0) document.querySelectorAll<HTMLElement>(selector)[index]?.click();
  }
}
