import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { getSessionUserId } from '../sync-state';
import type { AppNotification } from '../types';

export const NOTIFICATIONS_LIMIT = 50;

/** The signed-in user's notifications, newest first (max 50, SPEC §9). */
export function useNotifications(): AppNotification[] | undefined {
  return useLiveQuery(async () => {
    // Both reads issued together: inside a live query, reads made after awaiting a helper were not
    // observed (a new notification must prepend while the panel is open).
    const [userId, rows] = await Promise.all([getSessionUserId(db), db.notifications.toArray()]);
    if (!userId) return [];
    return rows
      .filter((n) => n.user_id === userId)
      .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id.localeCompare(a.id))
      .slice(0, NOTIFICATIONS_LIMIT);
  }, []);
}

/** Unread (no dismissed_at) count for the bell badge. */
export function useUnreadNotificationCount(): number {
  return (
    useLiveQuery(async () => {
      const userId = await getSessionUserId(db);
      if (!userId) return 0;
      return db.notifications
        .where('user_id')
        .equals(userId)
        .filter((n) => !n.dismissed_at)
        .count();
    }, []) ?? 0
  );
}
