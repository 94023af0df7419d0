// Write hooks: views call these instead of handing the database to a repository, so no view
// imports `db` (eslint.config.js refuses it) and a test can swap the store in one place.
import { useCallback, useMemo } from 'react';
import { db } from '../db';
import { toggleBookmark, type BookmarkTarget } from '../repositories/bookmarks';
import { discardParkedOp, retryAllParked, retryParkedOp } from '../needs-attention';
import { noteBookmarked } from '@/shared/lib/engagement';

/** Bookmarks the target, or removes its bookmark; resolves to whether it is bookmarked now. */
export function useToggleBookmark(): (target: BookmarkTarget) => Promise<boolean> {
  return useCallback(async (target: BookmarkTarget) => {
    const now = await toggleBookmark(db, target);
    if (now) noteBookmarked(); // real engagement: the install prompt may show
    return now;
  }, []);
}

export interface ParkedOpActions {
  retry: (opId: string) => Promise<void>;
  discard: (opId: string) => Promise<void>;
  retryAll: () => Promise<void>;
}

/** Retry or discard operations parked in "needs attention"; `afterWrite` runs after each (e.g. wake sync). */
export function useParkedOpActions(afterWrite: () => void): ParkedOpActions {
  return useMemo(
    () => ({
      retry: async (opId) => {
        await retryParkedOp(db, opId);
        afterWrite();
      },
      discard: async (opId) => {
        await discardParkedOp(db, opId);
        afterWrite();
      },
      retryAll: async () => {
        await retryAllParked(db);
        afterWrite();
      },
    }),
    [afterWrite],
  );
}
