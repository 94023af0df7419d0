// The Supabase client of the worker and the service worker. It reads the page's session from the
// shared IndexedDB auth storage and does not refresh on a timer (the page's client does); on a 401
// the engine refreshes explicitly. navigatorLock serialises refreshes with the page's client so a
// rotated refresh token is never used twice.
import { createClient, navigatorLock, type SupabaseClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, idbAuthStorage } from './supabase-client';
import { env } from '@/shared/lib/env';

export function createWorkerSupabaseClient(url: string = env.supabaseUrl, anonKey: string = env.supabaseAnonKey): SupabaseClient {
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  return createClient(url, anonKey, {
    auth: {
      storage: idbAuthStorage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...(hasLocks ? { lock: navigatorLock } : {}),
    },
  });
}
