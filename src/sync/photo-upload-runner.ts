// Runs the photo uploader in the page: one tab per origin (a Web Lock of its own), woken by the network
// coming back, a photo queued or retried, the listing's row reaching the server, and its retry timers.
// In the page rather than the sync worker because it uses the page's signed-in supabase-js client. The same
// tab keeps the bookmarked cars' photos fetched, for the service worker's photo cache.
import { db } from '@/data/db';
import { getSessionUserId } from '@/data/sync-queue';
import {
  keepBookmarkedPhotos,
  LISTING_PHOTOS_BUCKET,
  listingAwaitsServer,
  photoOutbox,
  requeueInterruptedPhotoOps,
  watchPhotoOutbox,
} from '@/data/listing-photos';
import { getPageSyncState, subscribePageSyncState } from './page-status';
import { PhotoUploader, type PhotoStorage, type StorageFailure } from './photo-uploader';
import { getSupabase } from './supabase-client';

export const PHOTO_UPLOAD_LOCK = 'motorly-photo-uploads';
/** While a photo waits for its listing's row to reach the server, how often to look again. */
const WAITING_POLL_MS = 1_500;

function failureOf(error: unknown): StorageFailure | null {
  if (!error) return null;
  const e = error as { message?: string; status?: number; statusCode?: string | number };
  const status = Number(e.status ?? e.statusCode);
  return { message: e.message ?? String(error), status: Number.isFinite(status) && status > 0 ? status : undefined };
}

/** supabase-js's Storage client, as the uploader needs it. */
export function supabasePhotoStorage(): PhotoStorage {
  const bucket = () => getSupabase().storage.from(LISTING_PHOTOS_BUCKET);
  return {
    upload: async (path, blob, contentType) =>
      failureOf((await bucket().upload(path, blob, { contentType, upsert: true, cacheControl: '31536000' })).error),
    remove: async (path) => failureOf((await bucket().remove([path])).error),
  };
}

let started = false;

/** Starts this tab's photo uploads (once; the lock keeps it to one tab at a time). */
export function startPhotoUploads(): void {
  if (started || typeof window === 'undefined' || !('locks' in navigator) || typeof indexedDB === 'undefined') return;
  started = true;
  const online = () => navigator.onLine && !getPageSyncState().simulatedOffline;
  const uploader = new PhotoUploader({
    outbox: photoOutbox,
    storage: supabasePhotoStorage(),
    userId: () => getSessionUserId(db),
    isOnline: online,
    awaitsServer: (listingId) => listingAwaitsServer(listingId, db),
    now: () => Date.now(),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wake = async () => {
    clearTimeout(timer);
    await uploader.run();
    if (!online()) return;
    const [next, userId] = await Promise.all([uploader.nextWakeAt(), getSessionUserId(db)]);
    if (next === null || !userId) return;
    // Due now but not sent: its listing's row has not reached the server yet.
    timer = setTimeout(() => void wake(), Math.max(next - Date.now(), 0) || WAITING_POLL_MS);
  };
  void navigator.locks.request(PHOTO_UPLOAD_LOCK, async () => {
    await requeueInterruptedPhotoOps(photoOutbox);
    // Saved cars' photos for offline use (the service worker caches what this fetches, within its budget).
    keepBookmarkedPhotos(db, async (url) => {
      const res = await fetch(url, { mode: 'cors', credentials: 'omit' });
      if (!res.ok) throw new Error(`photo ${res.status}`);
    });
    watchPhotoOutbox(photoOutbox, () => void wake());
    window.addEventListener('online', () => void wake());
    subscribePageSyncState(() => void wake());
    await new Promise<never>(() => undefined);
  });
}
