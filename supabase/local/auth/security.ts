// Security events (public.security_events, written as the table owner so RLS never blocks them) and
// the rate limits of SPEC §9 counted from them: failed sign-ins per e-mail, sign-ups per client IP.
import type { Queryable } from '../types';

export const RATE_WINDOW_MINUTES = 15;

export interface RateLimits {
  signIn: number;
  signUp: number;
}

function limitFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Read once when the Auth routes are built (stack start), so an e2e server can raise them. */
export function rateLimitsFromEnv(): RateLimits {
  return { signIn: limitFromEnv('AUTH_RATE_LIMIT_SIGNIN', 5), signUp: limitFromEnv('AUTH_RATE_LIMIT_SIGNUP', 3) };
}

export type SecurityEventType =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_up'
  | 'rate_limited'
  | 'password_reset'
  | 'password_reset_requested'
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

async function countSince(db: Queryable, type: SecurityEventType, column: 'email' | 'ip', value: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `select count(*)::int as n from public.security_events
     where event_type = $1 and ${column === 'email' ? 'email' : 'ip'} = $2
       and created_at > now() - make_interval(mins => $3)`,
    [type, value, RATE_WINDOW_MINUTES],
  );
  return Number(rows[0]?.n ?? 0);
}

export function failedSignIns(db: Queryable, email: string): Promise<number> {
  return countSince(db, 'sign_in_failed', 'email', email.toLowerCase());
}

export function signUpsFromIp(db: Queryable, ip: string): Promise<number> {
  return countSince(db, 'sign_up', 'ip', ip);
}
