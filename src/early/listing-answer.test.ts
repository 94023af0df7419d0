// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  earlyListingRow,
  listingIdOfPath,
  startEarlyListing,
  takeEarlyListing,
  whenEarlyListingRow,
} from './listing-answer';

const ID = '920ee558-b744-5e62-ac34-2863bd074331';

describe('early listing request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows a listing page by its path, and only a listing id', () => {
    expect(listingIdOfPath(`/marketplace/${ID}`)).toBe(ID);
    expect(listingIdOfPath(`/marketplace/${ID}/`)).toBe(ID);
    expect(listingIdOfPath('/marketplace')).toBeNull();
    expect(listingIdOfPath('/marketplace/not-an-id')).toBeNull();
    expect(listingIdOfPath(`/dealers/${ID}`)).toBeNull();
  });

  it('hands its rows to the app once, for that listing only', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([{ id: ID }]), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    startEarlyListing(ID, 'http://api/rest/v1/vehicle_listings?id=eq.x&apikey=anon');
    // Only a safelisted header (the key is in the address): no CORS preflight.
    expect(fetch).toHaveBeenCalledWith('http://api/rest/v1/vehicle_listings?id=eq.x&apikey=anon', {
      headers: { Accept: 'application/json' },
    });
    expect(takeEarlyListing('another')).toBeNull();
    await expect(takeEarlyListing(ID)).resolves.toEqual([{ id: ID }]);
    expect(takeEarlyListing(ID)).toBeNull();
  });

  it('keeps the row for drawing the page (the early view, the first render) after the app took the answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ id: ID, title: 'A car' }]), { status: 200 })),
    );
    startEarlyListing(ID, 'http://api/x');
    expect(earlyListingRow(ID)).toBeUndefined();
    expect(whenEarlyListingRow('another')).toBeNull();
    await whenEarlyListingRow(ID);
    expect(earlyListingRow(ID)).toEqual({ id: ID, title: 'A car' });
    await takeEarlyListing(ID);
    expect(earlyListingRow(ID)).toEqual({ id: ID, title: 'A car' });
    expect(earlyListingRow('another')).toBeNull();
  });

  it('answers null when the request fails, so the app asks itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    startEarlyListing(ID, 'http://api/x');
    await expect(takeEarlyListing(ID)).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    startEarlyListing(ID, 'http://api/x');
    await expect(takeEarlyListing(ID)).resolves.toBeNull();
  });
});
