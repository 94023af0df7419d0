// Motorly's service worker (built to /sw.js by vite-plugin-pwa, injectManifest strategy):
// - precaches the app shell (the build's asset manifest) so a repeat visit starts from cache;
// - answers every in-app navigation with index.html, so all routes load offline;
// - caches other same-origin assets at runtime, and listing photos within a budget;
// - activates a waiting version when the page asks (the 'New version available!' toast);
// - drains the sync outbox on Background Sync ('motorly-outbox').
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { handleBackgroundSync } from '@/sync/background';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  readonly tag: string;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
}

declare const self: ServiceWorkerScope;

export const OUTBOX_SYNC_TAG = 'motorly-outbox';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Screens prerendered into their own file (src/app/route-table.tsx PRERENDERED_SCREENS) are answered with it,
// so they paint their own content from the cache at once.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/marketplace.html'), { allowlist: [/^\/marketplace\/?(\?|$)/] }),
);

// SPA fallback: any other navigation that is not an API or stack call gets the precached shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/(rest|auth|functions|realtime|mailbox)\/v1\//],
  }),
);

// Same-origin static assets not in the precache (e.g. added after deploy): fast from cache, refreshed behind.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    ['style', 'script', 'image', 'font', 'manifest'].includes(request.destination),
  new StaleWhileRevalidate({
    cacheName: 'motorly-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Dealers' listing photos (Supabase Storage, public bucket listing-photos, originals and resized variants):
// a photo never changes at its path, so the cache answers first; the budget keeps the latest few hundred
// (bookmarked cars' photos, fetched ahead by the page, and those of recently opened listings).
export const LISTING_PHOTO_CACHE = 'motorly-listing-photos';
export const LISTING_PHOTO_PATH = /\/storage\/v1\/(?:render\/image|object)\/public\/listing-photos\//;
registerRoute(
  ({ url, request }) => request.method === 'GET' && LISTING_PHOTO_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: LISTING_PHOTO_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data && data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(handleBackgroundSync());
});
