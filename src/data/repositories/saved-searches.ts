// Saved searches (named marketplace filters): create, rename, delete and "looked at now", each a
// row change plus its outbox op in one transaction, so they work offline and sync later.
import type { MotorlyDb } from '../db';
import { NotSignedInError, createRow, deleteRow, updateRow } from '../outbox';
import { savedSearchFiltersFromQuery } from '../catalogue/filters';
import { getSessionUserId } from '../sync-state';
import type { SavedSearch } from '../types';

export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCHES_MAX = 50;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Give this search a name.',
  nameTooLong: `Keep the name to ${SAVED_SEARCH_NAME_MAX} characters or fewer.`,
  tooMany: `You can save at most ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`,
} as const;

export class SavedSearchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SavedSearchError';
  }
}

/** The form's message for a typed name, or null when it can be saved. */
export function validateSavedSearchName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return SAVED_SEARCH_MESSAGES.nameRequired;
  if (trimmed.length > SAVED_SEARCH_NAME_MAX) return SAVED_SEARCH_MESSAGES.nameTooLong;
  return null;
}

function checkedName(name: string): string {
  const problem = validateSavedSearchName(name);
  if (problem) throw new SavedSearchError(problem);
  return name.trim();
}

/** Saves the marketplace search in `query` (its URL query string) under a name. */
export async function createSavedSearch(db: MotorlyDb, name: string, query: string): Promise<SavedSearch> {
  const trimmed = checkedName(name);
  const userId = await getSessionUserId(db);
  if (!userId) throw new NotSignedInError();
  if ((await db.saved_searches.where('user_id').equals(userId).count()) >= SAVED_SEARCHES_MAX) {
    throw new SavedSearchError(SAVED_SEARCH_MESSAGES.tooMany);
  }
  return createRow(db, 'saved_searches', {
    name: trimmed,
    filters: savedSearchFiltersFromQuery(query),
    last_viewed_at: new Date().toISOString(),
  });
}

export async function renameSavedSearch(db: MotorlyDb, id: string, name: string): Promise<void> {
  await updateRow(db, 'saved_searches', id, { name: checkedName(name) });
}

export async function deleteSavedSearch(db: MotorlyDb, id: string): Promise<void> {
  await deleteRow(db, 'saved_searches', id);
}

/** Opening a saved search resets its "N new since you last looked". */
export async function markSavedSearchViewed(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'saved_searches', id, { last_viewed_at: new Date().toISOString() });
}
