// Listing views feed the dealer's stock figures: record_listing_view counts one (rate limited there, see
// migration *_listing_price_guards.sql). The count lives on the server only; devices never sync it.
import type { SupabaseClient } from '@/sync/client';

/** Counts one view of a listing for the signed-in (or anonymous) visitor; false when it was not counted. */
export async function recordListingView(listingId: string, client?: SupabaseClient): Promise<boolean> {
  // supabase-js loads with the request, not with the listing's first paint.
  const supabase = client ?? (await import('@/sync/client')).getSupabase();
  const { data, error } = await supabase.rpc('record_listing_view', { p_listing_id: listingId });
  return !error && data === true;
}
