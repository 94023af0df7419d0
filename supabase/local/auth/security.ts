// Security events (public.security_events, written as the table owner so RLS never blocks them) and
// the rate limits of SPEC §9 counted from them: failed sign-ins per e-mail and client address (an
// attacker throttles only himself), sign-ups per client address. Plus GoTrue's in-memory limits.
import type { Queryable } from '../types';

export const RATE_WINDOW_MINUTES = 15;

export interface RateLimits {
  signIn: number;
  signUp: number;
  /** /verify requests per e-mail and per client address in `verifyWindowSeconds` (GoTrue: 30 / 5 min). */
  verify: number;
  verifyWindowSeconds: number;
  /** Wrong codes for an address before its live codes are burnt. */
  otpMaxAttempts: number;
  /** Minimum seconds between two auth e-mails to one address (GoTrue's SMTP max frequency). */
  emailIntervalSeconds: number;
}

function limitFromEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
}

/** Read once when the Auth routes are built (stack start), so an e2e server can raise them. */
export function rateLimitsFromEnv(): RateLimits {
  return {
    signIn: limitFromEnv('AUTH_RATE_LIMIT_SIGNIN', 5),
    signUp: limitFromEnv('AUTH_RATE_LIMIT_SIGNUP', 3),
    verify: limitFromEnv('AUTH_RATE_LIMIT_VERIFY', 30),
    verifyWindowSeconds: limitFromEnv('AUTH_RATE_LIMIT_VERIFY_WINDOW_SECONDS', 300),
    otpMaxAttempts: limitFromEnv('AUTH_OTP_MAX_ATTEMPTS', 5),
    emailIntervalSeconds: limitFromEnv('AUTH_EMAIL_MAX_FREQUENCY_SECONDS', 60, 0),
  };
}

export type SecurityEventType =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_up'
  | 'rate_limited'
  | 'password_reset'
  | 'password_reset_requested'
  | 'email_change_requested'
  | 'email_changed'
  | 'sign_out';

export interface SecurityEvent {
  type: SecurityEventType;
  email?: string | null;
  userId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function recordEvent(db: Queryable, ev: SecurityEvent): Promise<void> {
  await db.query(
    `insert into public.security_events (event_type, email, user_id, ip, details) values ($1, $2, $3, $4, $5::jsonb)`,
    [ev.type, ev.email?.toLowerCase() ?? null, ev.userId ?? null, ev.ip ?? null, JSON.stringify(ev.details ?? {})],
  );
}

async function countSince(db: Queryable, type: SecurityEventType, where: string, values: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `select count(*)::int as n from public.security_events
     where event_type = $1 and ${where} and created_at > now() - make_interval(mins => $2)`,
    [type, RATE_WINDOW_MINUTES, ...values],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Failed sign-ins for this e-mail from this client address (not from anyone: no lock-out by others). */
export function failedSignIns(db: Queryable, email: string, ip: string): Promise<number> {
  return countSince(db, 'sign_in_failed', 'email = $3 and ip = $4', [email.toLowerCase(), ip]);
}

export function signUpsFromIp(db: Queryable, ip: string): Promise<number> {
  return countSince(db, 'sign_up', 'ip = $3', [ip]);
}
