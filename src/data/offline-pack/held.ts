// Which listings this device keeps whatever the catalogue budget: those the user's own rows point to
// (bookmarks, enquiries, price alerts), the last 200 opened, and the offline pack's. The sync worker pulls
// and follows exactly these (plus the pack's area); the query engine's eviction never deletes them.
import type { Table } from 'dexie';
import type { MotorlyDb } from '../db';
import { getSessionUserId } from '../sync-state';
import { RECENT_LISTINGS_KEPT, type OfflinePack, type PackListing, type RecentListing } from './types';

export const recentListings = (db: MotorlyDb): Table<RecentListing, string> => db.table('recent_listings');
export const packListings = (db: MotorlyDb): Table<PackListing, string> => db.table('offline_pack_listings');
export const packMeta = (db: MotorlyDb): Table<OfflinePack, string> => db.table('offline_pack');

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

/** Listings the user's own rows point to, a dealer's own stock and the recently opened: pinned, never evicted. */
export async function pinnedListingIds(db: MotorlyDb): Promise<Set<string>> {
  const ids = new Set<string>();
  const add = (id: string | null | undefined) => {
    if (id) ids.add(id);
  };
  await db.transaction('r', [db.bookmarks, db.leads, db.price_alerts, recentListings(db)], async () => {
    await db.bookmarks.each((b) => add(b.vehicle_listing_id));
    await db.leads.each((l) => add(l.vehicle_listing_id));
    await db.price_alerts.each((a) => add(a.vehicle_listing_id));
    for (const id of await recentListings(db).toCollection().primaryKeys()) add(id);
  });
  // A dealer member's own stock is followed live like the rest (the stock pull brings new cars).
  for (const id of await ownStockIds(db)) add(id);
  return ids;
}

/** The offline pack's listing ids (empty without a pack). */
export async function packListingIds(db: MotorlyDb): Promise<Set<string>> {
  return new Set(await packListings(db).toCollection().primaryKeys());
}

/** Every listing kept whatever the budget: pinned ones and the offline pack's. */
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
