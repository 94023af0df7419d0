// What a bookmarked car cost when it was saved, from its price history, so the bookmarks can show the
// change since ("£500 less than when you saved it").
import { db } from '../db';
import { useCatalogueQuery } from './use-catalogue-query';
import type { PriceHistoryRow } from './types';

/**
 * The price in force at `savedAt`: the last history entry at or before it (the listing's first price when
 * it was saved before any entry), or `current` without a history.
 */
export function priceWhenSaved(
  history: readonly Pick<PriceHistoryRow, 'price' | 'changed_at'>[],
  savedAt: string | null | undefined,
  current: number,
): number {
  if (history.length === 0 || !savedAt) return current;
  const ordered = [...history].sort((a, b) => a.changed_at.localeCompare(b.changed_at));
  const saved = Date.parse(savedAt);
  let price = ordered[0].price;
  for (const h of ordered) if (Date.parse(h.changed_at) <= saved) price = h.price;
  return price;
}

/** The price each bookmarked listing had when it was saved, by listing id (live: follows price changes). */
export function useSavedPrices(
  saved: readonly { listingId: string; savedAt: string | null | undefined; current: number }[],
): Record<string, number> | undefined {
  const key = saved.map((s) => `${s.listingId}@${s.savedAt ?? ''}:${s.current}`).join(',');
  return useCatalogueQuery(async () => {
    const histories = await Promise.all(
      saved.map((s) => db.listing_price_history.where('vehicle_listing_id').equals(s.listingId).toArray()),
    );
    const out: Record<string, number> = {};
    saved.forEach((s, i) => (out[s.listingId] = priceWhenSaved(histories[i], s.savedAt, s.current)));
    return out;
  }, [key]);
}
