// Bookmarks of car models or listings. Signed out, they are kept on this device (user_id null, no
// outbox op) and claimed on sign-in (see session.ts).
import type { MotorlyDb } from '../db';
import { createRow, deleteRow } from '../outbox';
import { getSessionUserId } from '../sync-state';
import type { Bookmark } from '../types';

export type BookmarkTarget = { carModelId: string } | { listingId: string };

function matches(b: Bookmark, target: BookmarkTarget): boolean {
  return 'carModelId' in target ? b.car_model_id === target.carModelId : b.vehicle_listing_id === target.listingId;
}

/** The current user's (or the signed-out device's) bookmark for a target, if any. */
export async function findBookmark(db: MotorlyDb, target: BookmarkTarget): Promise<Bookmark | undefined> {
  const userId = await getSessionUserId(db);
  const index = 'carModelId' in target ? 'car_model_id' : 'vehicle_listing_id';
  const value = 'carModelId' in target ? target.carModelId : target.listingId;
  const rows = await db.bookmarks.where(index).equals(value).toArray();
  return rows.find((b) => b.user_id === userId && matches(b, target));
}

export async function addBookmark(db: MotorlyDb, target: BookmarkTarget, note = ''): Promise<Bookmark> {
  const existing = await findBookmark(db, target);
  if (existing) return existing;
  return createRow(
    db,
    'bookmarks',
    {
      car_model_id: 'carModelId' in target ? target.carModelId : null,
      vehicle_listing_id: 'listingId' in target ? target.listingId : null,
      note,
    },
    { allowSignedOut: true },
  );
}

export async function removeBookmark(db: MotorlyDb, id: string): Promise<void> {
  await deleteRow(db, 'bookmarks', id, { allowSignedOut: true });
}

/** Adds or removes; returns true when the target is now bookmarked. */
export async function toggleBookmark(db: MotorlyDb, target: BookmarkTarget): Promise<boolean> {
  const existing = await findBookmark(db, target);
  if (existing) {
    await removeBookmark(db, existing.id);
    return false;
  }
  await addBookmark(db, target);
  return true;
}
