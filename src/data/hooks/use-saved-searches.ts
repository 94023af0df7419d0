import { useLiveQuery } from './use-live-query';
import { db, type MotorlyDb } from '../db';
import { matchContext, savedSearchMatcher } from '../catalogue/filters';
import { getSessionUserId } from '../sync-state';
import type { SavedSearch, VehicleListing } from '../types';

export interface SavedSearchView extends SavedSearch {
  /** Matching listings listed since the search was last opened (counted in the local store). */
  newCount: number;
}

/** How many of the newest listings the "new since" counts look at (a count shows at most this). */
export const NEW_LISTINGS_WINDOW = 500;

function newestFirst(rows: SavedSearch[]): SavedSearch[] {
  return rows.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id.localeCompare(a.id));
}

/**
 * The signed-in user's saved searches, newest first, each with how many matching listings were
 * listed since it was last opened, among the newest NEW_LISTINGS_WINDOW listings.
 * Every read is issued before the first await: inside a live query, reads made after awaiting a
 * helper were not observed (the list did not follow a local create), reads issued together are.
 */
export async function loadSavedSearches(d: MotorlyDb): Promise<SavedSearchView[]> {
  const [userId, rows, brands, models, recent] = await Promise.all([
    getSessionUserId(d),
    d.saved_searches.toArray(),
    d.brands.toArray(),
    d.car_models.toArray(),
    d.vehicle_listings.orderBy('listed_at').reverse().limit(NEW_LISTINGS_WINDOW).toArray(),
  ]);
  if (!userId) return [];
  const searches = newestFirst(rows.filter((s) => s.user_id === userId));
  if (!searches.length) return [];
  const ctx = matchContext(brands, models);
  return searches.map((s) => {
    const matches = savedSearchMatcher(s.filters, ctx);
    return {
      ...s,
      newCount: recent.filter((l: VehicleListing) => l.listed_at > s.last_viewed_at && matches(l)).length,
    };
  });
}

export function useSavedSearches(): SavedSearchView[] | undefined {
  return useLiveQuery(() => loadSavedSearches(db), []);
}
