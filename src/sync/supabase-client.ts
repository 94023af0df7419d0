// The one place a browser-side Supabase client is made. Auth tokens live in IndexedDB (idb-keyval)
// rather than localStorage, so the sync worker and the service worker can act for the signed-in user.
import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import { get, set, del } from 'idb-keyval';
import { env } from '@/shared/lib/env';

export const AUTH_STORAGE_KEY = 'motorly-auth';

export const idbAuthStorage: SupportedStorage = {
  getItem: async (key) => (await get<string>(key)) ?? null,
  setItem: async (key, value) => set(key, value),
  removeItem: async (key) => del(key),
};

let shared: SupabaseClient | undefined;

export interface ClientOptions {
  url?: string;
  anonKey?: string;
  /** Workers pass false: only the page's client refreshes tokens, others read them from storage. */
  autoRefreshToken?: boolean;
}

/** Creates a client that stores its session in IndexedDB under AUTH_STORAGE_KEY. */
export function createSupabaseClient(opts: ClientOptions = {}): SupabaseClient {
  return createClient(opts.url ?? env.supabaseUrl, opts.anonKey ?? env.supabaseAnonKey, {
    auth: {
      storage: idbAuthStorage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: opts.autoRefreshToken ?? true,
      detectSessionInUrl: false,
    },
  });
}

/** The page-wide client (lazily created). */
export function getSupabase(): SupabaseClient {
  shared ??= createSupabaseClient();
  return shared;
}
