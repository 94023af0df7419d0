// Which account the local store belongs to. Signing in claims signed-out bookmarks; signing out
// clears every user table (the auth UI warns first using pendingCountForUser).
import { db as defaultDb, type MotorlyDb } from './db';
import { enqueueCreateForExisting, readWriteContext } from './outbox';
import { REFETCH_KEY } from './sync-store';
import { STATE_KEYS, getSessionUserId, setState } from './sync-state';
import { USER_TABLES, type Bookmark } from './types';

/**
 * Records the signed-in user (or null). Switching to another account clears the previous
 * account's user data first, so one person's rows never show to another.
 */
export async function setSessionUser(db: MotorlyDb, userId: string | null): Promise<void> {
  const previous = await getSessionUserId(db);
  if (previous === userId) return;
  if (previous !== null) await clearUserData(db);
  await setState(db, STATE_KEYS.user, userId);
}

/**
 * Unsynced changes (queued or needing attention) made under this user (default: the current one).
 * The auth UI calls it before signing out, because sign-out clears them.
 */
export async function pendingCountForUser(userId?: string | null, db: MotorlyDb = defaultDb): Promise<number> {
  const uid = userId === undefined ? await getSessionUserId(db) : userId;
  if (!uid) return 0;
  // The user's own changes: queued error reports are the app's diagnostics, not something they made.
  const own = (op: { table: string }) => op.table !== 'error_reports';
  const [a, b] = await Promise.all([
    db.outbox.where('user_id').equals(uid).filter(own).count(),
    db.needs_attention.where('user_id').equals(uid).filter(own).count(),
  ]);
  return a + b;
}

/**
 * Removes all user rows, their queued ops and user-table cursors. Signed-out rows stay (bookmarks,
 * error reports) and so do signed-out ops (error reports waiting to be sent without a user).
 */
export async function clearUserData(db: MotorlyDb): Promise<void> {
  const tables = [...USER_TABLES.map((t) => db.table(t)), db.outbox, db.needs_attention, db.sync_state];
  await db.transaction('rw', tables, async () => {
    for (const t of USER_TABLES) {
      if (t === 'bookmarks') await db.bookmarks.filter((b) => b.user_id !== null).delete();
      else if (t === 'error_reports') await db.error_reports.filter((r) => r.user_id !== null).delete();
      else await db.table(t).clear();
    }
    await db.outbox.filter((op) => op.user_id !== null).delete();
    await db.needs_attention.filter((op) => op.user_id !== null).delete();
    await db.sync_state.bulkDelete([
      ...USER_TABLES.map((t) => STATE_KEYS.cursor(t)),
      STATE_KEYS.deletedCursor,
      STATE_KEYS.user,
      REFETCH_KEY,
    ]);
  });
}

const sameTarget = (a: Bookmark, b: Bookmark) =>
  (a.car_model_id !== null && a.car_model_id === b.car_model_id) ||
  (a.vehicle_listing_id !== null && a.vehicle_listing_id === b.vehicle_listing_id);

/**
 * Gives signed-out bookmarks to the user who just signed in: user_id set and a create op queued.
 * A bookmark the user already has (from the server) is not duplicated: the local copy is dropped.
 * Call after the user's bookmarks were pulled. Returns how many were claimed.
 */
export async function claimSignedOutBookmarks(db: MotorlyDb, userId: string): Promise<number> {
  return db.transaction('rw', db.bookmarks, db.outbox, db.sync_state, async () => {
    const anon = await db.bookmarks.filter((b) => b.user_id === null).toArray();
    if (!anon.length) return 0;
    const [own, ctx] = await Promise.all([
      db.bookmarks.where('user_id').equals(userId).toArray(),
      readWriteContext(db),
    ]);
    let claimed = 0;
    for (const b of anon) {
      if (own.some((o) => sameTarget(o, b))) {
        await db.bookmarks.delete(b.id);
        continue;
      }
      const row: Bookmark = { ...b, user_id: userId };
      await db.bookmarks.put(row);
      await enqueueCreateForExisting(db, ctx, userId, 'bookmarks', row);
      own.push(row);
      claimed++;
    }
    return claimed;
  });
}
