// Issue 32: search_listings' answer names the town of each dealer whose listings it returns (the cards' town
// from the first paint), and no other dealer.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from './helpers';

interface Answer {
  rows: { id: string; dealer_id: string }[];
  next_cursor: string | null;
  towns: Record<string, string>;
}

async function search(args: Record<string, unknown>): Promise<Answer> {
  const { data, error } = await anonClient().rpc('search_listings', args);
  if (error) throw new Error(`search_listings: ${error.message}`);
  return data as Answer;
}

let townOf: Map<string, string>;

beforeAll(async () => {
  const { data, error } = await serviceClient().from('dealers').select('id, town');
  if (error) throw new Error(error.message);
  townOf = new Map((data as { id: string; town: string }[]).map((d) => [d.id, d.town]));
});

/** The towns the answer should hold: its rows' dealers', from the dealers table. */
const expected = (a: Answer) =>
  Object.fromEntries([...new Set(a.rows.map((r) => r.dealer_id))].map((id) => [id, townOf.get(id)]));

describe('search_listings towns', () => {
  it("holds exactly the rows' dealers and their towns, on a first and a next page", async () => {
    const first = await search({ filters: {}, sort: 'price-asc', page_size: 20 });
    expect(first.rows).toHaveLength(20);
    expect(townOf.size).toBeGreaterThan(new Set(first.rows.map((r) => r.dealer_id)).size);
    expect(first.towns).toEqual(expected(first));
    expect(Object.values(first.towns).every((t) => typeof t === 'string' && t.length > 0)).toBe(true);
    const next = await search({
      filters: {},
      sort: 'price-asc',
      after: first.next_cursor,
      page_size: 50,
      include_counts: false,
    });
    expect(next.rows).toHaveLength(50);
    expect(next.towns).toEqual(expected(next));
  });

  it('near a postcode, for one dealer, and for no rows', async () => {
    const near = await search({ filters: { postcode: 'LS1 4AP', radius: 200 }, sort: 'distance', page_size: 30 });
    expect(near.rows.length).toBeGreaterThan(0);
    expect(near.towns).toEqual(expected(near));
    const dealer = near.rows[0].dealer_id;
    const one = await search({ filters: { dealer }, sort: 'newest', page_size: 5 });
    expect(one.towns).toEqual({ [dealer]: townOf.get(dealer) });
    const none = await search({ filters: { price_min: 9_000_000 }, sort: 'relevance' });
    expect(none.rows).toEqual([]);
    expect(none.towns).toEqual({});
  });

  it('leaves the plans mode as it was (no towns there)', async () => {
    const { data, error } = await serviceClient().rpc('search_listings_plans', { filters: {}, sort: 'newest' });
    expect(error).toBeNull();
    expect(data).not.toHaveProperty('towns');
    expect(data).toHaveProperty('plans');
  });
});
