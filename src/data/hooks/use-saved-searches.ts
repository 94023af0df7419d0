import { useLiveQuery } from 'dexie-react-hooks';
import { db, type MotorlyDb } from '../db';
import { listingMatches, type SlugIds } from '../saved-searches/filters';
import { getSessionUserId } from '../sync-state';
import type { SavedSearch } from '../types';

export interface SavedSearchView extends SavedSearch {
  /** Matching listings listed since the search was last opened (counted in the local store). */
  newCount: number;
}

async function slugIds(d: MotorlyDb, searches: SavedSearch[]): Promise<SlugIds> {
  const makes = [...new Set(searches.map((s) => s.filters.make).filter((m): m is string => Boolean(m)))];
  const models = [...new Set(searches.map((s) => s.filters.model).filter((m): m is string => Boolean(m)))];
  const [brands, carModels] = await Promise.all([
    makes.length ? d.brands.where('slug').anyOf(makes).toArray() : [],
    models.length ? d.car_models.where('slug').anyOf(models).toArray() : [],
  ]);
  const modelIds = new Map<string, string[]>();
  for (const m of carModels) modelIds.set(m.slug, [...(modelIds.get(m.slug) ?? []), m.id]);
  return { brandIds: new Map(brands.map((b) => [b.slug, b.id])), modelIds };
}

/**
 * The signed-in user's saved searches, newest first, each with how many matching listings were
 * listed since it was last opened. New listings are few, so each count walks the listed_at index
 * from the search's last_viewed_at.
 */
export async function loadSavedSearches(d: MotorlyDb): Promise<SavedSearchView[]> {
  const userId = await getSessionUserId(d);
  if (!userId) return [];
  const searches = await d.saved_searches
    .where('[user_id+created_at]')
    .between([userId, ''], [userId, '\uffff'])
    .reverse()
    .toArray();
  if (!searches.length) return [];
  const ids = await slugIds(d, searches);
  return Promise.all(
    searches.map(async (s) => ({
      ...s,
      newCount: await d.vehicle_listings
        .where('listed_at')
        .above(s.last_viewed_at)
        .filter((l) => listingMatches(l, s.filters, ids))
        .count(),
    })),
  );
}

export function useSavedSearches(): SavedSearchView[] | undefined {
  return useLiveQuery(() => loadSavedSearches(db), []);
}
