// The query engine on fake-indexeddb with a fake RPC: windows recorded and answered in order, TTL counted in
// open time, LRU eviction under the budget, and rows others refer to never deleted.
import Dexie, { RangeSet, type ObservabilitySet } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MotorlyDb } from '../../db';
import { listingRow, modelRow } from '../../testing/fixtures';
import { withTestDb } from '../../testing/test-db';
import { emptyListingSearch, queryKey, type ListingSearch } from '../filters';
import type { ListingRow } from '../types';
import { startEarlySearch } from '../early-search';
import { searchBody } from './early-page';
import { QueryEngine } from './engine';
import { MARKET_TOTAL_KEY } from './window-types';
import type { RpcClient } from './rpc-client';

let db: MotorlyDb;
withTestDb('query-engine', (d) => (db = d));

const base = emptyListingSearch(2);
const byPrice: ListingSearch = { ...base, sort: 'price-asc' };
const row = (id: string, price: number, over: Partial<ListingRow> = {}) =>
  listingRow({ id, price, description: 'x'.repeat(200), ...over });

/** A fake search_listings over `market`: price order, pages of page_size, a cursor that is the next index. */
function fakeServer(market: ListingRow[]) {
  const calls: Record<string, unknown>[] = [];
  const client: RpcClient = {
    rpc: (_fn, args) => {
      calls.push(args);
      const filters = args.filters as { fuel?: string[]; price_min?: number };
      const all = market
        .filter((r) => !filters.fuel || filters.fuel.includes(r.fuel_type))
        .filter((r) => r.price >= (filters.price_min ?? 0))
        .sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
      const start = args.after ? Number(args.after) : 0;
      const size = Number(args.page_size);
      const rows = all.slice(start, start + size).map((r) => ({ ...r, distance_miles: null }));
      const next = start + size < all.length ? String(start + size) : null;
      return Promise.resolve({
        status: 200,
        error: null,
        data: {
          rows,
          total: args.include_counts ? all.length : null,
          total_is_estimate: false,
          facets: null,
          facets_are_estimates: false,
          next_cursor: next,
          postcode_error: null,
        },
      });
    },
  };
  return { client, calls };
}

const market = [row('a', 100), row('b', 200), row('c', 300), row('d', 400, { fuel_type: 'diesel' })];
const diesels = [...market, row('e', 500, { fuel_type: 'diesel' })];

