// The e-mails Auth sends (recovery, sign-up confirmation) and the links in them: GoTrue's
// /auth/v1/verify link carrying sha224(email + code), which redirects only to the site's own origin.
import type { Db, Mailbox, StackConfig } from '../types';
import { MAIL_FROM, renderPasswordRecovery, renderSignupConfirmation } from '../../functions/_shared/templates';
import { issueOtp } from './otp';
import type { UserRow } from './users';

export const RECOVERY_TTL_MINUTES = 60;
export const CONFIRMATION_TTL_MINUTES = 24 * 60;

export type VerifyLinkType = 'recovery' | 'signup' | 'email_change';

/**
 * Only links back to the site (SITE_URL's origin) are honoured; anything else falls back to
 * `fallbackPath` on the site (recovery: /password-reset; confirmations: the home page).
 */
export function safeRedirect(
  config: StackConfig,
  requested: string | undefined | null,
  fallbackPath = '/password-reset',
): string {
  const site = new URL(config.siteUrl);
  const fallback = new URL(fallbackPath, site).toString();
  if (!requested) return fallback;
  try {
    const url = new URL(requested);
    return url.origin === site.origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

export function verifyLink(config: StackConfig, hash: string, type: VerifyLinkType, redirectTo: string): string {
  return (
    `${config.apiUrl}/auth/v1/verify?token=${encodeURIComponent(hash)}&type=${type}` +
    `&redirect_to=${encodeURIComponent(redirectTo)}`
  );
}

export async function sendRecoveryMail(
  db: Db,
  mailbox: Mailbox,
  config: StackConfig,
  user: UserRow,
  redirectTo: string,
): Promise<void> {
  const email = (user.email ?? '').toLowerCase();
  const { otp, hash } = await db.transaction(async (tx) => {
    const issued = await issueOtp(tx, user.id, 'recovery_token', email, RECOVERY_TTL_MINUTES);
    await tx.query(
      'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1',
      [user.id, issued.hash],
    );
    return issued;
  });
  const mail = renderPasswordRecovery({ link: verifyLink(config, hash, 'recovery', redirectTo), otp });
  await mailbox.send({ to: email, from: MAIL_FROM, ...mail, template: 'password_recovery' });
}

export async function sendSignupConfirmation(
  db: Db,
  mailbox: Mailbox,
  config: StackConfig,
  user: UserRow,
  redirectTo: string,
): Promise<void> {
  const email = (user.email ?? '').toLowerCase();
  const { otp, hash } = await db.transaction(async (tx) => {
    const issued = await issueOtp(tx, user.id, 'confirmation_token', email, CONFIRMATION_TTL_MINUTES);
    await tx.query(
      'update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1',
      [user.id, issued.hash],
    );
    return issued;
  });
  const mail = renderSignupConfirmation({ link: verifyLink(config, hash, 'signup', redirectTo), otp });
  await mailbox.send({ to: email, from: MAIL_FROM, ...mail, template: 'signup_confirmation' });
}
