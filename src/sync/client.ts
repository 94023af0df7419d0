// The sync layer's second entry: the page's Supabase client, for the online-only API clients that live with
// their features (src/features/*/api). Kept out of '@/sync' so that the engine's entry does not pull
// supabase-js into the start-up chunks: those features load it with their own code.
export { AUTH_STORAGE_KEY, getSupabase, idbAuthStorage } from './supabase-client';
export type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
