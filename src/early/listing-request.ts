// The one request that brings a listing with what its page shows: the listing with its model (and the
// model's reviews), brand, dealer and price history embedded. Used by the head script's early
// request for a shared listing link (a plain fetch) and by src/sync/listing-on-demand.ts (through supabase-js).
import { pullSelect } from '@/data/pull-columns';

export const LISTING_WITH_RELATED = [
  pullSelect('vehicle_listings'),
  `car_model:car_models(${pullSelect('car_models')},reviews(${pullSelect('reviews')}))`,
  `brand:brands(${pullSelect('brands')})`,
  `dealer:dealers(${pullSelect('dealers')})`,
  `price_history:listing_price_history(${pullSelect('listing_price_history')})`,
].join(',');

/**
 * The Data API address of that request, as supabase-js would send it (select, id filter, one row), with the
 * anon key as the gateway's `apikey` url parameter: the request then needs no custom header, so the browser
 * sends it without a CORS preflight (one round trip less before a shared link's car can be drawn).
 */
export function listingRequestUrl(supabaseUrl: string, id: string, anonKey: string): string {
  const query = new URLSearchParams({ select: LISTING_WITH_RELATED, id: `eq.${id}`, limit: '1', apikey: anonKey });
  return `${supabaseUrl.replace(/\/$/, '')}/rest/v1/vehicle_listings?${query.toString()}`;
}
