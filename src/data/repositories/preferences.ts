// One user_preferences row and one user_preference_profiles row per user (unique user_id on the
// server): update the stored row when there is one, create it otherwise. A create made offline on a
// second device is merged into the existing row by the server (upsert on user_id); until the pull
// removes the local duplicate, a save updates every local row of the user so whichever id the
// server kept gets the change.
import type { MotorlyDb } from '../db';
import { NotSignedInError, createRow, updateRow } from '../outbox';
import { getSessionUserId } from '../sync-state';
import { defaultPreferenceProfileFields } from '@/domain/ai/preference-profile';
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

export async function saveNotificationPreferences(
  db: MotorlyDb,
  prefs: NotificationPreferences,
): Promise<UserPreferences> {
  const userId = await requireUser(db);
  const rows = await db.user_preferences.where('user_id').equals(userId).toArray();
  if (rows.length) {
    let saved: UserPreferences | undefined;
    for (const row of rows)
      saved = (await updateRow(db, 'user_preferences', row.id, { notification_preferences: prefs })) ?? saved;
    return saved ?? rows[0];
  }
  return createRow(db, 'user_preferences', {
    notification_preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs },
  });
}

export type ProfileInput = Partial<Omit<UserPreferenceProfile, 'id' | 'user_id' | 'created_at' | 'updated_at'>>;

export async function saveProfile(db: MotorlyDb, input: ProfileInput): Promise<UserPreferenceProfile> {
  const userId = await requireUser(db);
  const last_updated = new Date().toISOString();
  const rows = await db.user_preference_profiles.where('user_id').equals(userId).toArray();
  if (rows.length) {
    let saved: UserPreferenceProfile | undefined;
    for (const row of rows)
      saved = (await updateRow(db, 'user_preference_profiles', row.id, { ...input, last_updated })) ?? saved;
    return saved ?? rows[0];
  }
  return createRow(db, 'user_preference_profiles', { ...defaultPreferenceProfileFields(), ...input, last_updated });
}
