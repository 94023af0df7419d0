// The install prompt's part of the head script (src/early/head-script.ts): the browser fires
// beforeinstallprompt once, early, possibly before the app's code has loaded, so the head script keeps it
// and the install store takes it when it starts. Head-safe: no React, no CSS.
declare global {
  interface Window {
    __motorlyEarlyInstallPrompt?: Event | null;
  }
}

const INSTALL_KEY = '__motorlyEarlyInstallPrompt';

/** Head script: keep a beforeinstallprompt that fires before the app runs. */
export function recordEarlyInstallPrompt(): void {
  window.addEventListener(
    'beforeinstallprompt',
    (event) => {
      event.preventDefault(); // the app offers its own prompt
      window[INSTALL_KEY] = event;
    },
    { once: true },
  );
}

/** The app: the install prompt event that fired before it started, if any. */
export function takeEarlyInstallPrompt(): Event | null {
  const w = window;
  const event = w[INSTALL_KEY] ?? null;
  w[INSTALL_KEY] = null;
  return event;
}
