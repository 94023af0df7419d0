// GoTrue-compatible Auth (mounted at /auth/v1): the subset @supabase/supabase-js uses — sign-up
// (auto-confirm, or with e-mail confirmation when AUTH_EMAIL_CONFIRMATIONS=on), password and
// refresh-token grants, user (secure e-mail change), logout, recover/verify, settings, admin.
import bcrypt from 'bcryptjs';
import { Hono, type Context } from 'hono';
import type { StackContext } from '../types';
import { adminRoutes, BCRYPT_COST } from './admin';
import { startEmailChange } from './email-change';
import { API_VERSION, API_VERSION_HEADER, AuthError, errorResponse, invalidCredentials, rateLimited } from './errors';
import { clientIp, obj, readJson, requireClaims, str } from './http';
import { SendInterval } from './limiter';
import { checkedMetadata, mergedMetadata } from './metadata';
import { MSG_INVALID_EMAIL, isValidEmail, weakPasswordError } from './password-policy';
import { safeRedirect, sendRecoveryMail, sendSignupConfirmation } from './recovery';
import { failedSignIns, rateLimitsFromEnv, recordEvent, signUpsFromIp } from './security';
import { afterPasswordChange, createSession, endSessions, refreshSession, sessionExists } from './sessions';
import {
  UserUpdate,
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  lockUserById,
  obfuscatedUserJson,
  toUserJson,
  type UserRow,
} from './users';
import { verifyRoutes } from './verify';

// Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('motorly-timing-equaliser', BCRYPT_COST);

/** AUTH_EMAIL_CONFIRMATIONS=on: new accounts confirm their address before signing in (default off). */
export function emailConfirmationsFromEnv(): boolean {
  return /^(1|on|true|yes)$/i.test(process.env.AUTH_EMAIL_CONFIRMATIONS ?? '');
}

