// One-time e-mail codes as GoTrue issues them: a 6-digit code and a link carrying sha224(email + code),
// stored hashed in auth.one_time_tokens; each is single-use, expires, and is burnt after too many
// wrong codes for its address.
import { createHash, randomInt } from 'node:crypto';
import type { Db, Queryable } from '../types';

export type OtpType = 'confirmation_token' | 'recovery_token' | 'email_change_token_current' | 'email_change_token_new';

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

/** Replaces the user's token of this type with a fresh one sent to `address`; returns code and hash. */
export async function issueOtp(
  tx: Queryable,
  userId: string,
  type: OtpType,
  address: string,
  ttlMinutes: number,
): Promise<{ otp: string; hash: string }> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(address, otp);
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [userId, type, hash, address.toLowerCase(), ttlMinutes],
  );
  return { otp, hash };
}

export interface ConsumedOtp {
  userId: string;
  type: OtpType;
  address: string;
}

/** Marks a live token of one of `types` used; null when it is unknown, used, burnt or expired. */
export async function consumeOtp(tx: Queryable, hash: string, types: readonly OtpType[]): Promise<ConsumedOtp | null> {
  const { rows } = await tx.query<{ user_id: string; token_type: OtpType; relates_to: string }>(
    `update auth.one_time_tokens set consumed_at = now(), updated_at = now()
     where token_hash = $1 and token_type = any($2::text[]) and consumed_at is null and expires_at > now()
     returning user_id, token_type, relates_to`,
    [hash, `{${types.join(',')}}`],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, type: row.token_type, address: row.relates_to } : null;
}

/** A wrong code for `address`: counts against its live tokens and burns them at `maxAttempts`. */
export async function recordWrongOtp(
  db: Db,
  address: string,
  types: readonly OtpType[],
  maxAttempts: number,
): Promise<void> {
  await db.query(
    `update auth.one_time_tokens
     set failed_attempts = failed_attempts + 1, updated_at = now(),
         consumed_at = case when failed_attempts + 1 >= $3 then now() else consumed_at end
     where relates_to = lower($1) and token_type = any($2::text[]) and consumed_at is null`,
    [address, `{${types.join(',')}}`, maxAttempts],
  );
}
