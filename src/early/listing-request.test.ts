import { describe, expect, it } from 'vitest';
import { LISTING_WITH_RELATED, listingRequestUrl } from './listing-request';

describe('listingRequestUrl', () => {
  it('is the Data API GET supabase-js sends for the listing with its related rows', () => {
    const url = new URL(listingRequestUrl('http://127.0.0.1:54321/', 'abc', 'anon-key'));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:54321/rest/v1/vehicle_listings');
    expect(url.searchParams.get('select')).toBe(LISTING_WITH_RELATED);
    expect(url.searchParams.get('id')).toBe('eq.abc');
    expect(url.searchParams.get('limit')).toBe('1');
    // The key as the gateway's url parameter: no custom header, so no CORS preflight.
    expect(url.searchParams.get('apikey')).toBe('anon-key');
    expect(LISTING_WITH_RELATED).toMatch(/^id,.*car_model:car_models\(.*reviews\(.*brand:brands\(.*dealer:dealers\(/);
  });

  it("goes through the app's own origin when given a path (a host that proxies the Data API there)", () => {
    const url = listingRequestUrl('/supabase', 'abc', 'anon-key');
    expect(url.startsWith('/supabase/rest/v1/vehicle_listings?')).toBe(true);
    expect(new URL(url, 'http://localhost:5173').searchParams.get('id')).toBe('eq.abc');
  });
});
