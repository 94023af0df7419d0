// The Supabase client of the worker and the service worker: the page's session from the shared
// IndexedDB auth storage, no refresh on a timer (the page's client does that; on a 401 the engine
// refreshes explicitly), refreshes serialised with the page's client through a Web Lock.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSupabaseClient } from './supabase-client';

export function createWorkerSupabaseClient(url?: string, anonKey?: string): SupabaseClient {
  return createSupabaseClient({ url, anonKey, autoRefreshToken: false, crossContextLock: true });
}
