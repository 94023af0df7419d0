import { useLiveQuery } from './use-live-query';
import { db } from '../db';
import { getSessionUserId } from '../sync-state';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type UserPreferenceProfile,
  type UserPreferences,
} from '../types';

/** Of several rows for one user (a second device's offline create), the most recently changed. */
function newest<T extends { updated_at?: string; created_at?: string }>(rows: T[]): T | undefined {
  const key = (r: T) => r.updated_at ?? r.created_at ?? '';
  return rows.reduce<T | undefined>((best, r) => (!best || key(r) > key(best) ? r : best), undefined);
}

export interface PreferencesView {
  /** The stored preferences over the defaults (SPEC §3). */
  preferences: NotificationPreferences;
  row: UserPreferences | undefined;
}

/** The signed-in user's notification preferences; undefined while loading, null when signed out. */
export function useNotificationPreferences(): PreferencesView | null | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    if (!userId) return null;
    const row = newest(await db.user_preferences.where('user_id').equals(userId).toArray());
    return { row, preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...row?.notification_preferences } };
  }, []);
}

/** The signed-in user's profile row; undefined while loading, null when signed out or none yet. */
export function useProfile(): UserPreferenceProfile | null | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    if (!userId) return null;
    return newest(await db.user_preference_profiles.where('user_id').equals(userId).toArray()) ?? null;
  }, []);
}
