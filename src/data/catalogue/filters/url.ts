// The marketplace URL <-> ListingSearch, by the declarations: the URL is the search's source of truth,
// so a search can be shared and the back button steps through filter changes.
import {
  PAGE_SIZE_DEFAULT,
  readOne,
  readPaging,
  serializeFilterParams,
  type ParamValue,
} from '@/shared/lib/url-params';
import { FILTERS } from './declarations';
import { LISTING_SORTS, emptyListingSearch, type ListingSearch } from './listing-search';

/** Reads a search from a query string; unknown keys are ignored and junk reads as "no filter". */
export function parseSearchParams(params: string | URLSearchParams): ListingSearch {
  const p = typeof params === 'string' ? new URLSearchParams(params) : params;
  const s = emptyListingSearch(PAGE_SIZE_DEFAULT);
  for (const filter of FILTERS) Object.assign(s, filter.parse(p));
  const sort = readOne(p, 'sort', LISTING_SORTS) ?? 'relevance';
  // Distance sort needs a postcode to measure from.
  s.sort = sort === 'distance' && !s.postcode ? 'relevance' : sort;
  return Object.assign(s, readPaging(p));
}

/** Every filter's URL key and value, in the URL's key order (paging and sort not included). */
export function filterParams(s: ListingSearch): [key: string, value: ParamValue][] {
  return FILTERS.flatMap((filter) => filter.serialise(s));
}

/** The canonical query string of a search: only what differs from the defaults, in a fixed key order. */
export function toSearchParams(s: ListingSearch): URLSearchParams {
  return serializeFilterParams(filterParams(s), s, 'relevance');
}

/**
 * The normalised query without paging (the coverage ledger's key): two searches that run the same
 * query, however they were built, get the same key.
 */
export function queryKey(s: ListingSearch): string {
  const canonical = parseSearchParams(toSearchParams(s));
  return toSearchParams({ ...canonical, page: 1, pageSize: PAGE_SIZE_DEFAULT }).toString();
}
