// A window's TTL: minutes of open time for a passing search, a day for one of the user's saved searches.
// The screen cannot tell which it runs (a saved search is reopened from the strip, a link, Back or a typed
// URL, and saved while its window already exists), so the engine decides from the saved rows on the device:
// a query is a saved search when its filters, sort and paging aside, have a saved row's saved-search key.
import type { MotorlyDb } from '../../db';
import { getSessionUserId } from '../../sync-state';
import { parseSearchParams, savedSearchFilters, savedSearchKey, type ListingSearch } from '../filters';
import { PASSING_TTL_MS, SAVED_TTL_MS } from './window-types';

/** A search's saved-search key: what a saved row of the same filters has, whatever the sort. */
export function filtersKey(search: ListingSearch): string {
  return savedSearchKey(savedSearchFilters(search));
}

/** The saved-search keys of the signed-in user's saved searches (none signed out). */
export async function savedSearchKeys(db: MotorlyDb): Promise<Set<string>> {
  const userId = await getSessionUserId(db);
  if (!userId) return new Set();
  const rows = await db.saved_searches.where('user_id').equals(userId).toArray();
  return new Set(rows.map((r) => savedSearchKey(r.filters)));
}

/** Whether a window (by its ledger key, the normalised query) is one of these saved searches. */
export function isSavedWindow(windowKey: string, saved: ReadonlySet<string>): boolean {
  return saved.size > 0 && saved.has(filtersKey(parseSearchParams(windowKey)));
}

/** The TTL a search's window gets: at least a day's open time when it is a saved search. */
export async function windowTtl(db: MotorlyDb, search: ListingSearch, requested = PASSING_TTL_MS): Promise<number> {
  const saved = await savedSearchKeys(db);
  return saved.has(filtersKey(search)) ? Math.max(requested, SAVED_TTL_MS) : requested;
}
