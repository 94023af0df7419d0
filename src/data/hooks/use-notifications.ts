import { useLiveQuery } from './use-live-query';
import { db, type MotorlyDb } from '../db';
import { HIDDEN_PREFIX, hiddenNotificationsKey } from '../repositories/notifications';
import { STATE_KEYS, getSessionUserId } from '../sync-state';
import type { AppNotification } from '../types';

export const NOTIFICATIONS_LIMIT = 50;

/** The signed-in user's notifications, newest first (max 50, SPEC §9), without those dismissed here. */
export async function loadNotifications(store: MotorlyDb): Promise<AppNotification[]> {
  // All reads issued together: inside a live query, reads made after awaiting a helper were not
  // observed (a new notification must prepend while the panel is open).
  const [user, hiddenRows, rows] = await Promise.all([
    store.sync_state.get(STATE_KEYS.user),
    store.sync_state.where('key').startsWith(HIDDEN_PREFIX).toArray(),
    store.notifications.toArray(),
  ]);
  const userId = user?.value as string | null | undefined;
  if (!userId) return [];
  const hiddenValue = hiddenRows.find((s) => s.key === hiddenNotificationsKey(userId))?.value;
  const hidden = new Set(Array.isArray(hiddenValue) ? (hiddenValue as string[]) : []);
  return rows
    .filter((n) => n.user_id === userId && !hidden.has(n.id))
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || b.id.localeCompare(a.id))
    .slice(0, NOTIFICATIONS_LIMIT);
}

export function useNotifications(): AppNotification[] | undefined {
  return useLiveQuery(() => loadNotifications(db), []);
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
