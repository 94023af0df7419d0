// The query engine's side of the early request (../early-search.ts): the first page's request body for a search,
// the early answer as a page for the first render, and taking it once as the session's first server page.
import type { ListingSearch } from '../filters';
import { parseSearchParams } from '../filters/url';
import { currentEarlySearch, earlySearchFor, keptEarlySearches, type EarlySearch } from '../early-search';
import { searchArgs, serverPageOf, type ServerPage } from './server-search';

/** The JSON body of search_listings' request for a page of `search` (the early request's, for its first). */
export function searchBody(search: ListingSearch, after: string | null, pageSize: number): string {
  return JSON.stringify(searchArgs(search, after, pageSize, after === null));
}

/** The answer read as a page once (null when it is missing or malformed). */
function pageOf(early: EarlySearch): ServerPage | null {
  if (early.page === undefined) {
    try {
      early.page = early.arrived ? serverPageOf(early.arrived) : null;
    } catch {
      early.page = null;
    }
  }
  return early.page as ServerPage | null;
}

/** The early answer for `search`'s first page if it has arrived and is not yet taken (the first render's rows). */
export function arrivedEarlyPage(search: ListingSearch): ServerPage | null {
  // Every list's first render asks: without an early request, at no cost.
  if (!currentEarlySearch()) return null;
  const early = earlySearchFor(searchBody(search, null, search.pageSize));
  return early && !early.taken && early.arrived !== undefined ? pageOf(early) : null;
}

/** The head script's request asked for `search`'s first page and it is not yet taken (on its way or in). */
export function earlyAsked(search: ListingSearch): boolean {
  if (!currentEarlySearch()) return false;
  const early = earlySearchFor(searchBody(search, null, search.pageSize));
  return Boolean(early && !early.taken);
}

/**
 * The early answer as this request's page, once: null when no early request asked the same (another search,
 * a next page, or already taken); else a promise of the page, null if the early request failed.
 */
export function takeEarlyPage(
  search: ListingSearch,
  after: string | null,
  pageSize: number,
): Promise<ServerPage | null> | null {
  if (after !== null || !currentEarlySearch()) return null;
  const early = earlySearchFor(searchBody(search, null, pageSize));
  if (!early || early.taken) return null;
  early.taken = true;
  return early.answer.then(() => pageOf(early));
}

/** How long the address's own early search is left for its screen to take before it is stored anyway. */
export const SHOWN_TAKE_MS = 3000;

/**
 * Every early answer of this visit (kept with its query string) stored as its search's first page once it is in, as
 * the app stores the pages it shows: a search answered before the app ran and left again is then answered by the
 * device when the shopper goes back to it, offline too. The address's own search is its screen's to take (and
 * store); it is stored here only if the screen has not taken it SHOWN_TAKE_MS later (the address moved on first).
 */
export function storeEarlySearches(store: (search: ListingSearch, page: ServerPage) => void): void {
  for (const early of keptEarlySearches()) {
    const query = early.query;
    if (query === undefined || early.stored) continue;
    early.stored = true;
    const storeUntaken = () => {
      const page = early.taken ? null : pageOf(early);
      if (page) store(parseSearchParams(query), page);
    };
    void early.answer.then(() => {
      if (early === currentEarlySearch()) setTimeout(storeUntaken, SHOWN_TAKE_MS);
      else storeUntaken();
    });
  }
}
