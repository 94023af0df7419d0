// Request helpers shared by the Auth routes.
import type { Context } from 'hono';
import type { JwtClaims, StackContext } from '../types';
import { AuthError, badJson } from './errors';

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badJson();
}

export function str(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  return typeof v === 'string' ? v : undefined;
}

export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export { clientIp } from '../client-address';

export function bearerToken(c: Context): string | null {
  const auth = c.req.header('authorization');
  if (!auth || !/^bearer\s+/i.test(auth)) return null;
  const token = auth.replace(/^bearer\s+/i, '').trim();
  return token || null;
}

/** Verifies the caller's JWT the way GoTrue does: 401 without a token, 403 bad_jwt when unusable. */
export async function requireClaims(c: Context, ctx: StackContext): Promise<JwtClaims> {
  const token = bearerToken(c);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  let claims: JwtClaims;
  try {
    claims = await ctx.verifyJwt(token);
  } catch (err) {
    const expired = err instanceof Error && /expired/i.test(err.message);
    throw new AuthError(
      403,
      'bad_jwt',
      expired
        ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
        : 'invalid JWT: unable to parse or verify signature, signature is invalid',
    );
  }
  return claims;
}

export async function requireServiceRole(c: Context, ctx: StackContext): Promise<void> {
  const claims = await requireClaims(c, ctx);
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
}
