// Notifications are created on the server; the client only marks them read (dismissed_at).
import type { MotorlyDb } from '../db';
import { deleteRow, updateRow } from '../outbox';
import { getSessionUserId } from '../sync-state';

export async function markNotificationRead(db: MotorlyDb, id: string): Promise<void> {
  const row = await db.notifications.get(id);
  if (!row || row.dismissed_at) return;
  await updateRow(db, 'notifications', id, { dismissed_at: new Date().toISOString() });
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

export async function deleteNotification(db: MotorlyDb, id: string): Promise<void> {
  await deleteRow(db, 'notifications', id);
}
