// One filter schema for the marketplace query (issue 32): URL, server RPC, local predicate and saved
// searches all come from the declarations in declarations.ts.
export { LISTING_SORTS, emptyListingSearch, type ListingSearch, type ListingSort } from './listing-search';
export { FILTERS, RADIUS_MAX_MILES, normalisePostcode } from './declarations';
export type { FilterDeclaration, MatchContext, RowTest } from './filter-kinds';
export { parseSearchParams, toSearchParams, filterParams, queryKey } from './url';
export { toRpcFilters, RPC_FILTER_KEYS, type RpcSearch } from './rpc';
export { matchContext, listingMatcher, matchesListing } from './match';
export {
  savedSearchFilters,
  savedSearchFiltersFromQuery,
  savedSearchKey,
  savedSearchMatcher,
  searchFromSaved,
} from './saved';