describe('query engine: windows', () => {
  it('records the server pages as a window and answers a covered query from it, in order', async () => {
    const engine = new QueryEngine(db, { client: fakeServer(market).client });
    const first = await engine.fetch(byPrice, null, 2);
    await engine.chore;
    expect(first.rows.map((r) => r.id)).toEqual(['a', 'b']);
    await engine.fetch(byPrice, first.nextCursor, 2);
    await engine.chore;
    const w = await db.query_windows.get(queryKey(byPrice));
    expect(w).toMatchObject({ ids: ['a', 'b', 'c', 'd'], total: 4, complete: true, nextCursor: null });
    const local = await engine.local(byPrice, 3);
    expect(local.window).toMatchObject({ complete: true, total: 4, held: 4 });
    expect(local.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it("keeps the answer's dealers' towns with the window, over its pages; an older window has none", async () => {
    const served = fakeServer(market.map((r, i) => ({ ...r, dealer_id: `d${i}` })));
    const client: RpcClient = {
      rpc: async (fn, args) => {
        const res = await served.client.rpc(fn, args);
        const rows = (res.data as { rows: ListingRow[] }).rows;
        const towns = Object.fromEntries(rows.map((r) => [r.dealer_id, `Town ${r.dealer_id}`]));
        return { ...res, data: { ...(res.data as object), towns } };
      },
    };
    const engine = new QueryEngine(db, { client });
    const first = await engine.fetch(byPrice, null, 2);
    expect(first.dealerTowns).toEqual({ d0: 'Town d0', d1: 'Town d1' });
    await engine.chore;
    await engine.fetch(byPrice, first.nextCursor, 2);
    await engine.chore;
    const towns = { d0: 'Town d0', d1: 'Town d1', d2: 'Town d2', d3: 'Town d3' };
    expect((await db.query_windows.get(queryKey(byPrice)))?.dealerTowns).toEqual(towns);
    expect((await engine.local(byPrice, 4)).dealerTowns).toEqual(towns);
    // A window stored before the towns came (IndexedDB keeps it): no towns, the rest as before.
    await db.query_windows.update(queryKey(byPrice), { dealerTowns: undefined });
    const old = await engine.local(byPrice, 4);
    expect(old.dealerTowns).toEqual({});
    expect(old.rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("writes only the page's rows the device does not hold as they are: a second search's shared rows are not announced again", async () => {
    // Registered this decade: a list price over £40,000 adds the expensive-car supplement to its tax.
    const served = market.map((r) => ({ ...r, year: 2024, car_model_id: r.id === 'a' ? 'm1' : 'm2' }));
    const engine = new QueryEngine(db, { client: fakeServer(served).client });
    await engine.fetch(byPrice, null, 2);
    await engine.chore;
    const announced: string[][] = [];
    const listen = (parts: ObservabilitySet) => {
      const tree = parts[`idb://${db.name}/vehicle_listings/`];
      if (tree) announced.push([...RangeSet(tree)].map((r) => String(r.from)));
    };
    Dexie.on('storagemutated', listen);
    try {
      // 'b' changed on the server; 'a' is held as it is; 'c' is new.
      served[1] = { ...served[1], title: 'Renamed' };
      await engine.fetch({ ...byPrice, fuel: ['petrol'] }, null, 3);
      await engine.chore;
      expect(announced.flat().sort()).toEqual(['b', 'c']);
      expect((await db.vehicle_listings.get('b'))?.title).toBe('Renamed');
      // A held row whose derived fields are out of date is written: 'a' was stored before its model's list
      // price was known (its own price stood in: no supplement for an expensive car).
      const taxOf = async (id: string) =>
        ((await db.vehicle_listings.get(id)) as { annual_tax?: number } | undefined)?.annual_tax;
      const before = await taxOf('a');
      await db.car_models.put(modelRow({ id: 'm1', price_from: 60_000 }));
      announced.length = 0;
      await engine.fetch({ ...byPrice, fuel: ['petrol', 'diesel'] }, null, 2);
      await engine.chore;
      expect(announced.flat()).toEqual(['a']);
      expect(await taxOf('a')).toBeGreaterThan(before ?? Infinity);
      const w = await db.query_windows.get(queryKey({ ...byPrice, fuel: ['petrol', 'diesel'] }));
      expect(w?.ids).toEqual(['a', 'b']);
    } finally {
      Dexie.on.storagemutated.unsubscribe(listen);
    }
  });

  it('answers an uncovered query from the held rows that match, in the server order', async () => {
    await db.vehicle_listings.bulkPut([row('x', 900), row('y', 50), row('z', 70, { fuel_type: 'diesel' })]);
    const engine = new QueryEngine(db, { client: fakeServer(market).client });
    const local = await engine.local({ ...byPrice, fuel: ['petrol'] }, 10);
    expect(local.window).toBeNull();
    expect(local.rows.map((r) => r.id)).toEqual(['y', 'x']);
    expect(local.held).toBe(2);
  });

  it('remembers the size of the whole market for the offline message, asked once a day', async () => {
    const { client, calls } = fakeServer(market);
    let now = 0;
    const engine = new QueryEngine(db, { client, now: () => now });
    await engine.fetch(base, null, 2);
    await engine.chore;
    expect((await engine.local({ ...base, fuel: ['diesel'] }, 2)).marketTotal).toBe(4);
    expect(calls).toHaveLength(1);
    // A filtered search asks for the whole market's count only when the last one is a day old.
    await engine.fetch({ ...base, fuel: ['diesel'] }, null, 2);
    await engine.chore;
    expect(calls).toHaveLength(2);
    now = 25 * 60 * 60_000;
    await engine.fetch({ ...base, fuel: ['petrol'] }, null, 2);
    await engine.chore;
    expect(calls).toHaveLength(4);
    expect(calls[3]).toMatchObject({ filters: {}, page_size: 1, include_counts: true });
  });
});

describe('query engine: TTL and eviction', () => {
  it('counts open time and drops an expired window with the rows only it referred to', async () => {
    const engine = new QueryEngine(db, { client: fakeServer(market).client });
    await engine.fetch(byPrice, null, 2, 60_000);
    await engine.chore;
    await db.bookmarks.put({
      id: 'bm',
      user_id: 'u',
      car_model_id: 'm1',
      vehicle_listing_id: 'b',
      created_at: '',
    } as never);
    expect(await engine.tick(59_000)).toEqual([]);
    expect(await engine.tick(2_000)).toEqual([queryKey(byPrice)]);
    expect(await db.query_windows.count()).toBe(0);
    // 'a' went with the window; the bookmarked 'b' is pinned.
    expect(await db.vehicle_listings.toCollection().primaryKeys()).toEqual(['b']);
  });

  it('evicts the least recently used window when the catalogue passes its budget, never pinned or shared rows', async () => {
    const { client } = fakeServer(diesels);
    const probe = new QueryEngine(db, { client });
    await probe.fetch(byPrice, null, 2);
    await probe.chore;
    const oneRow = (await db.query_windows.get(queryKey(byPrice)))!.bytes / 2;
    await db.query_windows.clear();
    await db.vehicle_listings.clear();

    // Room for three rows: two windows of two rows cannot both stay.
    const engine = new QueryEngine(db, { client, budgetBytes: oneRow * 3.5 });
    const cheap = { ...byPrice };
    const diesel: ListingSearch = { ...byPrice, fuel: ['diesel'] };
    await engine.fetch(cheap, null, 2);
    await engine.chore; // a, b
    await db.price_alerts.put({ id: 'pa', user_id: 'u', vehicle_listing_id: 'a', created_at: '' } as never);
    await engine.fetch({ ...byPrice, priceMin: 150 }, null, 1);
    await engine.chore; // b: shared with the first window
    expect(await db.query_windows.count()).toBe(2);
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual(['a', 'b']);
    await engine.fetch(diesel, null, 2);
    await engine.chore; // d, e: four rows, over budget
    // The least recently used window goes first; its 'a' is a price alert's and 'b' is the second window's,
    // so nothing is freed and that window goes too, taking 'b'.
    expect(await db.query_windows.toCollection().primaryKeys()).toEqual([queryKey(diesel)]);
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual(['a', 'd', 'e']);
  });

  it('touching a window makes it recently used, so another goes first', async () => {
    const { client } = fakeServer(market);
    let now = 1000;
    const engine = new QueryEngine(db, { client, now: () => now++ });
    await engine.fetch(byPrice, null, 1);
    await engine.chore;
    await engine.fetch({ ...byPrice, fuel: ['diesel'] }, null, 1);
    await engine.chore;
    await engine.local(byPrice, 1);
    const lru = await db.query_windows.orderBy('lastUsed').first();
    expect(lru?.key).toBe(queryKey({ ...byPrice, fuel: ['diesel'] }));
  });
});

describe("query engine: the head script's early first page", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The head script's request for `search`'s first page, answered by `answer` (the fake server's own). */
  async function earlyRequest(search: ListingSearch, answer: Promise<unknown>) {
    vi.stubGlobal('window', {});
    const fetch = vi.fn(async () => new Response(JSON.stringify(await answer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize));
    return fetch;
  }

  it('adopts it as the first page, recorded as a fetched one (window, rows, market size), and asks only for later pages', async () => {
    const server = fakeServer(market);
    const answer = await server.client.rpc('search_listings', JSON.parse(searchBody(base, null, 2)) as never);
    const early = await earlyRequest(base, Promise.resolve(answer.data));
    const calls = server.calls.length;
    const engine = new QueryEngine(db, { client: server.client });
    const first = await engine.fetch(base, null, 2);
    await engine.chore;
    expect(early).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(calls);
    expect(first.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(await db.query_windows.get(queryKey(base))).toMatchObject({ ids: ['a', 'b'], total: 4, nextCursor: '2' });
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual(['a', 'b']);
    expect((await db.sync_state.get(MARKET_TOTAL_KEY))?.value).toMatchObject({ total: 4 });
    // Taken once: the next page, and the first page asked again, go to the server.
    await engine.fetch(base, first.nextCursor, 2);
    await engine.fetch(base, null, 2);
    await engine.chore;
    expect(server.calls).toHaveLength(calls + 2);
  });

  it('is not taken for another search, nor when the early request failed', async () => {
    const server = fakeServer(market);
    await earlyRequest(byPrice, Promise.resolve({ rows: [] }));
    // (The market-size requests, page_size 1, are not pages.)
    const pages = () => server.calls.filter((c) => c.page_size !== 1);
    const engine = new QueryEngine(db, { client: server.client });
    await engine.fetch({ ...byPrice, fuel: ['diesel'] }, null, 2);
    expect(pages()).toHaveLength(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    startEarlySearch('http://api', 'anon', searchBody(byPrice, null, byPrice.pageSize));
    expect((await engine.fetch(byPrice, null, 2)).rows.map((r) => r.id)).toEqual(['a', 'b']);
    await engine.chore;
    expect(pages()).toHaveLength(2);
  });
});
