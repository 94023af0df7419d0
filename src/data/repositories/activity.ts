// Recommendations feedback, search interactions, leads and error reports.
import type { MotorlyDb } from '../db';
import { createRow, updateRow } from '../outbox';
import type { ErrorReport, Lead, LeadMessage, SearchInteraction, Severity } from '../types';
import { isPersonalisationEnabled } from '@/shared/lib/personalisation';

export async function markRecommendationClicked(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'personalized_recommendations', id, { clicked: true });
}

/** shown_count + 1, sent as "$inc" so a replayed batch never counts twice. */
export async function incrementRecommendationShown(db: MotorlyDb, id: string): Promise<void> {
  await updateRow(db, 'personalized_recommendations', id, {}, { shown_count: 1 });
}

export type NewSearchInteraction = Partial<Omit<SearchInteraction, 'id' | 'user_id'>> & { interaction_type: string };

/** Records search activity for recommendations; nothing (null) when personalisation is switched off. */
export async function recordSearchInteraction(
  db: MotorlyDb,
  input: NewSearchInteraction,
): Promise<SearchInteraction | null> {
  if (!isPersonalisationEnabled()) return null;
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

export interface NewLead {
  vehicleListingId: string;
  dealerId: string;
  name: string;
  email: string;
  phone?: string;
  message?: string;
}

export async function createLead(db: MotorlyDb, input: NewLead): Promise<Lead> {
  return createRow(db, 'leads', {
    vehicle_listing_id: input.vehicleListingId,
    dealer_id: input.dealerId,
    name: input.name,
    email: input.email,
    phone: input.phone ?? '',
    message: input.message ?? '',
    status: 'new',
  });
}

export async function sendLeadMessage(
  db: MotorlyDb,
  leadId: string,
  senderId: string,
  body: string,
): Promise<LeadMessage> {
  return createRow(db, 'lead_messages', { lead_id: leadId, sender_id: senderId, body }, { ownedByUser: false });
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
