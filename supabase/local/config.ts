// Stack configuration: Supabase CLI conventions (port 54321) with the data directory's own JWT secret
// (secrets.ts); the demo secret and keys only when asked for.
import type { Queryable, StackConfig, StartStackOptions } from './types';
import { resolveSecrets } from './secrets';

export const DEFAULT_PORT = 54321;
export const DEFAULT_DATA_DIR = '.data/pglite';
export const DEFAULT_SITE_URL = 'http://localhost:5173';
export const MAX_BODY_BYTES = 1024 * 1024;
/** Supabase's default "max rows" for the Data API. */
export const MAX_ROWS = 1000;

/** The local inbox is on unless a real mail provider is configured (or STACK_MAILBOX=off). */
export function localMailboxEnabled(opts: StartStackOptions = {}): boolean {
  if (opts.localMailbox !== undefined) return opts.localMailbox;
  if (/^(0|off|false|no)$/i.test(process.env.STACK_MAILBOX ?? '')) return false;
  const transport = process.env.MAIL_TRANSPORT || (process.env.RESEND_API_KEY ? 'resend' : 'mailbox');
  return transport === 'mailbox';
}

/** Builds the config; apiUrl is finalised once the real port is known (port 0 -> ephemeral). */
export async function buildConfig(opts: StartStackOptions, port: number, db?: Queryable): Promise<StackConfig> {
  const { jwtSecret, anonKey, serviceRoleKey } = await resolveSecrets(opts, db);
  return {
    port,
    apiUrl: `http://127.0.0.1:${port}`,
    siteUrl: opts.siteUrl ?? process.env.SITE_URL ?? DEFAULT_SITE_URL,
    jwtSecret,
    anonKey,
    serviceRoleKey,
    localMailbox: localMailboxEnabled(opts),
    jwtExpirySeconds: opts.jwtExpirySeconds ?? Number(process.env.JWT_EXPIRY ?? 3600),
    maxBodyBytes: MAX_BODY_BYTES,
  };
}
