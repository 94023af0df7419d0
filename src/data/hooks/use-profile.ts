import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { getSessionUserId } from '../sync-state';
import type { UserPreferenceProfile } from '../types';

/**
 * The signed-in user's preference profile: undefined while loading, null when signed out or none yet.
 */
export function useProfile(): UserPreferenceProfile | null | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    if (!userId) return null;
    return (await db.user_preference_profiles.where('user_id').equals(userId).first()) ?? null;
  }, []);
}
