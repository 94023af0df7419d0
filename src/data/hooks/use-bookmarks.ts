import { useLiveQuery } from './use-live-query';
import { db } from '../db';
import { findBookmark, type BookmarkTarget } from '../repositories/bookmarks';
import { getSessionUserId } from '../sync-state';
import type { Bookmark } from '../types';
import { useLiveValue } from './use-live-value';

/** The current user's bookmarks (or this device's, signed out), newest first. */
export function useBookmarks(): Bookmark[] | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    const rows = await db.bookmarks.filter((b) => b.user_id === userId).toArray();
    return rows.sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')));
  }, []);
}

/** Whether a car model or listing is bookmarked; undefined while loading. */
export function useIsBookmarked(target: BookmarkTarget): boolean | undefined {
  const key = 'carModelId' in target ? `m:${target.carModelId}` : `l:${target.listingId}`;
  // The bookmark button shows the user's own toggle: rendered as soon as the store answers.
  return useLiveValue(key, async () => (await findBookmark(db, target)) !== undefined);
}
