// A valuation's comparables: from the server, over every car of the model for sale near the year and
// mileage (listing_comparables); offline, the cars of the model held on this device, marked 'device'.
import { db, type MotorlyDb } from '../db';
import { fetchComparables } from './server-reads';
import type { ListingRow } from './types';
import type { PricedListing } from '@/domain/uk';
import { useServerFirst, type SourcedAnswer } from './use-server-first';

export interface ComparablesQuery {
  carModelId: string;
  year: number;
  mileage: number;
}

/** Every listing of one model held here still for sale (active or reserved). */
export async function heldComparables(store: MotorlyDb, carModelId: string): Promise<ListingRow[]> {
  const rows = await store.vehicle_listings.where('car_model_id').equals(carModelId).toArray();
  return rows.filter((r) => r.status !== 'sold');
}

/** The candidates for valuing a car (undefined while loading, or without a query). */
export function useComparableListings(
  query: ComparablesQuery | undefined,
): SourcedAnswer<readonly PricedListing[]> | undefined {
  const key = query ? `${query.carModelId}|${query.year}|${query.mileage}` : '';
  const answer = useServerFirst<readonly PricedListing[]>(
    key,
    async () => (query ? fetchComparables(query.carModelId, query.year, query.mileage) : []),
    async () => (query ? heldComparables(db, query.carModelId) : []),
  );
  return query ? answer : undefined;
}
