// Saved and compared cars are pinned on the device, but a list can name a car this device has not got yet
// (a compare link someone shared, bookmarks just synced from another device): each such car is asked of
// the server once (listing-on-demand.ts) and arrives through the local store like a pulled row.
import { useEffect, useState } from 'react';
import { fetchListingNow } from './listing-on-demand';

/**
 * Fetches every id of `ids` missing from `held` (undefined while the store answers), once per id, and
 * returns those still on their way: the screen can say "loading" for them rather than leave them out.
 */
export function useListingsOnDemand(
  ids: readonly string[],
  held: ReadonlyMap<string, unknown> | undefined,
): ReadonlySet<string> {
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const missing = held ? [...new Set(ids)].filter((id) => !held.has(id) && !answered.has(id)) : [];
  const key = missing.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    for (const id of key.split(',')) {
      void fetchListingNow(id).then((found) => {
        // Found: the live query shows it next. Not found (or offline): stop waiting for it.
        if (live && !found) setAnswered((prev) => new Set([...prev, id]));
      });
    }
    return () => {
      live = false;
    };
  }, [key]);
  return new Set(missing);
}
