// The coverage ledger's rows (Dexie table query_windows): one per normalised query the user ran.
import type { SearchFacets } from './server-search';

export interface QueryWindowRow {
  /** queryKey(search): the normalised query without paging. */
  key: string;
  /** The server's answer so far, in its order (the first pages only). */
  ids: string[];
  /** Miles from the searched postcode by dealer id, for the held rows. */
  dealerMiles: Record<string, number>;
  /** The server's towns of the held rows' dealers, by dealer id (windows stored before it have none). */
  dealerTowns?: Record<string, string>;
  total: number | null;
  estimated: boolean;
  /** Where the next server page starts; null when the window holds every match. */
  nextCursor: string | null;
  complete: boolean;
  facets: SearchFacets | null;
  postcodeError?: string;
  /** When the server answered (ms since epoch). */
  asOf: number;
  /** Last time a screen read it: the least recently used window is evicted first. */
  lastUsed: number;
  /** How long it lives, counted only while the app is open and visible. */
  ttlMs: number;
  openMs: number;
  /** Estimated IndexedDB bytes of its rows. */
  bytes: number;
}

/** A passing search's window lives a few minutes of open time; a saved search's a day. */
export const PASSING_TTL_MS = 5 * 60_000;
export const SAVED_TTL_MS = 24 * 60 * 60_000;
/** The catalogue part of IndexedDB stays under this. */
export const CATALOGUE_BUDGET_BYTES = 25 * 1024 * 1024;
/** A window keeps at most this many ids (the first pages). */
export const WINDOW_MAX_IDS = 300;
/** sync_state key of the last known total of the unfiltered market (the offline message's "Search all N"). */
export const MARKET_TOTAL_KEY = 'query.market_total';
