// A first visit to the marketplace asks for its first page before the app's code: marketplace.html carries the
// default search's request body (data-early-search, computed at build time from the app's own filter schema by
// vite-plugins/prerender-home.ts), the head script POSTs it (startEarlySearch), /marketplace-early-view.js draws
// the cards from the answer, and the query engine adopts that answer as its first page
// (src/data/catalogue/query/early-page.ts). Only the default search: any query string keeps the app's path.

/** The html element's dataset key holding the body (data-early-search). */
export const EARLY_SEARCH_DATASET = 'earlySearch';

/**
 * The body to POST now, or null: only on the page that holds it (its prerendered path, exactly, no query
 * string) and on a first visit (no service worker yet; later visits answer from the device's own windows).
 */
export function earlyMarketBody(doc: Document = document, loc: Location = window.location): string | null {
  const { dataset } = doc.documentElement;
  const body = dataset[EARLY_SEARCH_DATASET];
  if (!body || loc.search !== '' || loc.pathname !== dataset.prerenderedPath) return null;
  return typeof navigator !== 'undefined' && navigator.serviceWorker?.controller ? null : body;
}
