import type { SupabaseClient } from '@/sync/client';
import { describe, expect, it } from 'vitest';
import { fetchSavedSearchNewCounts, newCountToShow } from './saved-search-counts';

const clientAnswering = (answer: { data: unknown; error: { message: string } | null }) =>
  ({
    rpc: (fn: string) =>
      Promise.resolve(fn === 'saved_search_new_counts' ? answer : { data: null, error: { message: fn } }),
  }) as unknown as SupabaseClient;

describe('saved search new counts', () => {
  it("reads the server's counts by search id, and rejects on its error", async () => {
    const data = { s1: { count: 4, since: '2026-11-20T10:00:00Z' } };
    expect(await fetchSavedSearchNewCounts(clientAnswering({ data, error: null }))).toEqual(data);
    await expect(
      fetchSavedSearchNewCounts(clientAnswering({ data: null, error: { message: 'JWT expired' } })),
    ).rejects.toThrow('JWT expired');
  });

  it("shows the server's count unless this device opened the search after the time it counted from", () => {
    const server = { count: 4, since: '2026-11-20T10:00:00Z' };
    expect(newCountToShow(server, '2026-11-20T10:00:00Z')).toBe(4);
    expect(newCountToShow(server, '2026-11-19T09:00:00Z')).toBe(4);
    expect(newCountToShow(server, '2026-11-20T10:00:01Z')).toBe(0);
    expect(newCountToShow(undefined, '2026-11-20T10:00:00Z')).toBeUndefined();
  });
});
