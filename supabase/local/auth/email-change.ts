// GoTrue's secure e-mail change: PUT /user {email} only records new_email and mails a code to both
// the current and the new address; the address changes once both have been confirmed (verify type
// 'email_change'). An address that belongs to another account gets the same answer and no mail.
import type { Db, Mailbox, Queryable, StackConfig } from '../types';
import { MAIL_FROM, renderEmailChange } from '../../functions/_shared/templates';
import { AuthError } from './errors';
import { issueOtp, type ConsumedOtp } from './otp';
import { CONFIRMATION_TTL_MINUTES, verifyLink } from './recovery';
import { findUserByEmail, type UserRow } from './users';

export const SINGLE_CONFIRMATION_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * Records the pending change and its codes; returns the mail delivery, for the caller to run after
 * the reply (so a taken address, which gets no mail, answers in the same time).
 */
export async function startEmailChange(
  db: Db,
  mailbox: Mailbox,
  config: StackConfig,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<() => Promise<void>> {
  const current = (user.email ?? '').toLowerCase();
  const owner = await findUserByEmail(db, newEmail);
  const takenByOther = owner !== null && owner.id !== user.id;
  const codes = await db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1
       and token_type in ('email_change_token_current', 'email_change_token_new')`,
      [user.id],
    );
    const toCurrent = await issueOtp(tx, user.id, 'email_change_token_current', current, CONFIRMATION_TTL_MINUTES);
    // No code for an address someone else owns: the change can never complete, and its owner hears nothing.
    const toNew = takenByOther
      ? null
      : await issueOtp(tx, user.id, 'email_change_token_new', newEmail, CONFIRMATION_TTL_MINUTES);
    await tx.query(
      `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
         email_change_token_current = $3, email_change_token_new = $4, updated_at = now() where id = $1`,
      [user.id, newEmail, toCurrent.hash, toNew?.hash ?? ''],
    );
    return { toCurrent, toNew };
  });
  const send = async (to: string, code: { otp: string; hash: string }, toCurrent: boolean) => {
    const link = verifyLink(config, code.hash, 'email_change', redirectTo);
    const mail = renderEmailChange({ link, otp: code.otp, newEmail, toCurrent });
    await mailbox.send({ to, from: MAIL_FROM, ...mail, template: 'email_change' });
  };
  return async () => {
    await send(current, codes.toCurrent, true);
    if (codes.toNew) await send(newEmail, codes.toNew, false);
  };
}

/**
 * After one side's code was consumed (inside the verify transaction): the first confirmation only
 * records itself; the second moves the address. Returns whether the change is now complete.
 */
export async function confirmEmailChange(tx: Queryable, consumed: ConsumedOtp): Promise<boolean> {
  const { rows } = await tx.query<{ email_change: string | null; email_change_confirm_status: number | null }>(
    'select email_change, email_change_confirm_status from auth.users where id = $1 for update',
    [consumed.userId],
  );
  const pending = rows[0];
  if (!pending?.email_change) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  if ((pending.email_change_confirm_status ?? 0) === 0) {
    await tx.query('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [
      consumed.userId,
    ]);
    return false;
  }
  const taken = await tx.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [
    pending.email_change,
    consumed.userId,
  ]);
  if (taken.rows.length) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
       email_change_confirm_status = 0, email_change_token_current = '', email_change_token_new = '',
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [consumed.userId],
  );
  return true;
}
