// Sessions, access tokens (HS256, claims as GoTrue issues them) and rotating refresh tokens.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db, Queryable, StackConfig } from '../types';
import { AuthError } from './errors';
import { appMetadata, findUserById, toUserJson, type UserRow } from './users';

/** A revoked token replayed within this window returns the session's current token (GoTrue's default). */
export function refreshReuseIntervalSeconds(): number {
  const n = Number(process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL ?? 10);
  return Number.isFinite(n) && n >= 0 ? n : 10;
}

export type AuthMethod = 'password' | 'otp' | 'recovery' | 'email_change';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | string;
}

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function signAccessToken(
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + config.jwtExpirySeconds;
  const claims = {
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(config.jwtSecret));
  return { token, exp };
}

async function sessionJson(
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amr: { method: string; timestamp: number }[],
): Promise<Record<string, unknown>> {
  const { token, exp } = await signAccessToken(config, user, sessionId, amr);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: toUserJson(user),
  };
}

/** Starts a session for a user (sign-in, sign-up, recovery) and returns the session JSON. */
export async function createSession(
  db: Db,
  config: StackConfig,
  userId: string,
  method: AuthMethod,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<Record<string, unknown>> {
  const refreshToken = newRefreshToken();
  const { user, sessionId, createdAt } = await db.transaction(async (tx) => {
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
    const { rows } = await tx.query<SessionRow>(
      `insert into auth.sessions (user_id, ip, user_agent, auth_method) values ($1, $2, $3, $4)
       returning id, user_id, created_at`,
      [userId, meta.ip ?? null, meta.userAgent ?? null, method],
    );
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      refreshToken,
      userId,
      rows[0].id,
    ]);
    const found = await findUserById(tx, userId);
    if (!found) throw new AuthError(404, 'user_not_found', 'User not found');
    return { user: found, sessionId: rows[0].id, createdAt: rows[0].created_at };
  });
  const ts = Math.floor(new Date(createdAt).getTime() / 1000);
  return sessionJson(config, user, sessionId, refreshToken, [{ method, timestamp: ts }]);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  updated_at: Date | string;
  session_created_at: Date | string;
  auth_method: string;
}

async function activeChild(tx: Queryable, token: string): Promise<string | null> {
  const { rows } = await tx.query<{ token: string }>(
    'select token from auth.refresh_tokens where parent = $1 and not revoked order by id desc limit 1',
    [token],
  );
  return rows[0]?.token ?? null;
}

/**
 * grant_type=refresh_token: rotates the token. A revoked token replayed after the reuse window (or one
 * that is not the parent of the current token) is treated as stolen: the whole session is revoked.
 */
export async function refreshSession(
  db: Db,
  config: StackConfig,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `select t.id, t.token, t.user_id, t.session_id, t.parent, t.revoked, t.updated_at, s.created_at as session_created_at,
         s.auth_method
       from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id where t.token = $1`,
      [refreshToken],
    );
    const row = rows[0];
    if (!row)
      return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    let next: string;
    if (row.revoked) {
      const child = await activeChild(tx, row.token);
      const revokedAgo = (Date.now() - new Date(row.updated_at).getTime()) / 1000;
      if (child && revokedAgo <= refreshReuseIntervalSeconds()) {
        next = child; // concurrent refresh from another tab: hand out the same successor
      } else {
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    } else {
      next = newRefreshToken();
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        next,
        row.user_id,
        row.session_id,
        row.token,
      ]);
      await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
        row.session_id,
      ]);
    }
    const user = await findUserById(tx, row.user_id);
    if (!user) return { error: new AuthError(400, 'user_not_found', 'User not found') };
    return { user, sessionId: row.session_id, next, createdAt: row.session_created_at, method: row.auth_method };
  });
  if ('error' in outcome) throw outcome.error;
  const ts = Math.floor(new Date(outcome.createdAt).getTime() / 1000);
  return sessionJson(config, outcome.user, outcome.sessionId, outcome.next, [
    { method: outcome.method, timestamp: ts },
  ]);
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: number }>('select 1 as ok from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

/** logout: global = every session of the user, local = this one, others = all but this one. */
export async function endSessions(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: string,
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  }
}

/**
 * A password change, as GoTrue's UpdatePassword does it: the user's other sessions end (every session
 * when no session asked, e.g. the admin API), so a refresh token stolen before the change is dead, and
 * every e-mailed code or link still out (recovery, confirmation, e-mail change) is burnt.
 */
export async function afterPasswordChange(tx: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await endSessions(tx, userId, keepSessionId, 'others');
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
  await tx.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_current = '',
       email_change_token_new = '', confirmation_sent_at = null, recovery_sent_at = null,
       email_change_sent_at = null where id = $1`,
    [userId],
  );
}
