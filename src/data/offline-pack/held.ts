// Which listings this device keeps whatever the catalogue budget: the pinned ones (pinnedListingIds, the one
// definition) and the offline pack's (keptListingIds). The sync worker pulls and follows exactly these (the
// pack through its area); the query engine's eviction never deletes them.
import type { Table } from 'dexie';
import type { MotorlyDb } from '../db';
import { getSessionUserId } from '../sync-state';
import {
  RECENT_LISTINGS_KEPT,
  type ComparedListing,
  type OfflinePack,
  type PackListing,
  type PackPage,
  PACK_PAGE_PREFIX,
  type RecentListing,
} from './types';

export const recentListings = (db: MotorlyDb): Table<RecentListing, string> => db.table('recent_listings');
export const packListings = (db: MotorlyDb): Table<PackListing, string> => db.table('offline_pack_listings');
export const packMeta = (db: MotorlyDb): Table<OfflinePack, string> => db.table('offline_pack');
/** The pack's downloaded pages of ids: records of the offline_pack store beside the pack's own. */
export const packPages = (db: MotorlyDb): Table<PackPage, string> => db.table('offline_pack');
export const comparedListings = (db: MotorlyDb): Table<ComparedListing, string> => db.table('compared_listings');

/** Remembers that the user opened a listing; only the last RECENT_LISTINGS_KEPT stay pinned. */
export async function recordListingOpened(db: MotorlyDb, listingId: string, now = Date.now()): Promise<void> {
  const table = recentListings(db);
  await db.transaction('rw', table, async () => {
    await table.put({ id: listingId, opened_at: now });
    const extra = (await table.count()) - RECENT_LISTINGS_KEPT;
    if (extra > 0) await table.bulkDelete(await table.orderBy('opened_at').limit(extra).primaryKeys());
  });
}

/** The dealers the signed-in user is a member of (their stock is the dealer hub's). */
export async function ownDealerIds(db: MotorlyDb): Promise<string[]> {
  const userId = await getSessionUserId(db);
  if (!userId) return [];
  const members = await db.dealer_members.where('user_id').equals(userId).toArray();
  return [...new Set(members.map((m) => m.dealer_id))].sort();
}

/** The listings of the user's own dealers that the device holds: the hub's stock, never evicted. */
export async function ownStockIds(db: MotorlyDb): Promise<string[]> {
  const dealers = await ownDealerIds(db);
  if (!dealers.length) return [];
  return db.vehicle_listings.where('dealer_id').anyOf(dealers).primaryKeys();
}

/**
 * THE pinned set (issue 32: "pinned, never evicted"), the one definition the sync worker and the query
 * engine share. The sync worker pulls and follows these by id (held-listings pull, realtime); the query
 * engine never evicts them (with the offline pack's, keptListingIds). They are:
 * - the listings the user's own rows point to: bookmarks, enquiries (leads), price alerts, and the compare
 *   list (its mirror, compared_listings). Saved searches point to no listing: their windows live a day
 *   (catalogue/query/saved-ttl.ts);
 * - the last RECENT_LISTINGS_KEPT listings the user opened;
 * - a dealer member's own stock (the Dealer Hub's);
 * - listings with the user's changes still waiting to be sent or parked (a dealer's edit): the local row
 *   is the only copy of that change's effect until the server has it.
 * Read from IndexedDB only (no localStorage, no window): it runs in the sync and query workers.
 */
export async function pinnedListingIds(db: MotorlyDb): Promise<Set<string>> {
  const ids = new Set<string>();
  const add = (id: string | null | undefined) => {
    if (id) ids.add(id);
  };
  const byId = [recentListings(db), comparedListings(db)];
  const pending = [db.outbox, db.needs_attention];
  await db.transaction('r', [db.bookmarks, db.leads, db.price_alerts, ...byId, ...pending], async () => {
    await db.bookmarks.each((b) => add(b.vehicle_listing_id));
    await db.leads.each((l) => add(l.vehicle_listing_id));
    await db.price_alerts.each((a) => add(a.vehicle_listing_id));
    for (const table of byId) for (const id of await table.toCollection().primaryKeys()) add(id);
    for (const table of pending) {
      const keys = await table
        .where('[table+row_id]')
        .between(['vehicle_listings', ''], ['vehicle_listings', '\uffff'])
        .keys();
      for (const key of keys) if (Array.isArray(key)) add(String(key[1]));
    }
  });
  for (const id of await ownStockIds(db)) add(id);
  return ids;
}

/** The offline pack's listing ids (empty without a pack): its downloaded pages' and those its area gained. */
export async function packListingIds(db: MotorlyDb): Promise<Set<string>> {
  return db.transaction('r', packListings(db), packPages(db), async () => {
    const ids = new Set(await packListings(db).toCollection().primaryKeys());
    await packPages(db)
      .where(':id')
      .startsWith(PACK_PAGE_PREFIX)
      .each((page) => page.ids.forEach((id) => ids.add(id)));
    return ids;
  });
}

/** Every listing the query engine's eviction keeps whatever the budget: the pinned ones and the offline pack's. */
export async function keptListingIds(db: MotorlyDb): Promise<Set<string>> {
  const [pinned, pack] = await Promise.all([pinnedListingIds(db), packListingIds(db)]);
  for (const id of pack) pinned.add(id);
  return pinned;
}

/** Listings the query engine's search windows hold (its query_windows table, where this store has it). */
export async function windowListingIds(db: MotorlyDb): Promise<Set<string>> {
  const ids = new Set<string>();
  if (!db.tables.some((t) => t.name === 'query_windows')) return ids;
  await db.table<{ ids?: unknown }>('query_windows').each((w) => {
    if (Array.isArray(w.ids)) for (const id of w.ids) if (typeof id === 'string') ids.add(id);
  });
  return ids;
}
