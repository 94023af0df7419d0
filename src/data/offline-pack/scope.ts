// The sync worker's view of what this device holds (src/sync/engine-types.ts ListingScope), on Dexie.
import { locatePostcode } from '@/domain/uk/distance';
import type { MotorlyDb } from '../db';
import { getState, setState } from '../sync-state';
import type { Cursor } from '../types';
import { ownDealerIds, packListings, pinnedListingIds } from './held';
import { readPack, updatePack } from './pack';

const FOLLOWED_KEY = 'held-listings-followed';
const STOCK_KEY = 'held-listings-stock';

interface StockState {
  dealerIds: string[];
  cursor: Cursor;
}

export interface HeldArea {
  outcodes: string[];
  centre: { lat: number; lng: number };
  radius: number;
  cursor: Cursor | null;
}

export function dexieListingScope(db: MotorlyDb) {
  return {
    async pinnedIds(): Promise<string[]> {
      return [...(await pinnedListingIds(db))].sort();
    },
    async followedIds(): Promise<Set<string>> {
      return new Set((await getState<string[]>(db, FOLLOWED_KEY)) ?? []);
    },
    async setFollowedIds(ids: readonly string[]): Promise<void> {
      await setState(db, FOLLOWED_KEY, [...ids]);
    },
    async presentIds(ids: readonly string[]): Promise<Set<string>> {
      const keys = await db.vehicle_listings
        .where('id')
        .anyOf([...ids])
        .primaryKeys();
      return new Set(keys);
    },
    async area(): Promise<HeldArea | null> {
      const pack = await readPack(db);
      if (!pack || pack.status !== 'ready') return null;
      const centre = locatePostcode(pack.postcode);
      if (!centre.ok) return null;
      return { outcodes: pack.outcodes, centre: centre.point, radius: pack.radius, cursor: pack.cursor };
    },
    async stock(): Promise<{ dealerIds: string[]; cursor: Cursor | null } | null> {
      const dealerIds = await ownDealerIds(db);
      if (!dealerIds.length) return null;
      const saved = await getState<StockState>(db, STOCK_KEY);
      // A new membership starts its stock from the beginning.
      const same = saved && saved.dealerIds.join() === dealerIds.join();
      return { dealerIds, cursor: same ? saved.cursor : null };
    },
    async stockPulled(dealerIds: readonly string[], cursor: Cursor): Promise<void> {
      await setState(db, STOCK_KEY, { dealerIds: [...dealerIds], cursor });
    },
    /** Price history follows the listings held here: which those are, and the history rows each has. */
    async heldHistory() {
      const table = db.listing_price_history;
      return db.transaction('r', db.vehicle_listings, table, async () => {
        const listingIds = new Set(await db.vehicle_listings.toCollection().primaryKeys());
        const history = new Map<string, { rowIds: string[]; updatedAt: string }>();
        await table.each((row) => {
          const seen = history.get(row.vehicle_listing_id);
          const updatedAt = row.updated_at ?? '';
          if (!seen) history.set(row.vehicle_listing_id, { rowIds: [row.id], updatedAt });
          else {
            seen.rowIds.push(row.id);
            // Server timestamps, all in one format: later sorts later.
            if (updatedAt > seen.updatedAt) seen.updatedAt = updatedAt;
          }
        });
        return { listingIds, history };
      });
    },
    /** The history the device holds for these listings: row ids and the newest row's price (live-price-history). */
    async historyOf(listingIds: readonly string[]) {
      const out = new Map<string, { rowIds: string[]; latestPrice: number | null; at: number }>();
      const rows = await db.listing_price_history
        .where('vehicle_listing_id')
        .anyOf([...listingIds])
        .toArray();
      for (const row of rows) {
        const at = Date.parse(row.changed_at);
        const seen = out.get(row.vehicle_listing_id);
        if (!seen) out.set(row.vehicle_listing_id, { rowIds: [row.id], latestPrice: row.price, at });
        else {
          seen.rowIds.push(row.id);
          if (at >= seen.at) Object.assign(seen, { latestPrice: row.price, at });
        }
      }
      return out;
    },
    async areaPulled(cursor: Cursor, joined: readonly string[]): Promise<void> {
      await db.transaction('rw', db.table('offline_pack'), packListings(db), async () => {
        if (joined.length) await packListings(db).bulkPut(joined.map((id) => ({ id })));
        await updatePack(db, { cursor });
      });
    },
  };
}
