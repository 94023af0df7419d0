import { afterEach, describe, expect, it } from 'vitest';
import { emptyListingSearch } from '../filters';
import { AHEAD_MAX_AGE_MS, AheadPages } from './ahead-pages';
import { searchBody } from './early-page';
import type { RpcClient } from './rpc-client';

const search = { ...emptyListingSearch(24), make: 'abarth' };

function fakeClient() {
  const calls: Record<string, unknown>[] = [];
  const client: RpcClient = {
    rpc: (_fn, args) => {
      calls.push(args);
      return Promise.resolve({ data: { rows: [], total: 0, next_cursor: null }, error: null, status: 200 });
    },
  };
  return { client, calls };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('AheadPages', () => {
  it('asks once per search and hands the page over once, for the same first-page request only', async () => {
    const { client, calls } = fakeClient();
    const ahead = new AheadPages(client);
    ahead.ask(search);
    ahead.ask(search);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ after: null, page_size: 24, include_counts: true, filters: { make: 'abarth' } });
    expect(ahead.take(search, 'cursor', 24)).toBeNull();
    expect(ahead.take(search, null, 48)).toBeNull();
    expect(ahead.take({ ...search, make: 'ford' }, null, 24)).toBeNull();
    expect(await ahead.take(search, null, 24)).toMatchObject({ rows: [], total: 0 });
    expect(ahead.take(search, null, 24)).toBeNull();
  });

  it('does not repeat a request the session has already made itself', () => {
    const { client, calls } = fakeClient();
    const ahead = new AheadPages(client);
    expect(ahead.take(search, null, 24)).toBeNull();
    ahead.ask(search);
    expect(calls).toHaveLength(0);
    expect(ahead.take(search, null, 24)).toBeNull();
  });

  it('does not hand over an old answer', () => {
    let now = 1_000;
    const ahead = new AheadPages(fakeClient().client, () => now);
    ahead.ask(search);
    now += AHEAD_MAX_AGE_MS + 1;
    expect(ahead.take(search, null, 24)).toBeNull();
  });

  it("leaves a search the head script's request already asks for to that request", () => {
    // The head script's slot as startEarlySearch leaves it, its answer still on the way.
    (globalThis as { window?: unknown }).window = {
      __motorlyEarlySearch: { body: searchBody(search, null, 24), answer: new Promise(() => undefined) },
    };
    const { client, calls } = fakeClient();
    new AheadPages(client).ask(search);
    expect(calls).toHaveLength(0);
  });
});
