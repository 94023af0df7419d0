// GoTrue-compatible Auth (mounted at /auth/v1): the subset @supabase/supabase-js uses — sign-up
// (auto-confirm), password and refresh-token grants, user, logout, recover/verify, settings, admin.
import bcrypt from 'bcryptjs';
import { Hono, type Context } from 'hono';
import type { StackContext } from '../types';
import { adminRoutes, BCRYPT_COST } from './admin';
import { API_VERSION, API_VERSION_HEADER, AuthError, errorResponse, invalidCredentials, rateLimited } from './errors';
import { clientIp, obj, readJson, requireClaims, str } from './http';
import { MSG_INVALID_EMAIL, checkPassword, isValidEmail } from './password-policy';
import { consumeRecoveryToken, safeRedirect, sendRecoveryMail, tokenHash } from './recovery';
import { failedSignIns, rateLimitsFromEnv, recordEvent, signUpsFromIp } from './security';
import { createSession, endSessions, refreshSession, sessionExists } from './sessions';
import { findUserByEmail, findUserById, insertUser, isBanned, toUserJson, type UserRow } from './users';

// Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('motorly-timing-equaliser', BCRYPT_COST);

function weakPassword(password: string): AuthError | null {
  const problem = checkPassword(password);
  return problem
    ? new AuthError(422, 'weak_password', problem.message, { weak_password: { reasons: problem.reasons } })
    : null;
}

export function authRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  const { db, config } = ctx;
  const limits = rateLimitsFromEnv();

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

  app.get('/health', (c) => c.json({ version: 'motorly-local', name: 'GoTrue', description: 'Local GoTrue-compatible auth' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const body = await readJson(c);
    const ip = clientIp(c);
    const email = (str(body, 'email') ?? '').trim().toLowerCase();
    const password = str(body, 'password') ?? '';
    if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
    const problem = weakPassword(password);
    if (problem) throw problem;
    if ((await signUpsFromIp(db, ip)) >= limits.signUp) {
      await recordEvent(db, { type: 'rate_limited', email, ip, details: { action: 'sign_up' } });
      throw rateLimited();
    }
    await recordEvent(db, { type: 'sign_up', email, ip });
    if (await findUserByEmail(db, email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const user = await insertUser(db, {
      email,
      passwordHash: await bcrypt.hash(password, BCRYPT_COST),
      confirmed: true,
      userMetadata: obj(body, 'data') ?? {},
      appMetadata: {},
    });
    return c.json(await createSession(db, config, user.id, 'password', meta(c)));
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
    const email = (str(body, 'email') ?? '').trim().toLowerCase();
    const password = str(body, 'password') ?? '';
    if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
    const ip = clientIp(c);
    if ((await failedSignIns(db, email)) >= limits.signIn) {
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
    const { user } = await currentUser(c);
    const body = await readJson(c);
    const sets: string[] = [];
    const params: unknown[] = [user.id];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      sets.push(sql.replace('?', `$${params.length}`));
    };
    const password = str(body, 'password');
    if (password !== undefined) {
      const problem = weakPassword(password);
      if (problem) throw problem;
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      add('encrypted_password = ?', await bcrypt.hash(password, BCRYPT_COST));
    }
    const email = str(body, 'email');
    if (email !== undefined && email.trim().toLowerCase() !== user.email) {
      const normal = email.trim().toLowerCase();
      if (!isValidEmail(normal)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
      if (await findUserByEmail(db, normal)) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      add('email = ?', normal);
    }
    const data = obj(body, 'data');
    if (data) add("raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ?::jsonb", JSON.stringify(data));
    if (sets.length) {
      await db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
    }
    if (password !== undefined) {
      await recordEvent(db, { type: 'password_reset', email: user.email, userId: user.id, ip: clientIp(c), details: { stage: 'changed' } });
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
    await recordEvent(db, { type: 'sign_out', email: claims.email ?? null, userId: claims.sub, ip: clientIp(c), details: { scope } });
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const body = await readJson(c);
    const email = (str(body, 'email') ?? '').trim().toLowerCase();
    if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', MSG_INVALID_EMAIL);
    const redirectTo = safeRedirect(config, c.req.query('redirect_to') ?? str(body, 'redirect_to'));
    const ip = clientIp(c);
    // The answer never depends on whether the account exists; the mail goes out after the reply.
    void (async () => {
      const user = await findUserByEmail(db, email);
      await recordEvent(db, { type: 'password_reset', email, ip, userId: user?.id ?? null, details: { stage: 'requested' } });
      if (user && !isBanned(user)) await sendRecoveryMail(db, ctx.mailbox, config, user, redirectTo);
    })().catch(() => undefined);
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const type = c.req.query('type');
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(config, c.req.query('redirect_to'));
    const userId = type === 'recovery' && token ? await consumeRecoveryToken(db, token) : null;
    if (!userId) {
      const err = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return c.redirect(`${redirectTo}#${err.toString()}`, 303);
    }
    const session = await createSession(db, config, userId, 'recovery', meta(c));
    const fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type: 'recovery',
    });
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303);
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c);
    const type = str(body, 'type');
    if (type !== 'recovery' && type !== 'email' && type !== 'magiclink') {
      throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    }
    const email = str(body, 'email');
    const token = str(body, 'token');
    const hash = str(body, 'token_hash') ?? (email && token ? tokenHash(email.trim(), token.trim()) : undefined);
    if (!hash) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token_hash');
    const userId = await consumeRecoveryToken(db, hash);
    if (!userId) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    return c.json(await createSession(db, config, userId, 'recovery', meta(c)));
  });

  app.route('/admin', adminRoutes(ctx));

  app.notFound((c) => errorResponse(c, new AuthError(404, 'not_found', 'Not found')));
  app.onError((err, c) =>
    errorResponse(c, err instanceof AuthError ? err : new AuthError(500, 'unexpected_failure', 'Unexpected failure')),
  );
  return app;
}
