// Built by the prerender plugin into /a11y-boot.js, a classic script in <head>, inline in / and /marketplace
// (allowed by its hash in the CSP: vite-plugins/inline-blocking.ts), the first of ours to run. Each feature's
// part lives with the feature, in its early.ts:
// accessibility puts the stored settings on <html> before the prerendered page paints, consent marks a stored
// cookie choice so the prerendered banner stays hidden, auth the last known sign-in state (the header's shape),
// install keeps the browser's one beforeinstallprompt, performance keeps the start's long tasks. The boot's
// own parts are here: marking a deep link (its first paint must not show another page's prerendered content),
// keeping taps on the prerendered page for the app to replay (clicks.ts), a shared listing link's and the
// marketplace's early request and view, and the app's start (start-app.ts).
import { applyStoredSettingsEarly } from '@/features/accessibility/early';
import { markStoredConsentEarly } from '@/features/consent/early';
import { markSignInHintEarly } from '@/features/auth/early';
import { recordEarlyInstallPrompt } from '@/features/install/early';
import { recordEarlyLongTasks } from '@/features/performance/early';
import { startEarlySearch } from '@/data/catalogue/early-search';
import { env } from '@/shared/lib/env';
import { recordEarlyClicks } from './clicks';
import { EARLY_VIEW_DONE_EVENT, listingIdOfPath, startEarlyListing } from './listing-answer';
import { listingRequestUrl } from './listing-request';
import { earlyMarketBody } from './market-request';
import { adoptServerFirstPage } from './server-first-page';
import { afterFirstContentfulPaint, SAFETY_MS, startApp } from './start-app';

/** The build's name for listing-view-script.ts (vite-plugins/prerender-home.ts). */
const EARLY_VIEW_SCRIPT = 'listing-early-view.js';
/** The build's name for marketplace-view-script.ts. */
const MARKET_VIEW_SCRIPT = 'marketplace-early-view.js';

applyStoredSettingsEarly();
markStoredConsentEarly();
// The header's shape while auth is unknown follows the last known sign-in state (layout.css, top-nav.tsx).
markSignInHintEarly();
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
// (listing-view-script.ts); the app's code is fetched once that is on screen.
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

// The marketplace's first visit: its first page (market-request.ts), drawn by /marketplace-early-view.js before the
// app's code is fetched. Both are asked for once the prerendered page has painted: started in the head, they
// held that first paint back (Lighthouse mobile: /marketplace's LCP 1.5-1.7 s against 1.1-1.3 s).
// When the server has put the first page in the HTML (scripts/market-first-page.ts) the cards are in the first
// paint: its answer is handed to the app, and /marketplace-early-view.js only draws their pictures (still before
// the app's code is asked for, as on the static page).
const servedFirstPage = !listingId && adoptServerFirstPage();
const marketBody = listingId || servedFirstPage ? null : earlyMarketBody();
if (marketBody || servedFirstPage) {
  earlyView = new Promise((resolve) => {
    window.addEventListener(EARLY_VIEW_DONE_EVENT, resolve, { once: true });
    setTimeout(resolve, SAFETY_MS);
    afterFirstContentfulPaint(() => {
      if (marketBody) startEarlySearch(env.earlyApiUrl, env.supabaseAnonKey, marketBody);
      const script = document.createElement('script');
      script.src = `/${MARKET_VIEW_SCRIPT}`;
      script.async = true;
      script.addEventListener('error', resolve, { once: true });
      document.head.append(script);
    });
  });
}

const start = () => afterFirstContentfulPaint(() => void earlyView.then(() => startApp(listingId !== null)));
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
recordEarlyInstallPrompt();
recordEarlyLongTasks();
