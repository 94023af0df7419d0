// The marketplace's first page asked for before the app runs: on a first visit to /marketplace the head script
// (src/early/head-script.ts) POSTs search_listings with the default search's arguments, the early view draws the
// first cards from the answer, and the query engine adopts it as its first server page (query/early-page.ts)
// instead of asking again. The slot lives here, below src/early, because the query engine reads it and data/ may not
// import src/early; this module stays free of imports, as the head script bundles it.
const KEY = '__motorlyEarlySearch';

export interface EarlySearch {
  /** The request's JSON body (search_listings' arguments): the answer is adopted only for the same request. */
  body: string;
  /** The RPC's JSON answer, or null when the request failed. */
  answer: Promise<unknown>;
  /** The answer once it has arrived (undefined while it is on its way). */
  arrived?: unknown;
  /** The query engine took it (once). */
  taken?: boolean;
  /** The answer read as a page, once (query/early-page.ts), so every reader gets the same row objects. */
  page?: unknown;
  /** The address's query string it answers ('' for the marketplace's own page), when known. */
  query?: string;
  /** Stored on the device as its search's first page (query/early-page.ts), once. */
  stored?: boolean;
}

declare global {
  interface Window {
    __motorlyEarlySearch?: EarlySearch | null;
    /** Every early search of this visit, the ones the address has since left included. */
    __motorlyEarlySearches?: EarlySearch[];
  }
}

/** Keeps an early search for the app (keptEarlySearches): one the address leaves before the app runs is not lost. */
export function keepEarlySearch(early: EarlySearch): void {
  (window.__motorlyEarlySearches ??= []).push(early);
}

/** The early searches kept this visit. */
export function keptEarlySearches(): readonly EarlySearch[] {
  return typeof window === 'undefined' ? [] : (window.__motorlyEarlySearches ?? []);
}

/** Head script: POSTs the first page's request (same-origin through the early API address where it can). */
export function startEarlySearch(apiUrl: string, anonKey: string, body: string): EarlySearch {
  const answer = fetch(`${apiUrl.replace(/\/$/, '')}/rest/v1/rpc/search_listings`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body,
  })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
    // No early answer: the app's own request runs the search and reports its errors.
    .catch(() => null);
  const early: EarlySearch = { body, answer };
  void answer.then((value) => (early.arrived = value));
  window[KEY] = early;
  return early;
}

/** The early request, when one was made with exactly this body. */
export function earlySearchFor(body: string): EarlySearch | null {
  if (typeof window === 'undefined') return null;
  const early = window[KEY];
  return early && early.body === body ? early : null;
}

/** The early request, whatever it asked (the early view draws its answer). */
export function currentEarlySearch(): EarlySearch | null {
  return typeof window === 'undefined' ? null : (window[KEY] ?? null);
}
