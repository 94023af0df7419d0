// The compare list's listings, mirrored into IndexedDB. The list lives in the page's localStorage
// (entities/car/compare-store.ts), which the sync and query workers cannot read; the mirror puts its
// listings in the one pinned set (held.ts), so they are pulled, followed live and never evicted.
import { db as appDb, type MotorlyDb } from '../db';
import { comparedListings } from './held';

/** Makes the mirror hold exactly these listing ids; writes nothing when it already does. */
export async function setComparedListings(db: MotorlyDb, listingIds: readonly string[]): Promise<void> {
  const wanted = new Set(listingIds);
  const table = comparedListings(db);
  await db.transaction('rw', table, async () => {
    const held = new Set(await table.toCollection().primaryKeys());
    const gone = [...held].filter((id) => !wanted.has(id));
    const added = [...wanted].filter((id) => !held.has(id));
    if (gone.length) await table.bulkDelete(gone);
    if (added.length) await table.bulkPut(added.map((id) => ({ id })));
  });
}

/**
 * The page's hook for the compare store: mirrors its listing ids into the app's store. Without IndexedDB
 * (the build's prerender in Node) there is nothing to pin.
 */
export function mirrorComparedListings(listingIds: readonly string[], db: MotorlyDb = appDb): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return setComparedListings(db, listingIds);
}
