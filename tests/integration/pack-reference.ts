// The offline pack by brute force over the seeded catalogue, for the pack RPCs' integration tests
// (offline_pack_listings, offline_pack_ranks, offline_pack_plan/band): every located listing, and the nearest
// unsold ones.
import { milesBetween } from '../../src/domain/uk/distance';
import { OUTCODE_CENTROIDS } from '../../src/domain/uk/outcodes';
import { serviceClient } from './helpers';

export interface PackListing {
  id: string;
  lat: number | null;
  lng: number | null;
  status: string;
  outcode: string;
}

/** Every listing with a location (service role, paged by id). */
export async function locatedListings(): Promise<PackListing[]> {
  const svc = serviceClient();
  const all: PackListing[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await svc
      .from('vehicle_listings')
      .select('id, lat, lng, status, outcode')
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(error.message);
    all.push(...(data as PackListing[]));
    if (data.length < 1000) break;
  }
  return all.filter((l) => l.lat !== null && l.lng !== null);
}

/** The nearest `max` unsold listings within `radius` miles of the outcode's centroid: nearest first, then by id. */
export function nearestPack(all: readonly PackListing[], outcode: string, radius: number, max: number): string[] {
  const [lat, lng] = OUTCODE_CENTROIDS[outcode];
  return all
    .filter((l) => l.status !== 'sold')
    .map((l) => ({ id: l.id, miles: milesBetween({ lat, lng }, { lat: l.lat!, lng: l.lng! }) }))
    .filter((x) => x.miles <= radius)
    .sort((a, b) => a.miles - b.miles || (a.id < b.id ? -1 : 1))
    .slice(0, max)
    .map((x) => x.id);
}
