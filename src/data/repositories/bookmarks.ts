// Bookmarks of car models or listings. Signed out, they are kept on this device (user_id null, no
// outbox op) and claimed on sign-in (see session.ts).
//
// A toggle is on the path from a click to the screen, so it is one rw transaction with its reads
// issued together and its writes issued together: each await inside an IndexedDB transaction is a
// round trip to the browser's storage process, and each transaction costs more than a request.
import type { MotorlyDb } from '../db';
import { deleteRowInTx, insertRowInTx, readWriteContext, writeTables } from '../outbox';
import { getSessionUserId } from '../sync-state';
import type { Bookmark } from '../types';

export type BookmarkTarget = { carModelId: string } | { listingId: string };

function matches(b: Bookmark, target: BookmarkTarget): boolean {
  return 'carModelId' in target ? b.car_model_id === target.carModelId : b.vehicle_listing_id === target.listingId;
}

/**
 * Every stored bookmark of the target, whoever owns it (the signed-in user's and signed-out ones:
 * a handful at most). The single-column index, because a signed-out row's null user_id is not a
 * valid IndexedDB key and so is missing from the [user_id+...] compound indexes.
 */
function bookmarksOf(db: MotorlyDb, target: BookmarkTarget): Promise<Bookmark[]> {
  return 'carModelId' in target
    ? db.bookmarks.where('car_model_id').equals(target.carModelId).toArray()
    : db.bookmarks.where('vehicle_listing_id').equals(target.listingId).toArray();
}

/** The current user's (or the signed-out device's) bookmark for a target, if any. */
export async function findBookmark(db: MotorlyDb, target: BookmarkTarget): Promise<Bookmark | undefined> {
  // Both requests in flight together, each in its own read transaction: an explicit one would
  // resolve only on its 'complete' event, one more trip to the storage process (live queries run
  // this after every change).
  const [userId, rows] = await Promise.all([getSessionUserId(db), bookmarksOf(db, target)]);
  return rows.find((b) => b.user_id === userId && matches(b, target));
}

function newBookmark(target: BookmarkTarget, note: string) {
  return {
    car_model_id: 'carModelId' in target ? target.carModelId : null,
    vehicle_listing_id: 'listingId' in target ? target.listingId : null,
    note,
  };
}

/** Bookmarks the target unless it already is; returns the (new or existing) bookmark. */
export async function addBookmark(db: MotorlyDb, target: BookmarkTarget, note = ''): Promise<Bookmark> {
  return db.transaction('rw', writeTables(db, 'bookmarks'), async () => {
    const [ctx, rows] = await Promise.all([readWriteContext(db), bookmarksOf(db, target)]);
    const existing = rows.find((b) => b.user_id === ctx.userId && matches(b, target));
    return existing ?? insertRowInTx(db, ctx, 'bookmarks', newBookmark(target, note), { allowSignedOut: true });
  });
}

export async function removeBookmark(db: MotorlyDb, id: string): Promise<void> {
  await db.transaction('rw', writeTables(db, 'bookmarks'), async () => {
    const [ctx, existing] = await Promise.all([readWriteContext(db), db.bookmarks.get(id)]);
    await deleteRowInTx(db, ctx, 'bookmarks', id, existing, { allowSignedOut: true });
  });
}

/**
 * Adds or removes, in ONE transaction: the row change and its outbox op commit together, and no
 * other write can slip between the lookup and the change. Returns true when now bookmarked.
 */
export async function toggleBookmark(db: MotorlyDb, target: BookmarkTarget): Promise<boolean> {
  return db.transaction('rw', writeTables(db, 'bookmarks'), async () => {
    const [ctx, rows] = await Promise.all([readWriteContext(db), bookmarksOf(db, target)]);
    const existing = rows.find((b) => b.user_id === ctx.userId && matches(b, target));
    if (existing) {
      await deleteRowInTx(db, ctx, 'bookmarks', existing.id, existing, { allowSignedOut: true });
      return false;
    }
    await insertRowInTx(db, ctx, 'bookmarks', newBookmark(target, ''), { allowSignedOut: true });
    return true;
  });
}
