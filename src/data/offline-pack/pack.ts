// The offline pack's record and its area, and Remove. The download itself runs in the sync worker
// (src/sync/offline-pack-download.ts); pages only read the record and ask the worker by command.
import { OUTCODE_CENTROIDS } from '@/domain/uk/outcodes';
import { locatePostcode, milesBetween } from '@/domain/uk/distance';
import type { MotorlyDb } from '../db';
import { packListingIds, packListings, packMeta, pinnedListingIds } from './held';
import type { OfflinePack } from './types';

export const PACK_ID = 'current';

export function readPack(db: MotorlyDb): Promise<OfflinePack | undefined> {
  return packMeta(db).get(PACK_ID);
}

export async function updatePack(db: MotorlyDb, patch: Partial<Omit<OfflinePack, 'id'>>): Promise<void> {
  await packMeta(db).update(PACK_ID, patch);
}

/**
 * The outcodes whose centroid lies within the radius (a little beyond: a listing's own point may sit past
 * its centroid), with those the pack's rows carry: realtime and catch-ups follow listings there.
 */
export function areaOutcodes(postcode: string, radius: number, rowOutcodes: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const o of rowOutcodes) if (o) out.add(o);
  const centre = locatePostcode(postcode);
  if (centre.ok) {
    for (const [code, [lat, lng]] of Object.entries(OUTCODE_CENTROIDS))
      if (milesBetween(centre.point, { lat, lng }) <= radius + 5) out.add(code);
  }
  return [...out].sort();
}

/**
 * Deletes listings from the device unless something else keeps them: pinned ones, and `alsoKept` (the
 * query engine's windows). Returns how many went.
 */
export async function dropUnkeptListings(db: MotorlyDb, ids: Iterable<string>, alsoKept: ReadonlySet<string>) {
  const kept = await pinnedListingIds(db);
  const gone = [...ids].filter((id) => !kept.has(id) && !alsoKept.has(id));
  if (gone.length) await db.vehicle_listings.bulkDelete(gone);
  return gone.length;
}

/**
 * Remove: the pack's record and list go, and its listings leave the device unless pinned or in a search
 * window (`windowIds`). Pinned listings stay current through their own pulls.
 */
export async function removePack(db: MotorlyDb, windowIds: ReadonlySet<string>): Promise<number> {
  const ids = await packListingIds(db);
  await db.transaction('rw', packMeta(db), packListings(db), async () => {
    // The pack's record and its pages of ids.
    await packMeta(db).clear();
    await packListings(db).clear();
  });
  return dropUnkeptListings(db, ids, windowIds);
}
