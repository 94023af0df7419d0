// The server's answer to a marketplace search: public.search_listings (supabase/migrations/20261128001300..)
// one keyset page at a time, with its total (exact or estimated) and facet counts.
import { toRpcFilters, type ListingSearch } from '../filters';
import type { ListingRow } from '../types';
import { dealerTownsOf } from '../dealer-towns';
import { fetchRpcClient, type RpcClient } from './rpc-client';

export interface FacetCount {
  value: string;
  /** A make's display name. */
  label?: string;
  count: number;
}

export interface PriceBandCount {
  min: number;
  /** null: the top band has no upper edge. */
  max: number | null;
  count: number;
}

export interface SearchFacets {
  make: FacetCount[];
  body: FacetCount[];
  fuel: FacetCount[];
  gearbox: FacetCount[];
  price: PriceBandCount[];
  /** The counts were scaled from a sample (a large market). */
  estimated: boolean;
}

export interface ServerPage {
  rows: ListingRow[];
  /** Miles from the searched postcode to each listing's dealer, by dealer id (empty without a postcode). */
  dealerMiles: Record<string, number>;
  /** The town of each row's dealer, by dealer id (the cards' town before the dealers are synced). */
  dealerTowns: Record<string, string>;
  /** null when the page was asked for without counts (a next page). */
  total: number | null;
  /** The total is an estimate (more than a few thousand matches on a large market). */
  estimated: boolean;
  /** Pass back for the next page; null on the last. */
  nextCursor: string | null;
  facets: SearchFacets | null;
  /** The postcode could not be placed (the search ran without it). */
  postcodeError?: string;
}

/** Why a search failed: `bad-request` is the server refusing the query (a 400), `offline` no answer at all. */
export type ServerSearchErrorKind = 'bad-request' | 'offline' | 'server';

export class ServerSearchError extends Error {
  constructor(
    message: string,
    readonly kind: ServerSearchErrorKind,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ServerSearchError';
  }
}

/** The RPC's page size bounds (search_listings refuses others). */
export const SERVER_PAGE_MAX = 100;

interface RawAnswer {
  rows: (ListingRow & { distance_miles: number | null })[];
  total: number | null;
  total_is_estimate: boolean;
  facets: Omit<SearchFacets, 'estimated'> | null;
  facets_are_estimates: boolean;
  next_cursor: string | null;
  postcode_error: string | null;
  /** {dealer_id: town} for the rows' dealers (20261130010000); older answers, e.g. cached ones, have none. */
  towns?: unknown;
}

/** A message a shopper can act on, from the server's error (its message names the filter at fault). */
function refusal(status: number, message: string): ServerSearchError {
  if (status === 0)
    return new ServerSearchError('You are offline, so only cars saved on this phone are shown.', 'offline', 0);
  if (status === 400) return new ServerSearchError(`This search could not run: ${message}.`, 'bad-request', 400);
  return new ServerSearchError('The search service is not answering just now. Please try again.', 'server', status);
}

/** search_listings' arguments for one page of `search` (the early request for /marketplace sends the same). */
export function searchArgs(
  search: ListingSearch,
  after: string | null,
  pageSize: number,
  includeCounts: boolean,
): Record<string, unknown> {
  const { filters, sort } = toRpcFilters(search);
  return {
    filters,
    sort,
    after,
    page_size: Math.max(1, Math.min(SERVER_PAGE_MAX, Math.round(pageSize))),
    include_counts: includeCounts,
  };
}

/** The RPC's JSON answer as a page (rows without distance_miles, miles by dealer instead). */
export function serverPageOf(data: unknown): ServerPage {
  const answer = data as RawAnswer;
  if (!answer || !Array.isArray(answer.rows)) throw new Error('search_listings answered without rows');
  const dealerMiles: Record<string, number> = {};
  const rows = answer.rows.map(({ distance_miles, ...row }) => {
    if (distance_miles !== null && distance_miles !== undefined) dealerMiles[row.dealer_id] = Number(distance_miles);
    return row as ListingRow;
  });
  return {
    rows,
    dealerMiles,
    dealerTowns: dealerTownsOf(answer.towns, rows),
    total: answer.total ?? null,
    estimated: Boolean(answer.total_is_estimate),
    nextCursor: answer.next_cursor ?? null,
    facets: answer.facets ? { ...answer.facets, estimated: Boolean(answer.facets_are_estimates) } : null,
    ...(answer.postcode_error ? { postcodeError: answer.postcode_error } : {}),
  };
}

/** One page from the server for `search`, after `after` (a cursor from the previous page). */
export async function searchServer(
  search: ListingSearch,
  after: string | null = null,
  pageSize: number = search.pageSize,
  client: RpcClient = fetchRpcClient(),
  includeCounts = true,
): Promise<ServerPage> {
  const { data, error, status } = await client.rpc(
    'search_listings',
    searchArgs(search, after, pageSize, includeCounts),
  );
  if (error) throw refusal(status, error.message.replace(/\.$/, ''));
  return serverPageOf(data);
}
