// A shared listing link (/marketplace/<id>) opened on a device without that car: the head script
// (/a11y-boot.js, head-script.ts) asks the Data API for it at once, while the app's code is still downloading, and the
// app takes that answer instead of asking again once it runs (src/sync/listing-on-demand.ts). The answer
// is the Data API's JSON rows, or null when the request failed; either way the app falls back to its own
// request when it has no row.
const KEY = '__motorlyEarlyListing';
const VIEW_KEY = '__motorlyEarlyListingView';
type EarlyListing = { id: string; rows: Promise<unknown[] | null>; row?: Record<string, unknown> | null };

// The head script's answer, left on window for the app (declared once, so both sides read it typed).
declare global {
  interface Window {
    __motorlyEarlyListing?: EarlyListing | null;
    __motorlyEarlyListingView?: EarlyListing;
  }
}

/** A listing id as the app issues them (UUID); anything else is not worth a request. */
const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing id of a listing page's path (/marketplace/<id>), or null. */
export function listingIdOfPath(pathname: string): string | null {
  const match = /^\/marketplace\/([^/]+)\/?$/.exec(pathname);
  const id = match ? decodeURIComponent(match[1]) : '';
  return LISTING_ID.test(id) ? id : null;
}

/**
 * Head script: start the request for the listing `url` answers (a Data API GET carrying the anon key as its
 * `apikey` parameter, listingRequestUrl): only a safelisted header, so no CORS preflight before it.
 */
export function startEarlyListing(id: string, url: string): void {
  const rows = fetch(url, { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
    .then((body) => (Array.isArray(body) ? body : null))
    .catch(() => null); // no early answer: the app's own request loads the listing and reports its errors
  window[KEY] = holdForView(id, rows);
}

/**
 * The early-view script, on a later visit: the car from the local store (`rows`, read by the caller), for that
 * view and the app's first render only. The app is not handed it (takeEarlyListing): it reads its own store.
 */
export function startLocalEarlyListing(id: string, rows: Promise<unknown[] | null>): void {
  holdForView(id, rows);
}

/** Keeps an answer for the early view and the first render, with its first row once it is in. */
function holdForView(id: string, rows: Promise<unknown[] | null>): EarlyListing {
  const early: EarlyListing = { id, rows };
  window[VIEW_KEY] = early;
  void rows.then((answer) => {
    const row: unknown = answer?.[0];
    early.row = row && typeof row === 'object' ? (row as Record<string, unknown>) : null;
  });
  return early;
}

/**
 * The early answer for this listing, for drawing its page before the app has it in the local store: the
 * head script's early view (listing-view.ts) and the app's first render of the screen (not taken,
 * unlike takeEarlyListing). Undefined while the answer is on its way; null without a row.
 */
export function earlyListingRow(id: string): Record<string, unknown> | null | undefined {
  if (typeof window === 'undefined') return null;
  const early = window[VIEW_KEY];
  return early?.id === id ? early.row : null;
}

/** Settles once the early answer for this listing has arrived (or failed); null when none was asked for. */
export function whenEarlyListingRow(id: string): Promise<unknown> | null {
  if (typeof window === 'undefined') return null;
  const early = window[VIEW_KEY];
  return early?.id === id ? early.rows.then(() => undefined) : null;
}

/** The app: the early answer for this listing, once (null when there is none for it). */
export function takeEarlyListing(id: string): Promise<unknown[] | null> | null {
  if (typeof window === 'undefined') return null;
  const w = window;
  const early = w[KEY];
  if (!early || early.id !== id) return null;
  w[KEY] = null;
  return early.rows;
}

/**
 * Fired on window by /listing-early-view.js once it has drawn the car's page and the browser has shown it
 * (or has nothing to draw): the head script starts the app's code only then, so the app's chunks do not
 * take bandwidth from the page's largest paint.
 */
export const EARLY_VIEW_DONE_EVENT = 'motorly:early-view-done';
