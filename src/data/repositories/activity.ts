// Recommendations feedback and search interactions (enquiries: leads.ts; error reports: error-reports.ts).
import type { MotorlyDb } from '../db';
import { createRow, updateRow } from '../outbox';
import type { SearchInteraction } from '../types';
import { isPersonalisationEnabled } from '@/shared/lib/personalisation';

export async function markRecommendationClicked(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'personalized_recommendations', id, { clicked: true });
}

/** shown_count + 1, sent as "$inc" so a replayed batch never counts twice. */
export async function incrementRecommendationShown(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'personalized_recommendations', id, {}, { shown_count: 1 });
}

export type NewSearchInteraction = Partial<Omit<SearchInteraction, 'id' | 'user_id'>> & { interaction_type: string };

/** What a search interaction holds until the caller says otherwise. */
export const SEARCH_INTERACTION_DEFAULTS = {
  session_id: '',
  search_query: '',
  search_filters: {},
  results_shown: 0,
  results_clicked: 0,
  time_spent_seconds: 0,
  target_car_id: null,
  interaction_data: {},
} satisfies Partial<SearchInteraction>;

/** Records search activity for recommendations; nothing (null) when personalisation is switched off. */
export async function recordSearchInteraction(
  db: MotorlyDb,
  input: NewSearchInteraction,
): Promise<SearchInteraction | null> {
  if (!isPersonalisationEnabled()) return null;
  return createRow(db, 'search_interactions', { ...SEARCH_INTERACTION_DEFAULTS, ...input });
}
