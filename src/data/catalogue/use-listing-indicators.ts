import { useCatalogueQuery } from './use-catalogue-query';
import { priceIndicator, type PriceIndicator } from '@/shared/lib/uk';
import { db } from '../db';
import type { ListingRow } from './types';

/**
 * The price indicator (price against the market, as the listing page shows it) of each listing, by id:
 * every listing of the same models still for sale is read once, whatever the number of listings.
 */
export function useListingIndicators(
  listings: readonly ListingRow[],
  referenceYear = new Date().getFullYear(),
): Record<string, PriceIndicator> | undefined {
  const key = listings.map((l) => `${l.id}:${l.price}:${l.status}`).join(',');
  return useCatalogueQuery(async () => {
    const models = [...new Set(listings.map((l) => l.car_model_id))];
    const rows = models.length ? await db.vehicle_listings.where('car_model_id').anyOf(models).toArray() : [];
    const byModel = new Map<string, ListingRow[]>();
    for (const r of rows)
      if (r.status !== 'sold') byModel.set(r.car_model_id, [...(byModel.get(r.car_model_id) ?? []), r]);
    return Object.fromEntries(
      listings.map((l) => [l.id, priceIndicator(l, byModel.get(l.car_model_id) ?? [], referenceYear)]),
    );
    // `key` stands for the listings' ids, prices and statuses: a new array each render must not re-query.
  }, [key, referenceYear]);
}
