import { useSyncExternalStore } from 'react';
import { useLiveQuery } from './use-live-query';
import { db, type MotorlyDb } from '../db';
import type { BookmarkTarget } from '../repositories/bookmarks';
import { getSessionUserId } from '../sync-state';
import type { Bookmark } from '../types';
import { createLiveStore, type LiveStore } from './use-live-value';

/** The current user's bookmarks (or this device's, signed out), newest first. */
export function useBookmarks(): Bookmark[] | undefined {
  return useLiveQuery(async () => {
    const userId = await getSessionUserId(db);
    const rows = await db.bookmarks.filter((b) => b.user_id === userId).toArray();
    return rows.sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')));
  }, []);
}

const targetKey = (target: BookmarkTarget): string =>
  'carModelId' in target ? `m:${target.carModelId}` : `l:${target.listingId}`;

/** What the user's bookmarks point to, as target keys (a row may name a model and a listing). */
function keysOf(rows: Bookmark[], userId: string | null): Set<string> {
  const keys = new Set<string>();
  for (const b of rows) {
    if (b.user_id !== userId) continue;
    if (b.car_model_id) keys.add(`m:${b.car_model_id}`);
    if (b.vehicle_listing_id) keys.add(`l:${b.vehicle_listing_id}`);
  }
  return keys;
}

/**
 * One live query of the user's bookmarked targets, shared by every bookmark button on screen: a page of cards
 * mounts one button each, and a query per button cost two IndexedDB reads per card mounted (while scrolling)
 * and one more check in every storage change notice. A device holds a handful of bookmarks.
 */
const keyStores = new WeakMap<MotorlyDb, LiveStore<ReadonlySet<string>>>();
function bookmarkKeys(d: MotorlyDb): LiveStore<ReadonlySet<string>> {
  let store = keyStores.get(d);
  if (!store) {
    store = createLiveStore(
      async () => {
        // Both requests in flight together (see findBookmark).
        const [userId, rows] = await Promise.all([getSessionUserId(d), d.bookmarks.toArray()]);
        return keysOf(rows, userId);
      },
      { lingerMs: 2000 },
    );
    keyStores.set(d, store);
  }
  return store;
}

/** Whether a car model or listing is bookmarked; undefined while loading. */
export function useIsBookmarked(target: BookmarkTarget): boolean | undefined {
  const store = bookmarkKeys(db);
  const key = targetKey(target);
  // The bookmark button shows the user's own toggle: rendered as soon as the store answers. A button renders
  // again only when its own answer changes (the snapshot is a boolean).
  const read = () => store.getSnapshot()?.has(key);
  return useSyncExternalStore(store.subscribe, read, read);
}
