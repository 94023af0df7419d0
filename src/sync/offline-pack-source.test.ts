// The offline pack's source over the Data API: its warm-up asks exactly the URLs and header names the pack's own
// calls use (a browser keeps a CORS preflight per URL, so a warm-up to any other URL would ready nothing).
import { describe, expect, it } from 'vitest';
import { supabasePackSource } from './offline-pack-source';
import { clientWithFetch } from './testing/fetch-client';

/** A source whose requests are recorded (method, URL, header names) and answered with an empty list. */
function recorded() {
  const seen: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const names = [...new Headers(init?.headers).keys()].sort().join(',');
    seen.push(`${init?.method ?? 'GET'} ${String(input)} [${names}]`);
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { seen, source: supabasePackSource(clientWithFetch(fetch)) };
}

describe('offline pack source', () => {
  it('warms the very requests a pack then makes: same method, URL and header names', async () => {
    const pack = recorded();
    await pack.source.count('LS1 4AP', 50);
    await pack.source.band('LS1 4AP', 50, { from: 0, to: 310 });
    await pack.source.band('LS1 4AP', 50, { from: 290, to: 1250 });
    const warm = recorded();
    await warm.source.warm?.();
    expect(warm.seen).toHaveLength(2);
    expect(new Set(warm.seen)).toEqual(new Set(pack.seen));
    expect(warm.seen.every((r) => r.startsWith('POST http://127.0.0.1:9/rest/v1/rpc/offline_pack_'))).toBe(true);
  });

  it('a warm-up never fails, whatever the connection does', async () => {
    const dropped = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    await expect(supabasePackSource(clientWithFetch(dropped)).warm?.()).resolves.toBeUndefined();
  });
});
