// /verify (GET for e-mailed links, POST for 6-digit codes and token hashes) for recovery, sign-up
// confirmation and e-mail change. Throttled per client address and per e-mail like GoTrue (token
// buckets, 429 over_request_rate_limit), and an address's live codes are burnt after a few wrong ones.
import { Hono, type Context } from 'hono';
import type { StackContext } from '../types';
import { AuthError, rateLimited } from './errors';
import { SINGLE_CONFIRMATION_MESSAGE, confirmEmailChange } from './email-change';
import { clientIp, readJson, str } from './http';
import { TokenBuckets } from './limiter';
import { consumeOtp, recordWrongOtp, tokenHash, type OtpType } from './otp';
import { safeRedirect } from './recovery';
import type { RateLimits } from './security';
import { createSession, type AuthMethod } from './sessions';

const TOKEN_TYPES: Record<string, readonly OtpType[]> = {
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  signup: ['confirmation_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

type Outcome =
  { kind: 'session'; userId: string; method: AuthMethod; type: string } | { kind: 'single_confirmation' } | null;

const METHOD: Record<OtpType, AuthMethod> = {
  recovery_token: 'recovery',
  confirmation_token: 'otp',
  email_change_token_current: 'email_change',
  email_change_token_new: 'email_change',
};
const LINK_TYPE: Record<OtpType, string> = {
  recovery_token: 'recovery',
  confirmation_token: 'signup',
  email_change_token_current: 'email_change',
  email_change_token_new: 'email_change',
};

export function verifyRoutes(ctx: StackContext, limits: RateLimits): Hono {
  const app = new Hono();
  const { db, config } = ctx;
  const buckets = new TokenBuckets(limits.verify, limits.verifyWindowSeconds * 1000);

  /** Every attempt, right or wrong, takes a token from the address's and the e-mail's bucket. */
  function throttle(c: Context, email: string | undefined): void {
    const byIp = buckets.take(`ip:${clientIp(c)}`);
    const byEmail = email ? buckets.take(`email:${email.trim().toLowerCase()}`) : true;
    if (!byIp || !byEmail) throw rateLimited();
  }

  async function consume(hash: string, types: readonly OtpType[]): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const used = await consumeOtp(tx, hash, types);
      if (!used) return null;
      if (used.type === 'email_change_token_current' || used.type === 'email_change_token_new') {
        if (!(await confirmEmailChange(tx, used))) return { kind: 'single_confirmation' };
      } else {
        const column = used.type === 'recovery_token' ? 'recovery_token' : 'confirmation_token';
        await tx.query(
          `update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
             updated_at = now() where id = $1`,
          [used.userId],
        );
      }
      return { kind: 'session', userId: used.userId, method: METHOD[used.type], type: LINK_TYPE[used.type] };
    });
  }

  const meta = (c: Context) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? undefined });

  app.get('/', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const fallbackPath = type === 'recovery' ? '/password-reset' : '/';
    const redirectTo = safeRedirect(config, c.req.query('redirect_to'), fallbackPath);
    throttle(c, undefined);
    const types = TOKEN_TYPES[type];
    const outcome = types && token ? await consume(token, types) : null;
    if (!outcome) {
      const err = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return c.redirect(`${redirectTo}#${err.toString()}`, 303);
    }
    if (outcome.kind === 'single_confirmation') {
      return c.redirect(`${redirectTo}#${new URLSearchParams({ message: SINGLE_CONFIRMATION_MESSAGE })}`, 303);
    }
    const session = await createSession(db, config, outcome.userId, outcome.method, meta(c));
    const fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type: outcome.type,
    });
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303);
  });

  app.post('/', async (c) => {
    const body = await readJson(c);
    const type = str(body, 'type') ?? '';
    const types = TOKEN_TYPES[type];
    if (!types) throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    const email = str(body, 'email')?.trim().toLowerCase();
    const token = str(body, 'token')?.trim();
    throttle(c, email);
    const hash = str(body, 'token_hash') ?? (email && token ? tokenHash(email, token) : undefined);
    if (!hash) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token_hash');
    const outcome = await consume(hash, types);
    if (!outcome) {
      if (email && token) await recordWrongOtp(db, email, types, limits.otpMaxAttempts);
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    }
    if (outcome.kind === 'single_confirmation') return c.json({ msg: SINGLE_CONFIRMATION_MESSAGE, code: 200 });
    return c.json(await createSession(db, config, outcome.userId, outcome.method, meta(c)));
  });

  return app;
}
