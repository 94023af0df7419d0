// The page's cache of recent answers: bounded (least recently used out), only honest answers kept, and
// dropped when a listing it shows changes or its window leaves the device; unchanged rows written again
// (another search's page) keep it. A session seeded from it waits for the device before paging on.
import Dexie, { RangeSet } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import type { MotorlyDb } from '../../db';
import { listingRow } from '../../testing/fixtures';
import { withTestDb } from '../../testing/test-db';
import { emptyListingSearch } from '../filters';
import type { ListingRow } from '../types';
import { AnswerCache, answerKey, watchStore } from './answer-cache';
import type { LocalAnswer } from './engine';
import type { QueryEngineApi } from './engine-client';
import { QuerySession } from './query-session';
import { INITIAL_QUERY_STATE, type ListingQueryState } from './query-state';
import type { QueryWindowRow } from './window-types';

let db: MotorlyDb;
withTestDb('answer-cache', (d) => (db = d));

const row = (id: string, price = 1000): ListingRow => listingRow({ id, price });
const answer = (rows: ListingRow[], over: Partial<ListingQueryState> = {}): ListingQueryState => ({
  ...INITIAL_QUERY_STATE,
  rows,
  total: 2543,
  coverage: 'partial',
  hasMore: true,
  answered: true,
  ...over,
});
const windowRow = (key: string, ids: string[]): QueryWindowRow => ({
  key,
  ids,
  dealerMiles: {},
  total: ids.length,
  estimated: false,
  nextCursor: null,
  complete: true,
  facets: null,
  asOf: 1,
  lastUsed: 1,
  ttlMs: 60_000,
  openMs: 0,
  bytes: 0,
});

describe('answer cache', () => {
  it('says whether it holds an answer without making it the most recently used', () => {
    const cache = new AnswerCache(2);
    cache.put('a|20', answer([row('1')]));
    cache.put('b|20', answer([row('2')]));
    expect(cache.has('a|20')).toBe(true);
    expect(cache.has('c|20')).toBe(false);
    cache.put('c|20', answer([row('3')]));
    // 'a' was the least recently used still: has() did not touch it.
    expect(cache.keys).toEqual(['b|20', 'c|20']);
  });

  it('is bounded: the least recently used answer goes first', () => {
    const cache = new AnswerCache(2);
    cache.put('a|20', answer([row('1')]));
    cache.put('b|20', answer([row('2')]));
    expect(cache.get('a|20')).toBeDefined(); // a is now the most recently used
    cache.put('c|20', answer([row('3')]));
    expect(cache.keys.sort()).toEqual(['a|20', 'c|20']);
  });

  it('keeps honest answers as they were shown, and never a loading, offline or refused one', () => {
    const cache = new AnswerCache();
    cache.put('a|20', answer([row('1')], { loadingMore: true }));
    // "1 of 2,543 shown": the status the screen derives survives the round trip.
    expect(cache.get('a|20')).toMatchObject({ coverage: 'partial', total: 2543, hasMore: true, loadingMore: false });
    cache.put('a|20', answer([row('1')], { coverage: 'offline' }));
    expect(cache.get('a|20')).toBeUndefined();
    cache.put('b|20', answer([], { coverage: 'loading' }));
    cache.put('c|20', answer([row('1')], { coverage: 'error', error: 'refused' }));
    cache.put('d|20', answer([], { coverage: 'complete', total: 0, hasMore: false }));
    expect(cache.keys).toEqual(['d|20']);
  });

  it('drops an answer when a listing it shows changes or goes, not when the same row is written again', async () => {
    const cache = new AnswerCache();
    const stop = watchStore(db, cache);
    const [a, b, c] = [row('a', 100), row('b', 200), row('c', 300)];
    await db.vehicle_listings.bulkPut([a, b, c]);
    cache.put('q1|20', answer([a, b]));
    cache.put('q2|20', answer([c]));
    // Another search's page stores the same rows again: nothing changed.
    await db.vehicle_listings.bulkPut([a, b, c]);
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.keys).toEqual(['q1|20', 'q2|20']);
    // A realtime price drop on b.
    await db.vehicle_listings.put({ ...b, price: 150, updated_at: '2026-11-29T12:00:00Z' });
    await vi.waitFor(() => expect(cache.keys).toEqual(['q2|20']));
    await db.vehicle_listings.delete('c');
    await vi.waitFor(() => expect(cache.keys).toEqual([]));
    stop();
  });

  it('checks every held row on a whole-table notice (a raw bulk write), and only after the notice has returned', async () => {
    const cache = new AnswerCache();
    const [a, b] = [row('a', 100), row('b', 200)];
    await db.vehicle_listings.bulkPut([a, b]);
    // Changed before the cache watches, so only the whole-table notice below can tell it.
    await db.vehicle_listings.put({ ...b, price: 150, updated_at: '2026-11-29T12:00:00Z' });
    cache.put('q1|20', answer([a]));
    cache.put('q2|20', answer([b]));
    const stop = watchStore(db, cache);
    const read = vi.spyOn(db.vehicle_listings, 'bulkGet');
    Dexie.on.storagemutated.fire({ [`idb://${db.name}/vehicle_listings/`]: new RangeSet(-Infinity, [[[]]]) });
    expect(read).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(cache.keys).toEqual(['q1|20']));
    expect(read.mock.calls.flatMap(([ids]) => ids).sort()).toEqual(['a', 'b']);
    read.mockRestore();
    stop();
  });

  it("drops an answer when its query's window leaves the device (TTL, budget), not when it is rewritten", async () => {
    const cache = new AnswerCache();
    const stop = watchStore(db, cache);
    const a = row('a');
    await db.vehicle_listings.put(a);
    await db.query_windows.bulkPut([windowRow('q1', ['a']), windowRow('q2', ['a'])]);
    cache.put(answerKey('q1', 20), answer([a]));
    cache.put(answerKey('q2', 20), answer([a]));
    await db.query_windows.put({ ...windowRow('q1', ['a']), lastUsed: 5 });
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.keys).toEqual(['q1|20', 'q2|20']);
    await db.query_windows.delete('q2');
    await vi.waitFor(() => expect(cache.keys).toEqual(['q1|20']));
    stop();
  });
});

