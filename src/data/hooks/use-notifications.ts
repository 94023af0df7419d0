import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { getSessionUserId } from '../sync-state';
import type { AppNotification } from '../types';

export const NOTIFICATIONS_LIMIT = 50;

/** The signed-in user's notifications, newest first (max 50, SPEC §9). */
export function useNotifications(): AppNotification[] | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    if (!userId) return [];
    return db.notifications
      .where('[user_id+created_at]')
      .between([userId, ''], [userId, '\uffff'])
      .reverse()
      .limit(NOTIFICATIONS_LIMIT)
      .toArray();
  }, []);
}

/** Unread (no dismissed_at) count for the bell badge. */
export function useUnreadNotificationCount(): number {
  return (
    useLiveQuery(async () => {
      const userId = await getSessionUserId(db);
      if (!userId) return 0;
      return db.notifications.where('user_id').equals(userId).filter((n) => !n.dismissed_at).count();
    }, []) ?? 0
  );
}
