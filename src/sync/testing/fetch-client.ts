// A supabase-js client whose every request goes to `fetch` (tests of what the app's calls send and do with the
// answers, without a server).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export function clientWithFetch(fetch: typeof globalThis.fetch): SupabaseClient {
  return createClient('http://127.0.0.1:9', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch },
  });
}
