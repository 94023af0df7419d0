// Where this device keeps the signed-in session: IndexedDB (idb-keyval) rather than localStorage, so the sync
// worker and the service worker read it too. The Supabase clients store it here (sync/supabase-client.ts);
// "clear local data" forgets it with the rest of the device's data.
import { del, get, set } from 'idb-keyval';

export const AUTH_STORAGE_KEY = 'motorly-auth';

/** The shape of supabase-js' SupportedStorage, so this layer need not import supabase-js. */
export interface AuthStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export const idbAuthStorage: AuthStorage = {
  getItem: async (key) => (await get<string>(key)) ?? null,
  setItem: async (key, value) => set(key, value),
  removeItem: async (key) => del(key),
};
