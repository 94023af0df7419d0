// Issue 32, device side: the query engine's RPC client against the real search_listings: whole rows
// (every column the device stores), keyset pages that continue each other, and clear 400 messages.
import { describe, expect, it } from 'vitest';
import { PULL_COLUMNS } from '../../src/data/pull-columns';
import { fetchRpcClient } from '../../src/data/catalogue/query/rpc-client';
import { searchServer } from '../../src/data/catalogue/query/server-search';
import { emptyListingSearch } from '../../src/data/catalogue/filters';
import { stack } from './helpers';

const client = () => fetchRpcClient(stack().url, stack().anonKey);
const search = { ...emptyListingSearch(20), sort: 'price-asc' as const };

describe('issue 32 query engine: searchServer on the real RPC', () => {
  it('returns whole rows, a total and facets, and the next page continues the first', async () => {
    const first = await searchServer(search, null, 20, client());
    expect(first.rows).toHaveLength(20);
    for (const col of PULL_COLUMNS.vehicle_listings ?? []) expect(first.rows[0], col).toHaveProperty(col);
    expect(first.total).toBeGreaterThan(40);
    expect(first.facets?.make.length).toBeGreaterThan(0);
    expect(first.nextCursor).toBeTruthy();
    const second = await searchServer(search, first.nextCursor, 20, client(), false);
    expect(second.total).toBeNull();
    expect(second.rows[0].price).toBeGreaterThanOrEqual(first.rows[19].price);
    const ids = new Set(first.rows.map((r) => r.id));
    expect(second.rows.some((r) => ids.has(r.id))).toBe(false);
  });

  it('gives miles by dealer near a postcode', async () => {
    const page = await searchServer(
      { ...search, postcode: 'LS1 4AP', radius: 200, sort: 'distance' },
      null,
      10,
      client(),
    );
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.dealerMiles[page.rows[0].dealer_id]).toBeLessThanOrEqual(200);
  });

  it('explains a malformed cursor and an out-of-range radius', async () => {
    await expect(searchServer(search, 'not-a-cursor', 20, client())).rejects.toMatchObject({
      kind: 'bad-request',
      message: 'This search could not run: The cursor is not valid for this search.',
    });
    await expect(
      searchServer({ ...search, postcode: 'LS1 4AP', radius: 900 }, null, 20, client()),
    ).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringContaining('radius must be a number of miles above 0 and at most 500'),
    });
  });
});
