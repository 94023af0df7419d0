import { describe, expect, it } from 'vitest';
import { emptyListingSearch, toRpcFilters, type ListingSearch } from './filters';
import type { RpcClient, RpcResult } from './query/rpc-client';
import { ServerSearchError } from './query/server-search';
import { serverSearchTotal } from './search-total';

function client(answer: RpcResult, calls: Record<string, unknown>[] = []): RpcClient {
  return {
    rpc: (_fn, args) => {
      calls.push(args);
      return Promise.resolve(answer);
    },
  };
}

const answer = (total: number, estimate: boolean): RpcResult => ({
  status: 200,
  error: null,
  data: { rows: [], total, total_is_estimate: estimate, facets: null, next_cursor: null, postcode_error: null },
});

describe('serverSearchTotal', () => {
  it("asks search_listings for one row with counts, by the filter schema's RPC filters", async () => {
    const calls: Record<string, unknown>[] = [];
    const s: ListingSearch = { ...emptyListingSearch(24), body: ['suv'], priceMax: 25_000, taxMax: 200 };
    expect(await serverSearchTotal(s, client(answer(2543, false), calls))).toEqual({ total: 2543, estimated: false });
    expect(calls[0]).toMatchObject({ ...toRpcFilters(s), page_size: 1, include_counts: true, after: null });
  });

  it("keeps the server's word that a large market's total is an estimate", async () => {
    expect(await serverSearchTotal(emptyListingSearch(1), client(answer(450_000, true)))).toEqual({
      total: 450_000,
      estimated: true,
    });
  });

  it('fails as the search would (offline, refused), so the caller can fall back to no number', async () => {
    const offline: RpcResult = { status: 0, data: null, error: { message: 'Failed to fetch' } };
    await expect(serverSearchTotal(emptyListingSearch(1), client(offline))).rejects.toBeInstanceOf(ServerSearchError);
  });
});
