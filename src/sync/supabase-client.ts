// The one place a browser-side Supabase client is made. Auth tokens live in IndexedDB (data/auth-storage.ts)
// rather than localStorage, so the sync worker and the service worker can act for the signed-in user.
import { createClient, navigatorLock, type SupabaseClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, idbAuthStorage } from '@/data/auth-storage';
import { env } from '@/shared/lib/env';

export { AUTH_STORAGE_KEY, idbAuthStorage };

let shared: SupabaseClient | undefined;

export interface ClientOptions {
  url?: string;
  anonKey?: string;
  /** Workers pass false: only the page's client refreshes tokens, others read them from storage. */
  autoRefreshToken?: boolean;
  /**
   * Serialise token refreshes with the other contexts' clients through a Web Lock, so a rotated
   * refresh token is never used twice (the sync worker and the service worker set it).
   */
  crossContextLock?: boolean;
}

/** Creates a client that stores its session in IndexedDB under AUTH_STORAGE_KEY. */
export function createSupabaseClient(opts: ClientOptions = {}): SupabaseClient {
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  return createClient(opts.url ?? env.supabaseUrl, opts.anonKey ?? env.supabaseAnonKey, {
    auth: {
      storage: idbAuthStorage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: opts.autoRefreshToken ?? true,
      detectSessionInUrl: false,
      ...(opts.crossContextLock && hasLocks ? { lock: navigatorLock } : {}),
    },
  });
}

/** The page-wide client (lazily created). */
export function getSupabase(): SupabaseClient {
  shared ??= createSupabaseClient();
  return shared;
}
