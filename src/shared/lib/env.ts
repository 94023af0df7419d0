// Where the backend lives. Defaults match `supabase start` conventions and the embedded stack, so a
// fresh clone works with no configuration; set VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY at build
// time to point the app at a hosted Supabase project.
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321';
/** The well-known local-development anon key (HS256, role anon), same as `supabase start`. */
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

// Undefined outside Vite (Node scripts and tests that import this module).
const viteEnv: Partial<ImportMetaEnv> = import.meta.env ?? {};

export const env = {
  supabaseUrl: viteEnv.VITE_SUPABASE_URL || DEFAULT_SUPABASE_URL,
  supabaseAnonKey: viteEnv.VITE_SUPABASE_ANON_KEY || DEFAULT_ANON_KEY,
  /**
   * The Data API as the head script's early request for a shared listing link reaches it: the app's own
   * origin when the host proxies it there (VITE_EARLY_API_URL, e.g. `/supabase`; `npm start` does), which
   * spares that request a DNS lookup and a new connection to another host; else the Data API's own address.
   */
  earlyApiUrl: viteEnv.VITE_EARLY_API_URL || viteEnv.VITE_SUPABASE_URL || DEFAULT_SUPABASE_URL,
  /** package.json's version, set by vite.config.ts at build time (error reports carry it). */
  appVersion: viteEnv.VITE_APP_VERSION || '0.0.0-dev',
};
