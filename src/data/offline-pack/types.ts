// The device's held listings beyond search windows (issue 32): the last listings the user opened and the
// compared ones (pinned, never evicted) and the offline pack, "Keep cars within N miles of POSTCODE on this
// device". Local-only tables: nothing here is pushed to the server.
import type { Cursor } from '../types';

/** At most this many listings in an offline pack (the server caps it too). */
export const MAX_PACK_LISTINGS = 5000;
/** The last this many opened listings stay on the device. */
export const RECENT_LISTINGS_KEPT = 200;
/** Radii the pack card offers, in miles (the server accepts 1 to 100). */
export const PACK_RADII = [10, 25, 50, 100] as const;

/** Dexie stores added for these tables (db.ts adds them in its next version). */
export const OFFLINE_PACK_SCHEMA: Record<string, string> = {
  recent_listings: 'id, opened_at',
  offline_pack_listings: 'id',
  offline_pack: 'id',
};

/**
 * Dexie store added in version 10: the listings on the compare list. The list itself lives in the page's
 * localStorage (entities/car/compare-store.ts), which the sync and query workers cannot read; this mirror
 * lets them pin the compared listings like the rest.
 */
export const COMPARE_MIRROR_SCHEMA: Record<string, string> = {
  compared_listings: 'id',
};

/** A listing the user opened: `id` is the listing's id. */
export interface RecentListing {
  id: string;
  opened_at: number;
}

/** A listing on the compare list: `id` is the listing's id. */
export interface ComparedListing {
  id: string;
}

/** A listing that is in the offline pack: `id` is the listing's id (one the pack's area gained later). */
export interface PackListing {
  id: string;
}

/** The key prefix of the pack's downloaded pages of ids, kept in the offline_pack store beside its record. */
export const PACK_PAGE_PREFIX = 'page:';

/**
 * One downloaded page's listing ids, in one record (`id`: PACK_PAGE_PREFIX + its number): one put a page
 * instead of one a listing, which made a pack's writes some 40% slower than a raw put of its rows.
 */
export interface PackPage {
  id: string;
  ids: string[];
}

export type PackStatus = 'downloading' | 'ready' | 'failed';

/** The one offline pack (id 'current'): what was asked, how far its download got, and its area. */
export interface OfflinePack {
  id: 'current';
  postcode: string;
  radius: number;
  status: PackStatus;
  done: number;
  /** Listings the server has for the pack (null until the first page answers). */
  total: number | null;
  /** Outcodes of the pack's area: realtime and catch-ups follow listings there. */
  outcodes: string[];
  started_at: number;
  finished_at: number | null;
  /** Why the last download failed, in words for the user. */
  error: string | null;
  /** The area's catch-up cursor: listings there changed after it are pulled. */
  cursor: Cursor | null;
}
