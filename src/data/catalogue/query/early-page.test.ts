// The head script's early request for /marketplace is adopted only when it asked exactly what the query engine
// would, once, and never as a broken page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSearchParams } from '../filters';
import { keepEarlySearch, startEarlySearch, type EarlySearch } from '../early-search';
import { SHOWN_TAKE_MS, arrivedEarlyPage, searchBody, storeEarlySearches, takeEarlyPage } from './early-page';
import type { RpcClient } from './rpc-client';
import { searchServer } from './server-search';

const search = parseSearchParams('');

function answering(body: unknown, status = 200) {
  vi.stubGlobal('window', {});
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('early first page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("has the body of the query engine's own request for that page", async () => {
    const sent: Record<string, unknown>[] = [];
    const client: RpcClient = {
      rpc: (_fn, args) => {
        sent.push(args);
        return Promise.resolve({ data: { rows: [] }, error: null, status: 200 });
      },
    };
    await searchServer(search, null, search.pageSize, client, true);
    expect(searchBody(search, null, search.pageSize)).toBe(JSON.stringify(sent[0]));
    expect(JSON.parse(searchBody(search, null, search.pageSize))).toMatchObject({
      after: null,
      page_size: search.pageSize,
      include_counts: true,
    });
  });

  it('POSTs the body with the anon key, and is taken once, for the same request only', async () => {
    const fetch = answering({ rows: [{ id: 'a', dealer_id: 'd', distance_miles: 2 }], total: 9, next_cursor: 'n' });
    const body = searchBody(search, null, search.pageSize);
    startEarlySearch('http://api/', 'anon', body);
    expect(fetch).toHaveBeenCalledWith('http://api/rest/v1/rpc/search_listings', {
      method: 'POST',
      headers: { apikey: 'anon', Authorization: 'Bearer anon', 'Content-Type': 'application/json' },
      body,
    });
    expect(takeEarlyPage({ ...search, sort: 'mileage' }, null, search.pageSize)).toBeNull();
    expect(takeEarlyPage(search, 'cursor', search.pageSize)).toBeNull();
    expect(takeEarlyPage(search, null, 50)).toBeNull();
    const page = await takeEarlyPage(search, null, search.pageSize);
    expect(page).toMatchObject({ rows: [{ id: 'a' }], dealerMiles: { d: 2 }, total: 9, nextCursor: 'n' });
    expect(takeEarlyPage(search, null, search.pageSize)).toBeNull();
    expect(arrivedEarlyPage(search)).toBeNull(); // taken: the first render no longer draws it
  });

  it('answers null (the app asks itself) when the request failed or the answer is malformed', async () => {
    answering({ message: 'no' }, 500);
    startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize));
    await expect(takeEarlyPage(search, null, search.pageSize)).resolves.toBeNull();
    answering({ rows: 'nope' });
    startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize));
    await expect(takeEarlyPage(search, null, search.pageSize)).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize));
    await expect(takeEarlyPage(search, null, search.pageSize)).resolves.toBeNull();
  });

  it("stores the visit's early answers once; the shown one only if its screen has not taken it in time", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const answer = (make: string) => ({
      rows: [{ id: make, dealer_id: 'd', distance_miles: null }],
      total: 1,
      next_cursor: null,
    });
    const early = (query: string, data: unknown): EarlySearch => {
      const body = searchBody(parseSearchParams(query), null, 20);
      const e: EarlySearch = { body, answer: Promise.resolve(data), arrived: data, query };
      keepEarlySearch(e);
      return e;
    };
    early('make=abarth', answer('abarth'));
    early('make=ford', null);
    const shown = early('make=cupra', answer('cupra'));
    (window as Window).__motorlyEarlySearch = shown;
    const stored: [string | undefined, string[]][] = [];
    storeEarlySearches((s, page) => stored.push([s.make, page.rows.map((r) => r.id)]));
    await vi.advanceTimersByTimeAsync(0);
    // A left search at once; a failed request stores nothing; the shown one waits for its screen.
    expect(stored).toEqual([['abarth', ['abarth']]]);
    await vi.advanceTimersByTimeAsync(SHOWN_TAKE_MS);
    expect(stored).toEqual([
      ['abarth', ['abarth']],
      ['cupra', ['cupra']],
    ]);
    // Stored once: a second engine (another database) does not store them again.
    storeEarlySearches((s) => stored.push([s.make, []]));
    await vi.advanceTimersByTimeAsync(SHOWN_TAKE_MS);
    expect(stored).toHaveLength(2);
    vi.useRealTimers();
  });

  it('does not store the shown search its screen took (the screen stores it)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const data = { rows: [{ id: 'a', dealer_id: 'd', distance_miles: null }], total: 1, next_cursor: null };
    const search = parseSearchParams('make=cupra');
    const shown: EarlySearch = {
      body: searchBody(search, null, 20),
      answer: Promise.resolve(data),
      arrived: data,
      query: '?make=cupra',
    };
    keepEarlySearch(shown);
    (window as Window).__motorlyEarlySearch = shown;
    const stored: unknown[] = [];
    storeEarlySearches((s) => stored.push(s));
    expect(await takeEarlyPage(search, null, 20)).toMatchObject({ rows: [{ id: 'a' }] });
    await vi.advanceTimersByTimeAsync(SHOWN_TAKE_MS);
    expect(stored).toEqual([]);
    vi.useRealTimers();
  });
});
