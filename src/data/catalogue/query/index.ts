// The query engine's public surface (import from '@/data/catalogue/query').
export {
  searchServer,
  searchToRpc,
  ServerSearchError,
  SERVER_PAGE_MAX,
  type FacetCount,
  type PriceBandCount,
  type SearchFacets,
  type ServerPage,
  type ServerSearchErrorKind,
} from './server-search';
export { fetchRpcClient, type RpcClient, type RpcError, type RpcResult } from './rpc-client';
