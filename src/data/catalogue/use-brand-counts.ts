// Cars for sale per brand, for the marketplace's searchable brand list. Counted from the in-memory
// listing orders the search keeps patched (listing-index.ts): no listing rows are read, and the count
// re-runs with every listing change like the search itself.
import { db } from '../db';
import { useCatalogueQuery } from './use-catalogue-query';
import {
  bindCatalogue,
  catalogueTables,
  keyLookup,
  orderOf,
  readStamp,
  snapshotFor,
  type IndexSnapshot,
} from './listing-index';

/** Unsold listings by brand id in one state of the indexes. */
export function brandCountsOf(snap: IndexSnapshot): Record<string, number> {
  const brand = keyLookup(snap, 'brand_id');
  const status = keyLookup(snap, 'status');
  const out: Record<string, number> = {};
  for (const chunk of orderOf(snap, 'brand_id'))
    for (const id of chunk) {
      const b = brand(id);
      if (typeof b !== 'string' || status(id) === 'sold') continue;
      out[b] = (out[b] ?? 0) + 1;
    }
  return out;
}

/**
 * Cars for sale by brand id (undefined while the first answer loads, and until `enabled`). A screen
 * enables it once its own search has answered: that search has then built the indexes this reads, where
 * two first queries at once would each read the whole listing table.
 */
export function useBrandListingCounts(enabled = true): Record<string, number> | undefined {
  return useCatalogueQuery(async () => {
    if (!enabled) return undefined;
    const snap = await db.transaction('r', catalogueTables(db, { history: false }), async (tx) => {
      const t = bindCatalogue(db, tx);
      return snapshotFor(t, await readStamp(t));
    });
    return brandCountsOf(snap);
  }, [enabled]);
}
