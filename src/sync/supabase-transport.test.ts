import { describe, expect, it } from 'vitest';
import { createSupabaseTransport } from './supabase-transport';
import { TransportError } from './transport';
import { clientWithFetch } from './testing/fetch-client';

const ORIGIN = { updated_at: '1970-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' };

/** A transport whose every request fails as a dropped connection does, counting the attempts. */
function droppedConnection() {
  const calls = { n: 0 };
  const fetch = (async () => {
    calls.n++;
    throw new TypeError('Failed to fetch');
  }) as typeof globalThis.fetch;
  return { calls, transport: createSupabaseTransport(clientWithFetch(fetch)) };
}

describe('supabase transport reads on a dropped connection', () => {
  // postgrest-js retries a failed GET after 1 s, 2 s and 4 s inside the call: a pull page then held
  // the engine's cycle (and the writes queued offline) past the reconnect. The engine retries itself.
  it('a pull page fails at once, with one request and no retry sleeping inside the call', async () => {
    const { calls, transport } = droppedConnection();
    const err = await transport.pullPage('vehicle_listings', ORIGIN, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('network');
    expect(calls.n).toBe(1);
  });

  it('so do the deletion log, counts and re-reads', async () => {
    const { calls, transport } = droppedConnection();
    await expect(transport.pullDeleted(ORIGIN, 1000)).rejects.toBeInstanceOf(TransportError);
    await expect(transport.count('vehicle_listings')).rejects.toBeInstanceOf(TransportError);
    await expect(transport.fetchByIds('bookmarks', ['a'])).rejects.toBeInstanceOf(TransportError);
    expect(calls.n).toBe(3);
  });
});
