// Maps Supabase Auth failures to the SPEC §8 auth messages. Only a few well-known server messages
// (e.g. 'Invalid login credentials') are shown as-is; anything else becomes the generic sentence.

export const AUTH_MESSAGES = {
  rateLimited: 'Too many attempts. Please try again later.',
  network: 'Unable to connect to authentication service. Please try again.',
  generic: 'An error occurred during authentication',
  invalidCredentials: 'Invalid login credentials',
} as const;

// GoTrue error codes whose message is written for end users.
const USER_FACING_CODES = new Set([
  'invalid_credentials',
  'user_already_exists',
  'email_exists',
  'weak_password',
  'same_password',
  'email_not_confirmed',
  'otp_expired',
]);

interface AuthErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

/** A failure the auth screens can show directly: `message` is already friendly. */
export class AuthFailure extends Error {
  readonly cause?: unknown;
  constructor(message: string, cause?: unknown) {
    super(message);
    this.name = 'AuthFailure';
    this.cause = cause;
  }
}

export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthFailure) return error.message;
  const e = (error && typeof error === 'object' ? error : { message: String(error) }) as AuthErrorLike;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';

  if (status === 429 || code === 'over_request_rate_limit' || code === 'over_email_send_rate_limit')
    return AUTH_MESSAGES.rateLimited;
  if (
    name === 'AuthRetryableFetchError' ||
    status === 0 ||
    (status !== undefined && status >= 502 && status <= 504) ||
    /failed to fetch|fetch failed|networkerror|load failed|network request failed/i.test(message)
  )
    return AUTH_MESSAGES.network;
  if (code === 'invalid_credentials' || message === AUTH_MESSAGES.invalidCredentials)
    return AUTH_MESSAGES.invalidCredentials;
  if (code && USER_FACING_CODES.has(code) && message && message.length <= 200) return message;
  return AUTH_MESSAGES.generic;
}

/** Turns any auth error into an AuthFailure with a friendly message. */
export function toAuthFailure(error: unknown): AuthFailure {
  return error instanceof AuthFailure ? error : new AuthFailure(authErrorMessage(error), error);
}
