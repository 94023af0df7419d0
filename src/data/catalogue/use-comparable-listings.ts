import { useCatalogueQuery } from './use-catalogue-query';
import { db } from '../db';
import type { ListingRow } from './types';

/** Every listing of one model still for sale (active or reserved): the comparables for a valuation. */
export function useComparableListings(carModelId: string | undefined): ListingRow[] | undefined {
  return useCatalogueQuery(async () => {
    if (!carModelId) return [];
    const rows = await db.vehicle_listings.where('car_model_id').equals(carModelId).toArray();
    return rows.filter((r) => r.status !== 'sold');
  }, [carModelId]);
}
