// Built by the prerender plugin into /listing-early-view.js, which a listing link's own page (listing.html)
// loads from its head (async), or else /a11y-boot.js, beside its early request for the car on a first visit;
// on a later visit it reads the car from the local store instead (local-listing.ts). Once the
// car is in and the HTML parsed, it draws the page's top (heading and main picture) in place of the deep
// link's loading block, before the app's code has arrived. The app's first render shows the same
// (ListingLayout) and replaces it.
import {
  EARLY_VIEW_DONE_EVENT,
  earlyListingRow,
  listingIdOfPath,
  startLocalEarlyListing,
  whenEarlyListingRow,
} from './listing-answer';
import { earlyListingParts } from './listing-parts';
import { listingEarlyView } from './listing-view';
import { readLocalListing } from './local-listing';

/** Longest wait for the browser to report the picture on screen. */
const PAINT_TIMEOUT_MS = 1000;

/** Resolves once the picture has been presented (its largest-contentful-paint entry), or after a while. */
function painted(img: Element | null): Promise<void> {
  return new Promise((resolve) => {
    const lcp =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
    if (!img || !lcp) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element | null }).element === img))
        finish();
    });
    const timer = setTimeout(finish, PAINT_TIMEOUT_MS);
    function finish() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function draw(): Promise<void> {
  const id = listingIdOfPath(window.location.pathname);
  // A later visit (the service worker answers): the head script asked nothing, the car is most likely on
  // the device. Read from the local store, for this view and the app's first render only.
  if (id && !whenEarlyListingRow(id) && navigator.serviceWorker?.controller)
    startLocalEarlyListing(id, readLocalListing(id));
  const arrived = id ? whenEarlyListingRow(id) : null;
  if (!id || !arrived) return;
  await arrived;
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const root = document.getElementById('root');
  const main = root?.querySelector('main');
  const parts = earlyListingParts(earlyListingRow(id));
  // The app has rendered the page already, or there is nothing to draw: its own render decides.
  if (!root?.dataset.prerendered || !main || !parts) return;
  const view = listingEarlyView(document, parts);
  main.replaceChildren(view);
  document.documentElement.dataset.earlyView = '';
  await painted(view.querySelector('img'));
}

// Before the app runs there is no error path: the app draws the listing anyway, so a failure is a warning.
void draw()
  .catch((e: unknown) => console.warn('listing early view: not drawn', e))
  .finally(() => window.dispatchEvent(new Event(EARLY_VIEW_DONE_EVENT)));
