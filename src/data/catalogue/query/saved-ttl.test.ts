// A window's TTL is "minutes for a passing search, a day for a saved search": the engine recognises a saved
// search by the filter schema's saved-search key, whatever screen ran it and whatever its sort.
import { describe, expect, it } from 'vitest';
import type { MotorlyDb } from '../../db';
import { setSessionUser } from '../../session';
import { listingRow } from '../../testing/fixtures';
import { withTestDb } from '../../testing/test-db';
import { emptyListingSearch, queryKey, savedSearchFilters, type ListingSearch } from '../filters';
import { QueryEngine } from './engine';
import type { RpcClient } from './rpc-client';
import { filtersKey, isSavedWindow, savedSearchKeys, windowTtl } from './saved-ttl';
import { PASSING_TTL_MS, SAVED_TTL_MS } from './window-types';

const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

let db: MotorlyDb;
withTestDb('saved-ttl', (d) => (db = d), USER);

const base = emptyListingSearch(2);
const diesels: ListingSearch = { ...base, fuel: ['diesel'], priceMax: 20_000 };
const petrols: ListingSearch = { ...base, fuel: ['petrol'] };

/** A search_listings that answers every query with the same two rows and no next page. */
const client: RpcClient = {
  rpc: () =>
    Promise.resolve({
      status: 200,
      error: null,
      data: {
        rows: [listingRow({ id: 'a', price: 100 }), listingRow({ id: 'b', price: 200 })].map((r) => ({
          ...r,
          distance_miles: null,
        })),
        total: 2,
        total_is_estimate: false,
        facets: null,
        facets_are_estimates: false,
        next_cursor: null,
        postcode_error: null,
      },
    }),
};

async function save(search: ListingSearch, userId = USER) {
  await db.saved_searches.put({
    id: crypto.randomUUID(),
    user_id: userId,
    name: 'Cheap diesels',
    filters: savedSearchFilters(search),
    last_viewed_at: '2026-11-28T09:00:00Z',
    created_at: '2026-11-28T09:00:00Z',
    updated_at: '2026-11-28T09:00:00Z',
  });
}

const ttlOf = async (search: ListingSearch) => (await db.query_windows.get(queryKey(search)))?.ttlMs;

async function run(engine: QueryEngine, search: ListingSearch) {
  await engine.fetch(search, null, 2); // the screen asks with the passing TTL, as the marketplace does
  await engine.chore;
}

describe('saved-search windows', () => {
  it("gives a query with one of the user's saved searches' filters a day, in any sort; others minutes", async () => {
    await save(diesels);
    await save(petrols, OTHER); // another user's saved search is not this device's user's
    const engine = new QueryEngine(db, { client });
    const sorted: ListingSearch = { ...diesels, sort: 'price-asc' };
    await run(engine, diesels);
    await run(engine, sorted);
    await run(engine, petrols);
    await run(engine, { ...diesels, priceMax: 25_000 });
    expect(await ttlOf(diesels)).toBe(SAVED_TTL_MS);
    expect(await ttlOf(sorted)).toBe(SAVED_TTL_MS);
    expect(await ttlOf(petrols)).toBe(PASSING_TTL_MS);
    expect(await ttlOf({ ...diesels, priceMax: 25_000 })).toBe(PASSING_TTL_MS);
  });

  it('keeps a saved search window past the passing TTL, and lets a passing one go', async () => {
    await save(diesels);
    const engine = new QueryEngine(db, { client });
    await run(engine, diesels);
    await run(engine, petrols);
    expect(await engine.tick(PASSING_TTL_MS + 1)).toEqual([queryKey(petrols)]);
    expect(await db.query_windows.get(queryKey(diesels))).toBeDefined();
    expect(await engine.tick(SAVED_TTL_MS)).toEqual([queryKey(diesels)]);
  });

  it('extends the window of a search saved after it was run, before its passing TTL ran out', async () => {
    const engine = new QueryEngine(db, { client });
    await run(engine, diesels);
    expect(await ttlOf(diesels)).toBe(PASSING_TTL_MS);
    await engine.tick(PASSING_TTL_MS - 1000);
    await save(diesels);
    expect(await engine.tick(2000)).toEqual([]);
    expect(await ttlOf(diesels)).toBe(SAVED_TTL_MS);
  });

  it('reads the saved rows of the signed-in user only, and none signed out', async () => {
    await save(diesels);
    expect(await windowTtl(db, diesels)).toBe(SAVED_TTL_MS);
    expect(isSavedWindow(queryKey({ ...diesels, sort: 'mileage' }), await savedSearchKeys(db))).toBe(true);
    expect(filtersKey({ ...diesels, page: 3 })).toBe(filtersKey(diesels));
    await setSessionUser(db, null);
    expect(await savedSearchKeys(db)).toEqual(new Set());
    expect(await windowTtl(db, diesels)).toBe(PASSING_TTL_MS);
  });
});
