// A dealer's listing views and saves: server-side aggregates (migration *_listing_price_guards.sql), read
// through dealer_listing_performance by the dealer's members. Not synced to devices: bookmarks and views
// of other people are not the dealer's to download, only their counts.
import type { SupabaseClient } from '@/sync/client';

export interface ListingPerformance {
  views: number;
  saves: number;
}

/** Views and saves of every listing of a dealer, by listing id. Rejects when the read fails or is refused. */
export async function fetchListingPerformance(
  dealerId: string,
  client?: SupabaseClient,
): Promise<Map<string, ListingPerformance>> {
  const supabase = client ?? (await import('@/sync/client')).getSupabase();
  const { data, error } = await supabase.rpc('dealer_listing_performance', { p_dealer_id: dealerId });
  if (error) throw new Error('The figures could not be loaded.');
  const rows = (data ?? []) as { vehicle_listing_id: string; views: number; saves: number }[];
  return new Map(rows.map((r) => [r.vehicle_listing_id, { views: r.views, saves: r.saves }]));
}
