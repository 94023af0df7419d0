// The AI search's record of what was asked and what happened: one search_interactions row per search
// shown, then clicks and time spent added to it, all through the outbox. Signed out, nothing is kept
// (the table belongs to a user on the server).
import type { MotorlyDb } from '../db';
import { NotSignedInError, updateRow, writeTables } from '../outbox';
import { getSessionUserId } from '../sync-state';
import { recordSearchInteraction } from './activity';

export interface SearchShown {
  sessionId: string;
  query: string;
  filters: Record<string, unknown>;
  resultsShown: number;
  relaxed: string[];
}

/** The new row's id, or null when signed out. */
export async function startSearchInteraction(db: MotorlyDb, s: SearchShown): Promise<string | null> {
  if (!(await getSessionUserId(db))) return null;
  try {
    const row = await recordSearchInteraction(db, {
      session_id: s.sessionId,
      search_query: s.query.slice(0, 500),
      interaction_type: 'ai_search',
      search_filters: s.filters,
      results_shown: s.resultsShown,
      interaction_data: { relaxed: s.relaxed },
    });
    return row?.id ?? null; // null: personalisation is switched off, nothing recorded
  } catch (e) {
    if (e instanceof NotSignedInError) return null;
    throw e;
  }
}

/** A result was opened: counts the click and remembers the car (recommendations learn from it). */
export async function recordSearchClick(
  db: MotorlyDb,
  id: string,
  carModelId: string,
  seconds: number,
  listingId?: string,
): Promise<void> {
  // interaction_data is one jsonb column, written whole: merge into what the search stored (the relaxed
  // filters, an earlier listing), read in the same transaction so two quick clicks cannot drop either.
  await db.transaction('rw', writeTables(db, 'search_interactions'), async () => {
    const existing = await db.search_interactions.get(id);
    await updateRow(
      db,
      'search_interactions',
      id,
      {
        target_car_id: carModelId,
        time_spent_seconds: seconds,
        interaction_data: { ...existing?.interaction_data, ...(listingId ? { listing_id: listingId } : {}) },
      },
      { results_clicked: 1 },
    );
  });
}

export async function finishSearchInteraction(db: MotorlyDb, id: string, seconds: number): Promise<void> {
  await updateRow(db, 'search_interactions', id, { time_spent_seconds: seconds });
}
