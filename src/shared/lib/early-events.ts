// Input that reaches the page before the app's code has run (it loads after the first paint).
//
// The prerendered home page shows real buttons before the app's code has run (it loads after the first
// paint). A tap on one then would be lost: /a11y-boot.js records such taps and the app, once it owns the
// page (hydration keeps the same nodes), taps them again. Links need none of this: they navigate natively.
const KEY = '__motorlyEarlyClicks';
type Holder = { [KEY]?: HTMLElement[] | null };

/** Head script: start recording button taps. */
export function recordEarlyClicks(): void {
  const w = window as unknown as Holder;
  const queue: HTMLElement[] = [];
  w[KEY] = queue;
  const record = (event: Event) => {
    if (w[KEY] !== queue) {
      document.removeEventListener('click', record, true);
      return;
    }
    const button = (event.target as Element | null)?.closest?.('button');
    if (button instanceof HTMLElement && !queue.includes(button)) queue.push(button);
  };
  document.addEventListener('click', record, true);
}

/** The app, after hydration: stop recording and tap again what was tapped before. */
export function replayEarlyClicks(): void {
  const w = window as unknown as Holder;
  const queue = w[KEY];
  w[KEY] = null;
  for (const button of queue ?? []) if (button.isConnected) button.click();
}

// The browser fires beforeinstallprompt once, early: possibly before the app's code has loaded.
const INSTALL_KEY = '__motorlyEarlyInstallPrompt';
type InstallHolder = { [INSTALL_KEY]?: Event | null };

/** Head script: keep a beforeinstallprompt that fires before the app runs. */
export function recordEarlyInstallPrompt(): void {
  window.addEventListener(
    'beforeinstallprompt',
    (event) => {
      event.preventDefault(); // the app offers its own prompt
      (window as unknown as InstallHolder)[INSTALL_KEY] = event;
    },
    { once: true },
  );
}

/** The app: the install prompt event that fired before it started, if any. */
export function takeEarlyInstallPrompt(): Event | null {
  const w = window as unknown as InstallHolder;
  const event = w[INSTALL_KEY] ?? null;
  w[INSTALL_KEY] = null;
  return event;
}
