import { describe, expect, it } from 'vitest';
import { emptyListingSearch, toRpcFilters, type ListingSearch } from '../filters';
import { fetchRpcClient, type RpcClient, type RpcResult } from './rpc-client';
import { searchServer, serverPageOf, ServerSearchError } from './server-search';

const base: ListingSearch = emptyListingSearch(24);

function fakeClient(answer: RpcResult) {
  const calls: { fn: string; args: Record<string, unknown> }[] = [];
  const client: RpcClient = {
    rpc: (fn, args) => {
      calls.push({ fn, args });
      return Promise.resolve(answer);
    },
  };
  return { client, calls };
}

const row = (id: string, dealer: string, miles: number | null) => ({
  id,
  dealer_id: dealer,
  price: 9995,
  title: 'Ford Fiesta',
  distance_miles: miles,
  price_reduction: 500,
});

describe('searchServer', () => {
  it("sends the filter schema's RPC filters and sort", async () => {
    const { client, calls } = fakeClient({ status: 200, error: null, data: { rows: [], total: 0, next_cursor: null } });
    const s: ListingSearch = { ...base, make: 'ford', fuel: ['petrol'], priceMax: 9000, sort: 'mileage' };
    await searchServer(s, null, 24, client);
    expect(calls[0].args).toMatchObject({ ...toRpcFilters(s), after: null, page_size: 24, include_counts: true });
    expect(calls[0].args.filters).toMatchObject({ make: 'ford', fuel: ['petrol'] });
  });

  it('calls search_listings and maps rows, miles by dealer, total, cursor and facets', async () => {
    const facets = { make: [{ value: 'ford', label: 'Ford', count: 2 }], body: [], fuel: [], gearbox: [], price: [] };
    const { client, calls } = fakeClient({
      status: 200,
      error: null,
      data: {
        rows: [row('a', 'd1', 3.25), row('b', 'd2', null)],
        total: 2543,
        total_is_estimate: true,
        facets,
        facets_are_estimates: true,
        next_cursor: 'abc',
        postcode_error: null,
      },
    });
    const page = await searchServer({ ...base, postcode: 'LS1', sort: 'distance' }, 'prev', 250, client);
    expect(calls).toEqual([
      {
        fn: 'search_listings',
        args: { filters: { postcode: 'LS1' }, sort: 'distance', after: 'prev', page_size: 100, include_counts: true },
      },
    ]);
    expect(page.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(page.rows[0]).not.toHaveProperty('distance_miles');
    expect(page.dealerMiles).toEqual({ d1: 3.25 });
    expect(page).toMatchObject({ total: 2543, estimated: true, nextCursor: 'abc' });
    expect(page.facets).toEqual({ ...facets, estimated: true });
    expect(page.postcodeError).toBeUndefined();
  });

  it('turns a PostgREST 400 into a clear message naming what was wrong', async () => {
    const { client } = fakeClient({
      status: 400,
      data: null,
      error: { code: '22023', message: 'Filter radius must be a number of miles above 0 and at most 500' },
    });
    const err = await searchServer({ ...base, postcode: 'LS1', radius: 900 }, null, 24, client).catch((e) => e);
    expect(err).toBeInstanceOf(ServerSearchError);
    expect(err).toMatchObject({ kind: 'bad-request', status: 400 });
    expect(err.message).toBe(
      'This search could not run: Filter radius must be a number of miles above 0 and at most 500.',
    );
  });

  it('reports no answer as offline and a 5xx as the service not answering', async () => {
    const offline = fetchRpcClient('http://api.test', 'key', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(searchServer(base, null, 24, offline)).rejects.toMatchObject({ kind: 'offline', status: 0 });
    const down = fetchRpcClient('http://api.test', 'key', () =>
      Promise.resolve(new Response(JSON.stringify({ message: 'boom' }), { status: 503 })),
    );
    await expect(searchServer(base, null, 24, down)).rejects.toMatchObject({ kind: 'server', status: 503 });
  });

  it('posts to the Data API with the anon key', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const client = fetchRpcClient('http://api.test/', 'anon-key', (url, init) => {
      seen.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(
        new Response(JSON.stringify({ rows: [], total: 0, total_is_estimate: false, next_cursor: null }), {
          status: 200,
        }),
      );
    });
    const page = await searchServer(base, null, 24, client, false);
    expect(seen[0].url).toBe('http://api.test/rest/v1/rpc/search_listings');
    expect(new Headers(seen[0].init.headers).get('apikey')).toBe('anon-key');
    expect(JSON.parse(String(seen[0].init.body))).toMatchObject({ include_counts: false, page_size: 24 });
    expect(page).toMatchObject({ rows: [], total: 0, nextCursor: null, facets: null });
  });
});

describe("the answer's towns", () => {
  const rows = [row('a', 'd1', null), row('b', 'd2', null), row('c', 'd1', null)];

  it("carries the towns of the rows' dealers, and no other", () => {
    const page = serverPageOf({ rows, towns: { d1: 'Birmingham', d2: 'Leeds', d9: 'York' }, next_cursor: null });
    expect(page.dealerTowns).toEqual({ d1: 'Birmingham', d2: 'Leeds' });
  });

  it('is empty or partial for an answer without towns or with malformed ones (older cached answers)', () => {
    for (const towns of [undefined, null, 7, 'Leeds', ['Leeds'], {}])
      expect(serverPageOf({ rows, towns, next_cursor: null }).dealerTowns, String(towns)).toEqual({});
    const odd = serverPageOf({ rows, towns: { d1: 42, d2: '' }, next_cursor: null });
    expect(odd.dealerTowns).toEqual({});
    expect(serverPageOf({ rows, towns: { d1: null, d2: 'Leeds' }, next_cursor: null }).dealerTowns).toEqual({
      d2: 'Leeds',
    });
    // The rest of the page reads as before.
    expect(serverPageOf({ rows, towns: 'bad', next_cursor: 'n' })).toMatchObject({ nextCursor: 'n', total: null });
  });
});
