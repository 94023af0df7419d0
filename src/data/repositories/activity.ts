// Recommendations feedback, search interactions and error reports (enquiries: leads.ts).
import type { MotorlyDb } from '../db';
import { createRow, updateRow } from '../outbox';
import type { ErrorReport, SearchInteraction, Severity } from '../types';

export async function markRecommendationClicked(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'personalized_recommendations', id, { clicked: true });
}

/** shown_count + 1, sent as "$inc" so a replayed batch never counts twice. */
export async function incrementRecommendationShown(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'personalized_recommendations', id, {}, { shown_count: 1 });
}

export type NewSearchInteraction = Partial<Omit<SearchInteraction, 'id' | 'user_id'>> & { interaction_type: string };

export async function recordSearchInteraction(db: MotorlyDb, input: NewSearchInteraction): Promise<SearchInteraction> {
  return createRow(db, 'search_interactions', {
    session_id: '',
    search_query: '',
    search_filters: {},
    results_shown: 0,
    results_clicked: 0,
    time_spent_seconds: 0,
    target_car_id: null,
    interaction_data: {},
    ...input,
  });
}

export interface NewErrorReport {
  message: string;
  context?: ErrorReport['context'];
  severity?: Severity;
}

/** Signed out, the report stays on this device (the server only accepts a user's own reports). */
export async function reportError(db: MotorlyDb, input: NewErrorReport): Promise<ErrorReport> {
  return createRow(
    db,
    'error_reports',
    {
      message: input.message.slice(0, 4000),
      context: input.context ?? {},
      severity: input.severity ?? 'medium',
      reported_at: new Date().toISOString(),
      resolved: false,
    },
    { allowSignedOut: true },
  );
}
