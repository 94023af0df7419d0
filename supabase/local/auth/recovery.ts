// Password recovery as GoTrue does it: a 6-digit code and a link carrying sha224(email + code);
// /verify accepts either (token_hash, or email + token) once, within an hour.
import { createHash, randomInt } from 'node:crypto';
import type { Db, Mailbox, StackConfig } from '../types';
import { MAIL_FROM, renderPasswordRecovery } from '../../functions/_shared/templates';
import type { UserRow } from './users';

export const RECOVERY_TTL_MINUTES = 60;

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email.toLowerCase() + otp).digest('hex');
}

/** Only links back to the site (same origin) are honoured; anything else falls back to /password-reset. */
export function safeRedirect(config: StackConfig, requested: string | undefined | null): string {
  const fallback = `${config.siteUrl.replace(/\/$/, '')}/password-reset`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested);
    const site = new URL(config.siteUrl);
    return url.origin === site.origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

export async function sendRecoveryMail(
  db: Db,
  mailbox: Mailbox,
  config: StackConfig,
  user: UserRow,
  redirectTo: string,
): Promise<void> {
  const email = (user.email ?? '').toLowerCase();
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(email, otp);
  await db.transaction(async (tx) => {
    await tx.query("delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'", [user.id]);
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at)
       values ($1, 'recovery_token', $2, $3, now() + make_interval(mins => $4))`,
      [user.id, hash, email, RECOVERY_TTL_MINUTES],
    );
    await tx.query(
      'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1',
      [user.id, hash],
    );
  });
  const link =
    `${config.apiUrl}/auth/v1/verify?token=${encodeURIComponent(hash)}&type=recovery` +
    `&redirect_to=${encodeURIComponent(redirectTo)}`;
  const mail = renderPasswordRecovery({ link, otp });
  await mailbox.send({ to: email, from: MAIL_FROM, ...mail, template: 'password_recovery' });
}

/** Consumes a recovery token; returns the user id or null when it is unknown, used or expired. */
export async function consumeRecoveryToken(db: Db, hash: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update auth.one_time_tokens set consumed_at = now(), updated_at = now()
       where token_hash = $1 and token_type = 'recovery_token' and consumed_at is null and expires_at > now()
       returning user_id`,
      [hash],
    );
    const userId = rows[0]?.user_id ?? null;
    if (userId) {
      await tx.query(
        `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
           updated_at = now() where id = $1`,
        [userId],
      );
    }
    return userId;
  });
}
