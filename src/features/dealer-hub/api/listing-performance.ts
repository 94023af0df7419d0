// Listing views and saves: server-side aggregates (migration *_listing_price_guards.sql). Views are
// counted by record_listing_view (rate limited there); a dealer's members read their own listings'
// figures through dealer_listing_performance. Neither is synced to devices: bookmarks and views of
// other people are not the dealer's to download, only their counts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from './supabase-client';

export interface ListingPerformance {
  views: number;
  saves: number;
}

/** Counts one view of a listing for the signed-in (or anonymous) visitor; false when it was not counted. */
export async function recordListingView(listingId: string, client: SupabaseClient = getSupabase()): Promise<boolean> {
  const { data, error } = await client.rpc('record_listing_view', { p_listing_id: listingId });
  return !error && data === true;
}

/** Views and saves of every listing of a dealer, by listing id. Rejects when the read fails or is refused. */
export async function fetchListingPerformance(
  dealerId: string,
  client: SupabaseClient = getSupabase(),
): Promise<Map<string, ListingPerformance>> {
  const { data, error } = await client.rpc('dealer_listing_performance', { p_dealer_id: dealerId });
  if (error) throw new Error('The figures could not be loaded.');
  const rows = (data ?? []) as { vehicle_listing_id: string; views: number; saves: number }[];
  return new Map(rows.map((r) => [r.vehicle_listing_id, { views: r.views, saves: r.saves }]));
}