/** GoTrue's answer to an e-mail asked for again too soon (identical for unknown addresses). */
const tooSoon = (seconds: number) =>
  new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`,
  );

const normalEmail = (body: Record<string, unknown>) => (str(body, 'email') ?? '').trim().toLowerCase();

export function authRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const { db, config } = ctx;
  const limits = rateLimitsFromEnv();
  const confirmations = emailConfirmationsFromEnv();
  const mailInterval = new SendInterval(limits.emailIntervalSeconds * 1000);
  /** Mail work runs after the reply, so its timing reveals nothing; a failure is logged, not answered. */
  const afterReply = (work: () => Promise<void>) =>
    void work().catch((err: unknown) => {
      console.error(`Auth mail not sent: ${err instanceof Error ? err.message : String(err)}`);
    });

  app.use('*', async (c, next) => {
    await next();
    c.header(API_VERSION_HEADER, API_VERSION);
  });

  const meta = (c: Context) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? undefined });

  /** The signed-in caller: a valid token whose session still exists (signed-out sessions are gone). */
  async function currentUser(c: Context): Promise<{ user: UserRow; sessionId?: string }> {
    const claims = await requireClaims(c, ctx);
    if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (claims.session_id && !(await sessionExists(db, claims.session_id))) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, sessionId: claims.session_id };
  }

  app.get('/health', (c) =>
    c.json({ version: 'motorly-local', name: 'GoTrue', description: 'Local GoTrue-compatible auth' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: !confirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const body = await readJson(c);
    const ip = clientIp(c);
    const email = normalEmail(body);
    const password = str(body, 'password') ?? '';
    const userMetadata = checkedMetadata('user_metadata', obj(body, 'data') ?? {});
    if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
    const problem = weakPasswordError(password);
    if (problem) throw problem;
    if ((await signUpsFromIp(db, ip)) >= limits.signUp) {
      await recordEvent(db, { type: 'rate_limited', email, ip, details: { action: 'sign_up' } });
      throw rateLimited();
    }
    await recordEvent(db, { type: 'sign_up', email, ip });
    const existing = await findUserByEmail(db, email);
    const redirectTo = safeRedirect(config, c.req.query('redirect_to') ?? str(body, 'redirect_to'), '/');
    if (existing && !confirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
    // Hashed either way, and mail goes out after the reply: a taken address answers in the same time.
    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    if (existing) {
      // With confirmations on, the answer looks like a new sign-up (GoTrue's obfuscated user).
      if (!existing.email_confirmed_at && mailInterval.claim(email) === 0) {
        afterReply(() => sendSignupConfirmation(db, ctx.mailbox, config, existing, redirectTo));
      }
      return c.json(obfuscatedUserJson(email, userMetadata));
    }
    const user = await insertUser(db, {
      email,
      passwordHash,
      confirmed: !confirmations,
      userMetadata,
      appMetadata: {},
    });
    if (!confirmations) return c.json(await createSession(db, config, user.id, 'password', meta(c)));
    mailInterval.claim(email);
    afterReply(() => sendSignupConfirmation(db, ctx.mailbox, config, user, redirectTo));
    return c.json({ ...toUserJson(user), confirmation_sent_at: new Date().toISOString() });
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readJson(c);
    if (grant === 'refresh_token') {
      const token = str(body, 'refresh_token');
      if (!token) throw new AuthError(400, 'validation_failed', 'refresh_token is required');
      return c.json(await refreshSession(db, config, token));
    }
    if (grant !== 'password') {
      throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
    }
    const email = normalEmail(body);
    const password = str(body, 'password') ?? '';
    if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
    const ip = clientIp(c);
    if ((await failedSignIns(db, email, ip)) >= limits.signIn) {
      await recordEvent(db, { type: 'rate_limited', email, ip, details: { action: 'sign_in' } });
      throw rateLimited();
    }
    const user = await findUserByEmail(db, email);
    const hash = user?.encrypted_password || DUMMY_HASH;
    const ok = (await bcrypt.compare(password, hash)) && !!user?.encrypted_password;
    if (!user || !ok) {
      await recordEvent(db, { type: 'sign_in_failed', email, ip, userId: user?.id ?? null });
      throw invalidCredentials();
    }
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
    const session = await createSession(db, config, user.id, 'password', meta(c));
    await recordEvent(db, { type: 'sign_in', email, ip, userId: user.id });
    return c.json(session);
  });

  app.get('/user', async (c) => c.json(toUserJson((await currentUser(c)).user)));

  app.put('/user', async (c) => {
    const { user, sessionId } = await currentUser(c);
    const body = await readJson(c);
    const update = new UserUpdate(user.id);
    const data = obj(body, 'data');
    if (data) checkedMetadata('user_metadata', data); // refused before any other work
    const password = str(body, 'password');
    if (password !== undefined) {
      const problem = weakPasswordError(password);
      if (problem) throw problem;
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      update.set('encrypted_password = ?', await bcrypt.hash(password, BCRYPT_COST));
    }
    const email = str(body, 'email')?.trim().toLowerCase();
    const changeEmail = email !== undefined && email !== user.email;
    if (changeEmail && !isValidEmail(email)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
    if (changeEmail) {
      const wait = mailInterval.claim(`email_change:${user.id}`);
      if (wait > 0) throw tooSoon(wait);
    }
    await db.transaction(async (tx) => {
      if (data) {
        const locked = await lockUserById(tx, user.id);
        update.setMetadata(
          'raw_user_meta_data',
          mergedMetadata('user_metadata', locked?.raw_user_meta_data ?? null, data),
        );
      }
      await update.run(tx);
      // The session that changed the password (the recovery link's, after a reset) is the one kept.
      if (password !== undefined) await afterPasswordChange(tx, user.id, sessionId);
    });
    const ip = clientIp(c);
    if (password !== undefined) {
      const details = { stage: 'changed' };
      await recordEvent(db, { type: 'password_reset', email: user.email, userId: user.id, ip, details });
    }
    if (changeEmail) {
      // Nothing changes until both addresses confirm; the same answer whether or not the address is taken.
      const redirectTo = safeRedirect(config, c.req.query('redirect_to') ?? str(body, 'redirect_to'), '/');
      afterReply(await startEmailChange(db, ctx.mailbox, config, user, email, redirectTo));
      await recordEvent(db, { type: 'email_change_requested', email: user.email, userId: user.id, ip });
    }
    const updated = await findUserById(db, user.id);
    return c.json(toUserJson(updated ?? user));
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', 'Unsupported logout scope');
    }
    const claims = await requireClaims(c, ctx);
    if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    await endSessions(db, claims.sub, claims.session_id, scope);
    await recordEvent(db, {
      type: 'sign_out',
      email: claims.email ?? null,
      userId: claims.sub,
      ip: clientIp(c),
      details: { scope },
    });
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const body = await readJson(c);
    const email = normalEmail(body);
    if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
    const redirectTo = safeRedirect(config, c.req.query('redirect_to') ?? str(body, 'redirect_to'));
    // One mail a minute per address, counted for unknown addresses too, so the answer reveals nothing.
    const wait = mailInterval.claim(email);
    if (wait > 0) throw tooSoon(wait);
    const ip = clientIp(c);
    afterReply(async () => {
      const user = await findUserByEmail(db, email);
      const details = { stage: 'requested' };
      await recordEvent(db, { type: 'password_reset', email, ip, userId: user?.id ?? null, details });
      if (user && !isBanned(user)) await sendRecoveryMail(db, ctx.mailbox, config, user, redirectTo);
    });
    return c.json({});
  });

  app.route('/verify', verifyRoutes(ctx, limits));

  app.route('/admin', adminRoutes(ctx));

  app.notFound((c) => errorResponse(c, new AuthError(404, 'not_found', 'Not found')));
  app.onError((err, c) =>
    errorResponse(c, err instanceof AuthError ? err : new AuthError(500, 'unexpected_failure', 'Unexpected failure')),
  );
  return app;
}
