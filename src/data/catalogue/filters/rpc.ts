// A search as the server's search_listings RPC takes it: the declarations' filter keys (the SQL's
// search_listings_filters knows exactly these) and the sort by the same name.
import { FILTERS } from './declarations';
import type { ListingSearch, ListingSort } from './listing-search';

export interface RpcSearch {
  filters: Record<string, unknown>;
  sort: ListingSort;
}

export function toRpcFilters(s: ListingSearch): RpcSearch {
  const filters: Record<string, unknown> = {};
  for (const filter of FILTERS) Object.assign(filters, filter.rpc(s));
  return { filters, sort: s.sort === 'distance' && !s.postcode ? 'relevance' : s.sort };
}

/** Every filter key the app may send (the test holds the SQL to accept each one). */
export const RPC_FILTER_KEYS: readonly string[] = FILTERS.flatMap((filter) => filter.rpcKeys);
