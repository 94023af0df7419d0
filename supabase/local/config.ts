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
/**
 * What a response may embed through to-many relationships, all levels together: the rows' size
 * plus 64 per row (about 1,700 listings with every column; 1,000 listings plus their price
 * history and models fit). Counted in SQL, so a fan-out stops after a few thousand rows.
 */
export const EMBED_BUDGET_BYTES = 1024 * 1024;
/** Largest Data API response body; a bigger one is refused (PGRST190) rather than sent. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Supabase's statement_timeout for the authenticated role (anon gets the same here). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 8000;

/** The CORS allow-list: explicit list, else CORS_ALLOWED_ORIGINS (comma-separated), else the site's origin. */
export function allowedOriginsFor(siteUrl: string, explicit?: string[]): string[] {
  const raw = explicit ?? (process.env.CORS_ALLOWED_ORIGINS ?? '').split(',');
  const list = raw.map((o) => o.trim()).filter(Boolean);
  if (list.length > 0) return list.map((o) => (o === '*' ? o : new URL(o).origin));
  const site = new URL(siteUrl);
  const origins = [site.origin];
  // The app is opened as localhost or 127.0.0.1 interchangeably on a developer machine.
  if (site.hostname === 'localhost') origins.push(`${site.protocol}//127.0.0.1${site.port ? `:${site.port}` : ''}`);
  if (site.hostname === '127.0.0.1') origins.push(`${site.protocol}//localhost${site.port ? `:${site.port}` : ''}`);
  return origins;
}

function statementTimeout(opts: StartStackOptions): number {
  const value = opts.statementTimeoutMs ?? Number(process.env.STATEMENT_TIMEOUT_MS || DEFAULT_STATEMENT_TIMEOUT_MS);
  if (!Number.isFinite(value) || value < 0) throw new Error(`Invalid statement timeout: ${value}`);
  return Math.trunc(value);
}

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
    allowedOrigins: allowedOriginsFor(opts.siteUrl ?? process.env.SITE_URL ?? DEFAULT_SITE_URL, opts.allowedOrigins),
    statementTimeoutMs: statementTimeout(opts),
  };
}
