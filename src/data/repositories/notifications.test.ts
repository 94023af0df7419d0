// Notifications: read and dismiss both set dismissed_at through the outbox (never a delete); a dismissed
// one leaves the list, a read one stays; mark-all-read touches only the unread.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { MotorlyDb } from '../db';
import { loadNotifications } from '../hooks/use-notifications';
import { setSessionUser } from '../session';
import type { AppNotification } from '../types';
import { dismissNotification, markAllNotificationsRead, markNotificationRead } from './notifications';

let db: MotorlyDb;
let n = 0;
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function notification(id: string, createdAt: string, userId = USER): AppNotification {
  return {
    id,
    user_id: userId,
    type: 'price_drop',
    title: `Price drop ${id}`,
    message: '',
    data: {},
    vehicle_listing_id: null,
    alert_type: null,
    dismissed_at: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

beforeEach(async () => {
  db = new MotorlyDb(`test-notifications-${++n}`);
  await setSessionUser(db, USER);
  await db.notifications.bulkPut([
    notification('n1', '2026-11-20T10:00:00.000Z'),
    notification('n2', '2026-11-21T10:00:00.000Z'),
    notification('n3', '2026-11-22T10:00:00.000Z'),
    notification('x1', '2026-11-22T11:00:00.000Z', OTHER),
  ]);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

describe('notifications', () => {
  it('lists the user’s own, newest first', async () => {
    expect((await loadNotifications(db)).map((r) => r.id)).toEqual(['n3', 'n2', 'n1']);
  });

  it('dismissing one sets dismissed_at through the outbox and takes it off the list; nothing is deleted', async () => {
    await dismissNotification(db, 'n2');
    expect((await loadNotifications(db)).map((r) => r.id)).toEqual(['n3', 'n1']);
    expect((await db.notifications.get('n2'))?.dismissed_at).toEqual(expect.any(String));
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ type: 'update', table: 'notifications', row_id: 'n2' });
    expect(Object.keys(ops[0].data)).toEqual(['dismissed_at']);
  });

  it('dismissing an already read one only hides it (no second write)', async () => {
    await markNotificationRead(db, 'n1');
    await dismissNotification(db, 'n1');
    expect((await loadNotifications(db)).map((r) => r.id)).toEqual(['n3', 'n2']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a read one stays in the list, marked read', async () => {
    await markNotificationRead(db, 'n3');
    const list = await loadNotifications(db);
    expect(list.map((r) => r.id)).toEqual(['n3', 'n2', 'n1']);
    expect(list[0].dismissed_at).not.toBeNull();
  });

  it('another user’s notification cannot be dismissed', async () => {
    await dismissNotification(db, 'x1');
    expect((await db.notifications.get('x1'))?.dismissed_at).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('dismissals are per user and outlive a sign-out on this device', async () => {
    await dismissNotification(db, 'n3');
    await setSessionUser(db, OTHER);
    // Switching accounts clears the previous one's rows; the new account pulls its own.
    await db.notifications.bulkPut([notification('x1', '2026-11-22T11:00:00.000Z', OTHER)]);
    expect((await loadNotifications(db)).map((r) => r.id)).toEqual(['x1']);
    await setSessionUser(db, USER);
    await db.notifications.bulkPut([
      notification('n1', '2026-11-20T10:00:00.000Z'),
      notification('n3', '2026-11-22T10:00:00.000Z'),
    ]);
    expect((await loadNotifications(db)).map((r) => r.id)).toEqual(['n1']);
  });

  it('mark all read sets dismissed_at on the unread only and keeps them listed', async () => {
    await markNotificationRead(db, 'n1');
    expect(await markAllNotificationsRead(db)).toBe(2);
    const list = await loadNotifications(db);
    expect(list).toHaveLength(3);
    expect(list.every((r) => r.dismissed_at)).toBe(true);
  });
});
