// A search's answer as it grows: device rows first, the server's page inserted without reshuffling them,
// honest coverage offline and on a refused search, loadMore from the window and then the cursor.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listingRow } from '../../testing/fixtures';
import { emptyListingSearch, type ListingSearch } from '../filters';
import type { ListingRow } from '../types';
import type { LocalAnswer, WindowSummary } from './engine';
import type { QueryEngineApi } from './engine-client';
import { startEarlySearch } from '../early-search';
import { arrivedEarlyPage, searchBody } from './early-page';
import { QuerySession } from './query-session';
import { earlyQueryState, LOCAL_READ_FAILED, type ListingQueryState } from './query-state';
import { ServerSearchError, type ServerPage } from './server-search';

const search: ListingSearch = { ...emptyListingSearch(3), sort: 'price-asc' };
const row = (id: string, price: number): ListingRow => listingRow({ id, price });
const ids = (s: ListingQueryState) => s.rows.map((r) => r.id);

const local = (rows: ListingRow[], over: Partial<LocalAnswer> = {}): LocalAnswer => ({
  window: null,
  rows,
  dealerMiles: {},
  dealerTowns: {},
  held: rows.length,
  marketTotal: 450_000,
  ...over,
});
const page = (rows: ListingRow[], nextCursor: string | null, total: number | null = 2543): ServerPage => ({
  rows,
  dealerMiles: {},
  dealerTowns: {},
  total,
  estimated: false,
  nextCursor,
  facets: null,
});

