// Notifications are created on the server; the client sets dismissed_at (SPEC §4, §7) when one is read,
// dismissed on its own, or by mark-all-read. The row stays on the server either way; which ones were
// dismissed (rather than read) is remembered on this device so that they leave the list.
import type { MotorlyDb } from '../db';
import { updateRow } from '../outbox';
import { getSessionUserId, getState, setState } from '../sync-state';

/** Newest dismissals kept per user: more than the panel ever lists (50). */
const HIDDEN_LIMIT = 200;

export const HIDDEN_PREFIX = 'notifications_hidden:';

export function hiddenNotificationsKey(userId: string): string {
  return `${HIDDEN_PREFIX}${userId}`;
}

export async function markNotificationRead(db: MotorlyDb, id: string): Promise<void> {
  const row = await db.notifications.get(id);
  if (!row || row.dismissed_at) return;
  await updateRow(db, 'notifications', id, { dismissed_at: new Date().toISOString() });
}

/**
 * Dismisses one notification: dismissed_at is set (synced through the outbox, so it counts as read
 * everywhere) and it leaves this device's list. Nothing is deleted.
 */
export async function dismissNotification(db: MotorlyDb, id: string): Promise<void> {
  await db.transaction('rw', [db.notifications, db.outbox, db.sync_state], async () => {
    const [userId, row] = await Promise.all([getSessionUserId(db), db.notifications.get(id)]);
    if (!userId || !row || row.user_id !== userId) return;
    if (!row.dismissed_at) await updateRow(db, 'notifications', id, { dismissed_at: new Date().toISOString() });
    const key = hiddenNotificationsKey(userId);
    const hidden = (await getState<string[]>(db, key)) ?? [];
    if (!hidden.includes(id)) await setState(db, key, [id, ...hidden].slice(0, HIDDEN_LIMIT));
  });
}

/** Sets dismissed_at on all of the user's unread notifications; returns how many. */
export async function markAllNotificationsRead(db: MotorlyDb): Promise<number> {
  const userId = await getSessionUserId(db);
  if (!userId) return 0;
  const unread = await db.notifications
    .where('user_id')
    .equals(userId)
    .filter((n) => !n.dismissed_at)
    .toArray();
  const now = new Date().toISOString();
  for (const n of unread) await updateRow(db, 'notifications', n.id, { dismissed_at: now });
  return unread.length;
}
