// The query engine's public surface (import from '@/data/catalogue/query').
export {
  searchServer,
  ServerSearchError,
  SERVER_PAGE_MAX,
  type FacetCount,
  type PriceBandCount,
  type SearchFacets,
  type ServerPage,
  type ServerSearchErrorKind,
} from './server-search';
export { fetchRpcClient, type RpcClient, type RpcError, type RpcResult } from './rpc-client';
export { askListingAhead, useListingQuery, type ListingQuery, type ListingQueryOptions } from './use-listing-query';
export { earlyQueryState, INITIAL_QUERY_STATE, type Coverage, type ListingQueryState } from './query-state';
export { searchBody } from './early-page';
export { queryEngineFor, type QueryEngineApi } from './engine-client';
export { QueryEngine, type LocalAnswer, type WindowSummary } from './engine';
export { serverOrder } from './order';
export { PASSING_TTL_MS, SAVED_TTL_MS, CATALOGUE_BUDGET_BYTES, type QueryWindowRow } from './window-types';