function fakeEngine(answers: { local: LocalAnswer[]; fetch: (ServerPage | Error)[] }) {
  const calls: string[] = [];
  const engine: QueryEngineApi = {
    local: (_s, limit) => {
      calls.push(`local ${limit}`);
      return Promise.resolve(answers.local.shift()!);
    },
    fetch: (_s, after) => {
      calls.push(`fetch ${after}`);
      const next = answers.fetch.shift()!;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    record: () => undefined,
    tick: () => Promise.resolve([]),
  };
  return { engine, calls };
}

function run(engine: QueryEngineApi, online = true) {
  const seen: ListingQueryState[] = [];
  const session = new QuerySession(engine, search, { ttlMs: 60_000, online: () => online }, (s) => seen.push(s));
  return { session, seen };
}

describe('query session', () => {
  it('shows the held rows first, then the server page inserted around them without reshuffling', async () => {
    const { engine } = fakeEngine({
      local: [local([row('a', 100), row('stale', 150), row('c', 300), row('tail', 900)])],
      fetch: [page([row('a', 100), row('b', 200), row('c', 300)], 'next')],
    });
    const { session, seen } = run(engine);
    await session.start();
    expect(ids(seen[0])).toEqual(['a', 'stale', 'c', 'tail']);
    expect(seen[0].coverage).toBe('loading');
    const last = seen.at(-1)!;
    // 'stale' sorts inside the server's page but is not in it: it no longer matches. 'tail' lies beyond it.
    expect(ids(last)).toEqual(['a', 'b', 'c', 'tail']);
    expect(last).toMatchObject({ coverage: 'partial', total: 2543, hasMore: true });
    // The held rows that stay keep their relative order (a prefix-consistent insert).
    const kept = ids(seen[0]).filter((id) => ids(last).includes(id));
    expect(ids(last).filter((id) => kept.includes(id))).toEqual(kept);
  });

  it("a device answer after the server's changes the state only when its counts differ", async () => {
    for (const [held, changes] of [
      [0, 0],
      [2, 1],
    ] as const) {
      let answerLocal: (a: LocalAnswer) => void = () => undefined;
      const engine: QueryEngineApi = {
        local: () => new Promise<LocalAnswer>((r) => (answerLocal = r)),
        fetch: () => Promise.resolve(page([row('a', 1)], null, 1)),
        record: () => undefined,
        tick: () => Promise.resolve([]),
      };
      const { session, seen } = run(engine);
      await session.start();
      const before = seen.length;
      expect(seen.at(-1)).toMatchObject({ coverage: 'complete', heldMatches: 0, marketTotal: 1 });
      answerLocal(local([], { held, marketTotal: null }));
      await vi.waitFor(() => expect(session.state.heldMatches).toBe(held));
      await new Promise((r) => setTimeout(r, 0));
      expect(seen.length - before).toBe(changes);
      expect(ids(seen.at(-1)!)).toEqual(['a']);
    }
  });

  it('offline: shows the cached matches and says only the device answered', async () => {
    const { engine, calls } = fakeEngine({
      local: [local([row('a', 100), row('b', 200)], { held: 23 })],
      fetch: [new ServerSearchError('offline', 'offline', 0)],
    });
    const { session, seen } = run(engine);
    await session.start();
    expect(calls).toEqual(['local 3', 'fetch null']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'offline', heldMatches: 23, marketTotal: 450_000 });
    expect(ids(seen.at(-1)!)).toEqual(['a', 'b']);
    expect(seen.at(-1)!.hasMore).toBe(true); // 23 held, 2 shown
  });

  it('offline: a device read that fails says so, never "0 cars saved on this phone match"', async () => {
    const { engine } = fakeEngine({ local: [], fetch: [] });
    engine.local = () => Promise.reject(new Error('IndexedDB read failed'));
    const reported = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session, seen } = run(engine, false);
    await session.start();
    expect(seen.at(-1)).toMatchObject({ coverage: 'error', error: LOCAL_READ_FAILED });
    expect(seen.some((s) => s.coverage === 'offline')).toBe(false);
    expect(reported).toHaveBeenCalledOnce();
    reported.mockRestore();
  });

  it('does not ask the server when the browser is offline; a complete window still answers completely', async () => {
    const window = { complete: true, total: 2, asOf: 0, nextCursor: null, held: 2 } as WindowSummary;
    const { engine, calls } = fakeEngine({ local: [local([row('a', 1), row('b', 2)], { window })], fetch: [] });
    const { session, seen } = run(engine, false);
    await session.start();
    expect(calls).toEqual(['local 3']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'complete', total: 2, hasMore: false });
  });

  it('keeps the rows and says why when the server refuses the search', async () => {
    const { engine } = fakeEngine({
      local: [local([row('a', 1)])],
      fetch: [new ServerSearchError('This search could not run: The cursor is not valid.', 'bad-request', 400)],
    });
    const { session, seen } = run(engine);
    await session.start();
    expect(seen.at(-1)).toMatchObject({
      coverage: 'error',
      error: 'This search could not run: The cursor is not valid.',
    });
    expect(ids(seen.at(-1)!)).toEqual(['a']);
  });

  it('loads more from a covered window first, then from its cursor, and ends complete', async () => {
    const window = { complete: false, total: 7, asOf: Date.now(), nextCursor: 'w', held: 5 } as WindowSummary;
    const five = [1, 2, 3, 4, 5].map((n) => row(`r${n}`, n));
    const { engine, calls } = fakeEngine({
      local: [local(five.slice(0, 3), { window, held: 5 }), local(five, { window, held: 5 })],
      fetch: [page([row('r6', 6), row('r7', 7)], null, null)],
    });
    const { session, seen } = run(engine);
    await session.start();
    expect(seen.at(-1)).toMatchObject({ coverage: 'partial', total: 7, hasMore: true });
    await session.loadMore();
    expect(ids(seen.at(-1)!)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    await session.loadMore();
    expect(calls).toEqual(['local 3', 'local 6', 'fetch w']);
    expect(ids(seen.at(-1)!)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'complete', total: 7, hasMore: false });
  });

  it('ends complete when the server has confirmed an exact total, though its full last page carried a cursor', async () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => row(`r${n}`, n));
    const { engine, calls } = fakeEngine({
      local: [local([])],
      fetch: [page(six.slice(0, 3), 'c1', 6), page(six.slice(3), 'c2', null)],
    });
    const { session, seen } = run(engine);
    await session.start();
    expect(seen.at(-1)).toMatchObject({ coverage: 'partial', total: 6, hasMore: true });
    await session.loadMore();
    expect(ids(seen.at(-1)!)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'complete', hasMore: false });
    await session.loadMore();
    expect(calls).toEqual(['local 3', 'fetch null', 'fetch c1']);
  });

  it('keeps going past a full page when the total is an estimate', async () => {
    const three = [1, 2, 3].map((n) => row(`r${n}`, n));
    const { engine } = fakeEngine({ local: [local([])], fetch: [{ ...page(three, 'c1', 3), estimated: true }] });
    const { session, seen } = run(engine);
    await session.start();
    expect(seen.at(-1)).toMatchObject({ coverage: 'partial', hasMore: true });
  });

  it("says a shown answer is the device's when the connection goes, and asks the server when it comes back", async () => {
    // A fresh window: the server is not asked again at once.
    const window = { complete: false, total: 40, asOf: Date.now(), nextCursor: 'w', held: 3 } as WindowSummary;
    const three = [row('a', 1), row('b', 2), row('c', 3)];
    const { engine, calls } = fakeEngine({
      local: [local(three, { window, held: 3 })],
      fetch: [page([row('a', 1), row('b', 2), row('new', 3)], 'x', 41)],
    });
    let online = true;
    const seen: ListingQueryState[] = [];
    const session = new QuerySession(engine, search, { ttlMs: 60_000, online: () => online }, (s) => seen.push(s));
    await session.start();
    expect(calls).toEqual(['local 3']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'partial', total: 40 });
    online = false;
    session.connectivityChanged();
    expect(seen.at(-1)).toMatchObject({ coverage: 'offline', heldMatches: 3 });
    expect(ids(seen.at(-1)!)).toEqual(['a', 'b', 'c']);
    online = true;
    session.connectivityChanged();
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ coverage: 'partial', total: 41 }));
    // The page after it is asked at once (the prefetch), ready for a next page.
    expect(calls).toEqual(['local 3', 'fetch null', 'fetch x']);
    expect(session.state.heldMatches).toBe(3);
    expect(ids(seen.at(-1)!)).toEqual(['a', 'b', 'new']);
  });

  it('asks for the next page as soon as a page lands, and a next page then takes it without asking again', async () => {
    let answerNext: (p: ServerPage) => void = () => undefined;
    const calls: string[] = [];
    const engine: QueryEngineApi = {
      local: () => Promise.resolve(local([])),
      fetch: (_s, after, _limit, _ttl, store = true) => {
        calls.push(`fetch ${after}${store ? '' : ' (not stored)'}`);
        if (after === null) return Promise.resolve(page([row('a', 1), row('b', 2), row('c', 3)], 'p2', 6));
        return new Promise((resolve) => (answerNext = resolve));
      },
      record: (_s, after) => calls.push(`record ${after}`),
      tick: () => Promise.resolve([]),
    };
    const { session, seen } = run(engine);
    await session.start();
    // The device keeps only what was shown: the prefetched page is stored once a next page shows it.
    expect(calls).toEqual(['fetch null', 'fetch p2 (not stored)']);
    const more = session.loadMore();
    answerNext(page([row('d', 4), row('e', 5), row('f', 6)], null, 6));
    await more;
    expect(calls).toEqual(['fetch null', 'fetch p2 (not stored)', 'record p2']);
    expect(ids(seen.at(-1)!)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'complete', hasMore: false, loadingMore: false });
  });
});

