// Saved searches by the declarations. A saved row stores the marketplace query it reopens with plus,
// under the declarations' saved keys, the filters the server's saved_search_matches() matches for
// new-match alerts, so "N new since you last looked" counted on the device agrees with the alerts.
import type { SavedSearchFilters } from '../../types';
import { FILTERS } from './declarations';
import type { MatchContext, RowTest } from './filter-kinds';
import type { ListingSearch } from './listing-search';
import { listingMatcher } from './match';
import { parseSearchParams, queryKey, toSearchParams } from './url';

/** What a saved search stores for a search: its query without paging or sorting, and the alert keys. */
export function savedSearchFilters(s: ListingSearch): SavedSearchFilters {
  const out: SavedSearchFilters = { query: toSearchParams({ ...s, page: 1, sort: 'relevance' }).toString() };
  for (const filter of FILTERS) {
    const values = filter.rpc(s);
    for (const key of filter.savedKeys) if (values[key] !== undefined) Object.assign(out, { [key]: values[key] });
  }
  return out;
}

export function savedSearchFiltersFromQuery(query: string): SavedSearchFilters {
  return savedSearchFilters(parseSearchParams(query));
}

/** The search a saved row reopens (its stored query; rows saved before this schema read the same). */
export function searchFromSaved(f: SavedSearchFilters): ListingSearch {
  return parseSearchParams(typeof f.query === 'string' ? f.query : '');
}

/** The coverage-ledger key of a saved search's query (the ledger keeps saved searches' windows longer). */
export function savedSearchKey(f: SavedSearchFilters): string {
  return queryKey(searchFromSaved(f));
}

/** The search the alerts match: only the saved keys, read back through the URL rules. */
function alertSearch(f: SavedSearchFilters): ListingSearch {
  const stored = new Map<string, unknown>(Object.entries(f));
  const p = new URLSearchParams();
  for (const key of FILTERS.flatMap((filter) => filter.savedKeys)) {
    const v = stored.get(key);
    if (typeof v === 'string' || typeof v === 'number') p.set(key, String(v));
    else if (Array.isArray(v)) p.set(key, v.filter((x) => typeof x === 'string').join(','));
  }
  return parseSearchParams(p);
}

/** Whether a listing is a new match for a saved search, as the server's alert decides. */
export function savedSearchMatcher(f: SavedSearchFilters, ctx: MatchContext): RowTest {
  return listingMatcher(alertSearch(f), ctx);
}