describe('a session seeded from the cache', () => {
  const search = { ...emptyListingSearch(2), sort: 'price-asc' as const };

  it('shows the cached answer until the device answers; a next page asked before then waits for it', async () => {
    const [a, b, c, d] = [row('a', 1), row('b', 2), row('c', 3), row('d', 4)];
    const window = { ...windowRow('k', ['a', 'b', 'c', 'd']), nextCursor: null, asOf: Date.now(), held: 4 };
    let answerFirst: (v: LocalAnswer) => void = () => undefined;
    const asked: number[] = [];
    const engine: QueryEngineApi = {
      local: (_s, limit) => {
        asked.push(limit);
        if (asked.length === 1) return new Promise((resolve) => (answerFirst = resolve));
        return Promise.resolve({
          window,
          rows: [a, b, c, d].slice(0, limit),
          dealerMiles: {},
          dealerTowns: {},
          held: 4,
          marketTotal: null,
        });
      },
      fetch: () => Promise.reject(new Error('offline: not asked')),
      record: () => undefined,
      tick: () => Promise.resolve([]),
    };
    const seen: ListingQueryState[] = [];
    const seed = answer([a, b], { total: 4, coverage: 'complete' });
    const session = new QuerySession(engine, search, { ttlMs: 60_000, online: () => false, seed }, (s) => seen.push(s));
    expect(session.state).toBe(seed);
    const started = session.start();
    // A next page before the device answered: the seed knows no window, so it waits rather than stop short.
    const more = session.loadMore();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toEqual([2]);
    answerFirst({ window, rows: [a, b], dealerMiles: {}, dealerTowns: {}, held: 4, marketTotal: null });
    await Promise.all([started, more]);
    expect(asked).toEqual([2, 4]);
    expect(seen.at(-1)!.rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(seen.at(-1)).toMatchObject({ coverage: 'complete', loadingMore: false, hasMore: false });
  });
});
