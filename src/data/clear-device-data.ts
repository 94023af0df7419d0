// "Clear local data": wipes what this browser holds for Motorly (the local store, the saved sign-in,
// runtime caches, local and session storage). The service worker's precache of the app's own files
// stays, so the app still opens offline after the reload. Server data is untouched.
import { AUTH_STORAGE_KEY, idbAuthStorage } from './auth-storage';
import { db as appDb, type MotorlyDb } from './db';
import { clearLocalStore } from './device-data';

export interface ClearDeviceOptions {
  db?: MotorlyDb;
  caches?: Pick<CacheStorage, 'keys' | 'delete'> | null;
  storages?: Pick<Storage, 'clear'>[];
  /** Forgets the saved sign-in (default: removes the auth session from IndexedDB). */
  forgetSession?: () => Promise<void>;
}

/** Workbox's precache (the app shell): kept so the app still starts offline. */
export const isPrecache = (name: string): boolean => name.startsWith('workbox-precache');

function defaultStorages(): Pick<Storage, 'clear'>[] {
  const list: Pick<Storage, 'clear'>[] = [];
  if (typeof localStorage !== 'undefined') list.push(localStorage);
  if (typeof sessionStorage !== 'undefined') list.push(sessionStorage);
  return list;
}

/** Clears this device's Motorly data. Resolves with the names of the caches it deleted. */
export async function clearDeviceData(opts: ClearDeviceOptions = {}): Promise<string[]> {
  const db = opts.db ?? appDb;
  await clearLocalStore(db);
  await (opts.forgetSession ?? (() => idbAuthStorage.removeItem(AUTH_STORAGE_KEY)))();
  const cacheStorage = opts.caches === undefined ? (typeof caches === 'undefined' ? null : caches) : opts.caches;
  const deleted: string[] = [];
  if (cacheStorage) {
    for (const name of await cacheStorage.keys()) {
      if (isPrecache(name)) continue;
      if (await cacheStorage.delete(name)) deleted.push(name);
    }
  }
  for (const storage of opts.storages ?? defaultStorages()) storage.clear();
  return deleted;
}
