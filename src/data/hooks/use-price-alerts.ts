import { useLiveQuery } from './use-live-query';
import { db } from '../db';
import { getSessionUserId } from '../sync-state';
import type { PriceAlert } from '../types';

export interface PriceAlertView extends PriceAlert {
  /** The linked listing's title, 'Unknown Vehicle' when missing (SPEC §3). */
  listing_title: string;
}

/** The signed-in user's price alerts with their listing titles, newest first. */
export function usePriceAlerts(): PriceAlertView[] | undefined {
  return useLiveQuery(async () => {
    // Reads issued together: inside a live query, reads made after awaiting a helper were not observed.
    const [userId, all] = await Promise.all([getSessionUserId(db), db.price_alerts.toArray()]);
    if (!userId) return [];
    const alerts = all
      .filter((a) => a.user_id === userId)
      .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id.localeCompare(a.id));
    const ids = alerts.map((a) => a.vehicle_listing_id).filter((id): id is string => id !== null);
    const listings = await db.vehicle_listings.bulkGet(ids);
    const titles = new Map(listings.filter((l) => l !== undefined).map((l) => [l.id, l.title]));
    return alerts.map((a) => ({
      ...a,
      listing_title: (a.vehicle_listing_id && titles.get(a.vehicle_listing_id)) || 'Unknown Vehicle',
    }));
  }, []);
}

/** The signed-in user's alert on one listing (the newest if several), or null. */
export function usePriceAlertForListing(listingId: string): PriceAlert | null | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    if (!userId) return null;
    const rows = await db.price_alerts
      .where('vehicle_listing_id')
      .equals(listingId)
      .filter((a) => a.user_id === userId)
      .toArray();
    return rows.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))[0] ?? null;
  }, [listingId]);
}

/** The listing a price alert is set on (id, title, price), or null when not stored locally. */
export function useListingForAlert(listingId: string): { id: string; title: string; price: number } | null | undefined {
  return useLiveQuery(async () => {
    const l = await db.vehicle_listings.get(listingId);
    return l ? { id: l.id, title: l.title, price: l.price } : null;
  }, [listingId]);
}
