// The state of one search's answer as the marketplace shows it (query-session.ts grows it), and the answer a
// first visit's early request already holds (early-page.ts), in that same shape.
import { toRpcFilters, type ListingSearch } from '../filters';
import type { ListingRow } from '../types';
import { arrivedEarlyPage } from './early-page';
import { serverOrder } from './order';
import type { SearchFacets, ServerPage } from './server-search';

/** Offline, when the device's own answer could not be read. */
export const LOCAL_READ_FAILED =
  "The cars saved on this phone could not be read. Try again, or search when you're back online.";

/**
 * complete: every match is shown or held; partial: more on the server; offline: only what the device holds,
 * the server unreachable; loading: the server's first answer is awaited; error: the server refused the search.
 */
export type Coverage = 'loading' | 'complete' | 'partial' | 'offline' | 'error';

export interface ListingQueryState {
  rows: ListingRow[];
  dealerMiles: Record<string, number>;
  /** The server's town of each shown row's dealer, by dealer id (the dealers store's town comes first). */
  dealerTowns: Record<string, string>;
  /** Every match on the server (null until known). */
  total: number | null;
  estimated: boolean;
  coverage: Coverage;
  /** Rows this device holds for the query (the offline message's count). */
  heldMatches: number;
  /** The last known size of the whole market (null until the server has said). */
  marketTotal: number | null;
  facets: SearchFacets | null;
  hasMore: boolean;
  loadingMore: boolean;
  postcodeError?: string;
  error?: string;
  /** True once the device's own answer is in (rows may still be empty). */
  answered: boolean;
}

export const INITIAL_QUERY_STATE: ListingQueryState = {
  rows: [],
  dealerMiles: {},
  dealerTowns: {},
  total: null,
  estimated: false,
  coverage: 'loading',
  heldMatches: 0,
  marketTotal: null,
  facets: null,
  hasMore: false,
  loadingMore: false,
  answered: false,
};

/** What a first server page says about the whole answer. */
export function firstPageFacts(search: ListingSearch, page: ServerPage): Partial<ListingQueryState> {
  return {
    total: page.total,
    estimated: page.estimated,
    facets: page.facets,
    postcodeError: page.postcodeError,
    ...(page.total !== null && Object.keys(toRpcFilters(search).filters).length === 0
      ? { marketTotal: page.total }
      : {}),
  };
}

/**
 * The first render's answer on a first visit to /marketplace once the head script's early request has answered
 * (early-page.ts): what the session shows when it adopts that page (a device with nothing held), so the app's
 * first commit shows the cards the early view drew rather than placeholders. Null without such an answer.
 */
export function earlyQueryState(search: ListingSearch): ListingQueryState | null {
  const page = arrivedEarlyPage(search);
  return page && firstPageState(search, page);
}

/** A search's answer as its first server page alone shows it (a device with nothing else held). */
export function firstPageState(search: ListingSearch, page: ServerPage): ListingQueryState {
  return {
    ...INITIAL_QUERY_STATE,
    rows: [...page.rows].sort(serverOrder(search)),
    dealerMiles: { ...page.dealerMiles },
    dealerTowns: { ...page.dealerTowns },
    ...firstPageFacts(search, page),
    coverage: page.nextCursor === null ? 'complete' : 'partial',
    hasMore: page.nextCursor !== null,
  };
}
