// One user_preferences row and one user_preference_profiles row per user (unique user_id on the
// server): update the pulled row when there is one, create it otherwise.
import type { MotorlyDb } from '../db';
import { NotSignedInError, createRow, updateRow } from '../outbox';
import { getSessionUserId } from '../sync-state';
import { defaultPreferenceProfileFields } from '../../../supabase/functions/_shared/preference-profile';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type UserPreferenceProfile,
  type UserPreferences,
} from '../types';

async function requireUser(db: MotorlyDb): Promise<string> {
  const userId = await getSessionUserId(db);
  if (!userId) throw new NotSignedInError();
  return userId;
}

export async function saveNotificationPreferences(db: MotorlyDb, prefs: NotificationPreferences): Promise<UserPreferences> {
  const userId = await requireUser(db);
  const existing = await db.user_preferences.where('user_id').equals(userId).first();
  if (existing) {
    return (await updateRow(db, 'user_preferences', existing.id, { notification_preferences: prefs })) ?? existing;
  }
  return createRow(db, 'user_preferences', { notification_preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs } });
}

export type ProfileInput = Partial<Omit<UserPreferenceProfile, 'id' | 'user_id' | 'created_at' | 'updated_at'>>;


export async function saveProfile(db: MotorlyDb, input: ProfileInput): Promise<UserPreferenceProfile> {
  const userId = await requireUser(db);
  const last_updated = new Date().toISOString();
  const existing = await db.user_preference_profiles.where('user_id').equals(userId).first();
  if (existing) {
    return (await updateRow(db, 'user_preference_profiles', existing.id, { ...input, last_updated })) ?? existing;
  }
  return createRow(db, 'user_preference_profiles', { ...defaultPreferenceProfileFields(), ...input, last_updated });
}
