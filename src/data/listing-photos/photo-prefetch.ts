// Bookmarked cars' photos, fetched ahead so the service worker's photo cache (sw/sw.ts, CacheFirst within
// a budget) has them when the shopper opens a saved car offline. Recently opened listings need nothing:
// their photos were cached as they were shown.
import { liveQuery } from 'dexie';
import type { MotorlyDb } from '../db';
import { photoUrl, type PhotoWidth } from './photo-files';

/** Saved cars whose photos are kept, newest bookmark first, and how many photos of each. */
export const PREFETCH_LISTINGS = 24;
export const PREFETCH_PHOTOS_PER_LISTING = 6;

/** The photo URLs to keep for the bookmarked listings: the cover at card and page sizes, the rest at page size. */
export async function bookmarkedPhotoUrls(store: MotorlyDb): Promise<string[]> {
  const bookmarks = (await store.bookmarks.toArray())
    .filter((b) => b.vehicle_listing_id)
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))
    .slice(0, PREFETCH_LISTINGS);
  const listings = await store.vehicle_listings.bulkGet(bookmarks.map((b) => b.vehicle_listing_id!));
  const urls: string[] = [];
  for (const l of listings) {
    const photos = l?.photos ?? [];
    photos.slice(0, PREFETCH_PHOTOS_PER_LISTING).forEach((path, i) => {
      const widths: PhotoWidth[] = i === 0 ? [320, 640] : [640];
      for (const w of widths) urls.push(photoUrl(path, w));
    });
  }
  return urls;
}

/**
 * Keeps the bookmarked cars' photos fetched: now, and whenever the bookmarks or their photos change.
 * `fetchPhoto` goes through the service worker, which caches the answer. Returns the stop.
 */
export function keepBookmarkedPhotos(store: MotorlyDb, fetchPhoto: (url: string) => Promise<unknown>): () => void {
  const fetched = new Set<string>();
  const sub = liveQuery(() => bookmarkedPhotoUrls(store)).subscribe({
    next: (urls) => {
      for (const url of urls) {
        if (fetched.has(url)) continue;
        fetched.add(url);
        // A photo that fails (offline, not uploaded yet) is tried again on the next change.
        fetchPhoto(url).catch(() => fetched.delete(url));
      }
    },
  });
  return () => sub.unsubscribe();
}
