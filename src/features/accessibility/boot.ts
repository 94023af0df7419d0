// Built by the prerender plugin into /a11y-boot.js, a classic script in <head>: it puts the stored
// accessibility settings on <html> before the prerendered page paints (the CSP forbids inline scripts),
// marks a stored cookie choice so the prerendered cookie banner stays hidden for those who chose, and
// marks a deep link, whose first paint must not show the prerendered content of another page. The app's code
// loads after the first paint, so this script also keeps the input that comes before it: button taps on
// the prerendered page (replayed after hydration) and the browser's one beforeinstallprompt. A shared
// listing link also gets its car asked for here, so that request runs while the app's code downloads.
import { hasStoredConsent } from '@/shared/lib/consent-storage';
import { recordEarlyClicks, recordEarlyInstallPrompt, recordEarlyLongTasks } from '@/shared/lib/early-events';
import { EARLY_VIEW_DONE_EVENT, listingIdOfPath, startEarlyListing } from '@/shared/lib/early-listing';
import { env } from '@/shared/lib/env';
import { listingRequestUrl } from '@/sync/listing-request';
import { applySettings, loadSettings } from './settings';

/** Longest wait for a paint the app's code waits for (a background tab paints nothing). */
const SAFETY_MS = 3000;
/** The build's name for src/entities/car/early-view-boot.ts (vite-plugins/prerender-home.ts). */
const EARLY_VIEW_SCRIPT = 'listing-early-view.js';

applySettings(loadSettings());
if (hasStoredConsent()) document.documentElement.dataset.consentStored = '';
// index.html holds the home page; a screen's own HTML file (e.g. marketplace.html) says which path it holds.
const prerenderedPath = document.documentElement.dataset.prerenderedPath ?? '/';
// The sign-in pages have no navigation: their deep link hides the prerendered header too.
if (window.location.pathname !== prerenderedPath)
  document.documentElement.dataset.deepLink = /^\/(auth|password-reset)\/?$/.test(window.location.pathname)
    ? 'bare'
    : '';
else recordEarlyClicks();

// A listing link: the car now, rather than after the app's code has run. On a first visit (no service
// worker yet) it is the one request the listing page needs, made here; on a later one the device most
// likely has the catalogue, and /listing-early-view.js reads the car from the local store itself (kept out
// of this render-blocking script), while the app still asks the server when the car is not on the device.
// With the car, /listing-early-view.js draws its heading and picture before the app's code has run
// (src/entities/car/early-view-boot.ts); the app's code is fetched once that is on screen.
const listingId = listingIdOfPath(window.location.pathname);
let earlyView: Promise<unknown> = Promise.resolve();
if (listingId) {
  if (!navigator.serviceWorker?.controller)
    startEarlyListing(listingId, listingRequestUrl(env.earlyApiUrl, listingId, env.supabaseAnonKey));
  earlyView = new Promise((resolve) => {
    window.addEventListener(EARLY_VIEW_DONE_EVENT, resolve, { once: true });
    setTimeout(resolve, SAFETY_MS);
    // A listing link's own page (listing.html, where the host serves it) asks for the script in its head.
    if ('earlyViewScript' in document.documentElement.dataset) return;
    const script = document.createElement('script');
    script.src = `/${EARLY_VIEW_SCRIPT}`;
    script.async = true;
    script.addEventListener('error', resolve, { once: true });
    document.head.append(script);
  });
}

/** After the first paint: fetch and run the app (the build leaves its tags inert in index.html). */
function startApp(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="app-modulepreload"]')) {
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.crossOrigin = '';
    preload.href = link.href;
    document.head.append(preload);
  }
  const inert = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
  if (!inert) return;
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = inert.src;
  document.head.append(entry);
  // A listing link: its screen's code too, now rather than once the app has run and asked for it; in a task of
  // its own, as each inserted preload costs the main thread a little.
  if (listingId) setTimeout(preloadListingScreen, 0);
}

/** Asks for the listing screen's chunks and stylesheets (the build lists them, inert, in the HTML). */
function preloadListingScreen(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="app-route-preload"][data-route="listing"]',
  )) {
    const preload = document.createElement('link');
    preload.rel = link.dataset.as === 'style' ? 'preload' : 'modulepreload';
    if (link.dataset.as === 'style') preload.as = 'style';
    preload.crossOrigin = '';
    preload.href = link.href;
    document.head.append(preload);
  }
}
/**
 * Runs `fn` once the first contentful paint is on screen: the browser reports it (a 'paint' entry) only when
 * the frame has been presented, which can be well after the frame was drawn on a busy phone. A request
 * started between the two (e.g. at the next animation frame, as this did before) races the page's first
 * frame, and on a slow network each chunk that wins takes bandwidth from it; Lighthouse then also counts
 * it before the largest paint. Without paint timing, the next frame; and if no paint is reported (a tab
 * opened in the background paints nothing), after SAFETY_MS all the same.
 */
function afterFirstContentfulPaint(fn: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(fn, 0);
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(run);
  setTimeout(run, SAFETY_MS);
}
const start = () => afterFirstContentfulPaint(() => void earlyView.then(startApp));
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
recordEarlyInstallPrompt();
recordEarlyLongTasks();
