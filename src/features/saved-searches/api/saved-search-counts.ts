// "N new since you last looked" for the signed-in user's saved searches, counted by the server over the
// whole market (rpc saved_search_new_counts, by the rule its new_match notifications use). A device
// holds only some listings, so it can no longer count them itself.
import type { SupabaseClient } from '@/sync/client';

export interface ServerNewCount {
  count: number;
  /** The last_viewed_at the server counted from. */
  since: string;
}

/** New matches by saved search id; rejects when the server cannot be reached or refuses. */
export async function fetchSavedSearchNewCounts(client?: SupabaseClient): Promise<Record<string, ServerNewCount>> {
  const supabase = client ?? (await import('@/sync/client')).getSupabase();
  const { data, error } = await supabase.rpc('saved_search_new_counts');
  if (error) throw new Error(error.message);
  return (data ?? {}) as Record<string, ServerNewCount>;
}

/**
 * The count to show: the server's, unless this device opened the search after the time the server counted
 * from (the open has not reached the server yet), when nothing is new.
 */
export function newCountToShow(server: ServerNewCount | undefined, localLastViewed: string): number | undefined {
  if (!server) return undefined;
  return Date.parse(localLastViewed) > Date.parse(server.since) ? 0 : server.count;
}
