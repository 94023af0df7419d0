// Where the offline pack's rows come from: the Data API's offline_pack_ranks (a band of the pack) and
// offline_pack_reach (its total), or a fake in tests.
import type { SupabaseClient } from '@supabase/supabase-js';
import { MAX_PACK_LISTINGS } from '@/data/offline-pack';
import { pullSelect } from '@/data/sync-queue';
import { toTransportError } from './supabase-transport';
import type { Row } from './transport';

/** One band of the pack: the listings ranked after `from` up to `to` (0-based, in distance then id order). */
export interface PackBand {
  from: number;
  to: number;
}

export interface PackSource {
  /** How many listings the pack will hold (offline_pack_reach: at most 5,000). */
  count(postcode: string, radius: number): Promise<number>;
  /** One band's listings (offline_pack_ranks). */
  band(postcode: string, radius: number, band: PackBand): Promise<Row[]>;
  /**
   * Readies the way to the pack's two calls before they are asked (the pack's card is on screen): each is a
   * cross-origin POST with the API's headers, so a browser first asks the server's leave (a CORS preflight,
   * kept for the URL up to 2 hours), a whole round trip before a band can leave. A tiny call to each URL asks it
   * now. Never fails.
   */
  warm?(): Promise<void>;
}

/** The total's column, as a string (a literal would have supabase-js infer one object, not rows). */
const REACH_COLUMNS: string = 'listings';
/** The warm-up's area: any postcode the server knows, one mile, one listing at most. */
const WARM_ARGS = { postcode: 'M1 1AA', radius: 1, max_rows: 1 };

export function supabasePackSource(client: SupabaseClient): PackSource {
  const failed = (status: number, error: { message: string }) =>
    Object.assign(toTransportError(status, error), { detail: error.message });
  // The same URLs (their select included: a preflight is kept per URL) and headers as the pack's own calls.
  const reach = (args: { postcode: string; radius: number; max_rows: number }) =>
    client
      .rpc('offline_pack_reach', args)
      .select(REACH_COLUMNS)
      .retry(false)
      .overrideTypes<{ listings: number }[], { merge: false }>();
  const ranks = (args: { postcode: string; radius: number; from_rank: number; to_rank: number; max_rows: number }) =>
    client
      .rpc('offline_pack_ranks', args)
      .select(pullSelect('vehicle_listings'))
      .retry(false)
      // The select string is built at run time, so supabase-js cannot infer the row type from it.
      .overrideTypes<Row[], { merge: false }>();
  return {
    async count(postcode, radius) {
      const { data, error, status } = await reach({ postcode, radius, max_rows: MAX_PACK_LISTINGS });
      if (error) throw failed(status, error);
      return Number(data?.[0]?.listings ?? 0);
    },
    async band(postcode, radius, band) {
      const args = { postcode, radius, from_rank: band.from, to_rank: band.to, max_rows: MAX_PACK_LISTINGS };
      const { data, error, status } = await ranks(args);
      if (error) throw failed(status, error);
      return data ?? [];
    },
    async warm() {
      // Answers are not read: an error (offline, a server without the pack) shows when the pack is asked.
      await Promise.allSettled([reach(WARM_ARGS), ranks({ ...WARM_ARGS, from_rank: 0, to_rank: 1 })]);
    },
  };
}