describe("the first render on a first visit (the head script's early answer)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the answer the session shows once it adopts that page, with the same row objects', async () => {
    const rows = [row('a', 100), row('b', 200), row('c', 300)];
    const raw = { rows: rows.map((r) => ({ ...r, distance_miles: null })), total: 2543, total_is_estimate: false };
    vi.stubGlobal('window', {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...raw, next_cursor: 'n', facets: null }), { status: 200 })),
    );
    const early = startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize));
    expect(earlyQueryState(search)).toBeNull(); // not in yet
    await early.answer;
    expect(earlyQueryState({ ...search, sort: 'mileage' })).toBeNull();
    const first = earlyQueryState(search)!;
    expect(first).toMatchObject({ coverage: 'partial', total: 2543, hasMore: true, marketTotal: 2543 });
    const adopted = arrivedEarlyPage(search)!;
    const { engine } = fakeEngine({ local: [local([])], fetch: [adopted] });
    const { session, seen } = run(engine);
    await session.start();
    const last = seen.at(-1)!;
    expect(last.rows).toEqual(first.rows);
    last.rows.forEach((r, i) => expect(r).toBe(first.rows[i]));
    const facts = ({ coverage, total, estimated, hasMore, facets, dealerMiles }: ListingQueryState) => ({
      coverage,
      total,
      estimated,
      hasMore,
      facets,
      dealerMiles,
    });
    expect(facts(last)).toEqual(facts(first));
  });
});
