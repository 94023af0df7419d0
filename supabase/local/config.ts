// Stack configuration: Supabase CLI conventions (port 54321, demo JWT secret and keys) unless overridden.
import type { StackConfig, StartStackOptions } from './types';
import { DEFAULT_JWT_SECRET, DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY, signDemoKey } from './jwt';

export const DEFAULT_PORT = 54321;
export const DEFAULT_DATA_DIR = '.data/pglite';
export const DEFAULT_SITE_URL = 'http://localhost:5173';
export const MAX_BODY_BYTES = 1024 * 1024;
/** Supabase's default "max rows" for the Data API. */
export const MAX_ROWS = 1000;

/** Builds the config; apiUrl is finalised once the real port is known (port 0 -> ephemeral). */
export async function buildConfig(opts: StartStackOptions, port: number): Promise<StackConfig> {
  const jwtSecret = process.env.JWT_SECRET || DEFAULT_JWT_SECRET;
  const custom = jwtSecret !== DEFAULT_JWT_SECRET;
  return {
    port,
    apiUrl: `http://127.0.0.1:${port}`,
    siteUrl: opts.siteUrl ?? process.env.SITE_URL ?? DEFAULT_SITE_URL,
    jwtSecret,
    // A custom secret needs keys signed with it; the defaults equal `supabase start`'s well-known keys.
    anonKey: custom ? await signDemoKey('anon', jwtSecret) : DEFAULT_ANON_KEY,
    serviceRoleKey: custom ? await signDemoKey('service_role', jwtSecret) : DEFAULT_SERVICE_ROLE_KEY,
    jwtExpirySeconds: opts.jwtExpirySeconds ?? Number(process.env.JWT_EXPIRY ?? 3600),
    maxBodyBytes: MAX_BODY_BYTES,
    trustProxy: process.env.STACK_TRUST_PROXY === '1',
  };
}
