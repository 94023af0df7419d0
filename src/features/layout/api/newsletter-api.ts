// The footer's newsletter sign-up: rpc('subscribe_newsletter', { email }) answers 204 whether or not
// the address was already on the list (no enumeration), 400 22023 for a malformed address and
// 429 PT429 when the caller signed up too often. It needs a connection: nothing is queued.
import { isValidEmail } from '@/shared/lib/email';
import { getSupabase } from '@/sync/client';

export const NEWSLETTER_MESSAGES = {
  invalid: 'Invalid email format',
  rateLimited: 'Too many attempts. Please try again later.',
  offline: 'You are offline. Signing up needs a connection; please try again when you are back online.',
  failed: 'We could not sign you up just now. Please try again.',
} as const;

export type NewsletterResult = { ok: true } | { ok: false; reason: keyof typeof NEWSLETTER_MESSAGES; message: string };

const fail = (reason: keyof typeof NEWSLETTER_MESSAGES): NewsletterResult => ({
  ok: false,
  reason,
  message: NEWSLETTER_MESSAGES[reason],
});

/** The one call this module makes (supabase-js's client is one; a test passes a stand-in). */
export interface NewsletterRpc {
  rpc(
    fn: 'subscribe_newsletter',
    args: { email: string },
  ): PromiseLike<{ error: { code?: string } | null; status: number }>;
}

/** Signs an address up for the newsletter; never throws. */
export async function subscribeNewsletter(email: string, client?: NewsletterRpc): Promise<NewsletterResult> {
  const address = email.trim();
  if (!isValidEmail(address)) return fail('invalid');
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return fail('offline');
  try {
    const server: NewsletterRpc = client ?? getSupabase();
    const { error, status } = await server.rpc('subscribe_newsletter', {
      email: address,
    });
    if (!error) return { ok: true };
    if (status === 429 || error.code === 'PT429') return fail('rateLimited');
    if (error.code === '22023') return fail('invalid');
    if (status === 0 || !status) return fail('offline');
    return fail('failed');
  } catch {
    return fail('offline');
  }
}
