// HS256 JWTs as Supabase issues them (jose). The demo keys are byte-identical to `supabase start`'s.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { JwtClaims } from './types';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const DEMO_EXP = 1983812996;

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

/** A PostgREST-style JWT failure: always 401. */
export class JwtError extends Error {
  readonly status = 401;
  constructor(
    readonly code: 'PGRST301' | 'PGRST303',
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** The long-lived anon / service_role API keys (same payload and key order as the Supabase CLI's). */
export function signDemoKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return signJwt({ iss: 'supabase-demo', role, exp: DEMO_EXP }, secret);
}

/** Verifies an HS256 token (alg none and other algorithms are refused); throws JwtError. */
export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  try {
    // Like GoTrue and PostgREST with a required exp: a token that never expires is refused.
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const role = typeof payload.role === 'string' && payload.role !== '' ? payload.role : 'anon';
    return { ...(payload as Omit<JwtClaims, 'role'>), role } as JwtClaims;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new JwtError('PGRST303', 'JWT expired');
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'exp') {
      throw new JwtError('PGRST303', 'JWT has no expiry (exp) claim');
    }
    if (err instanceof joseErrors.JWTClaimValidationFailed) throw new JwtError('PGRST303', 'JWT claims are invalid');
    throw new JwtError('PGRST301', 'Invalid JWT: the token could not be verified');
  }
}

/**
 * A verifier that remembers tokens it already accepted (until their exp): every request carries a
 * token and HMAC key setup dominates verification. Failures are never cached.
 */
export function createVerifier(secret: string, maxEntries = 2000): (token: string) => Promise<JwtClaims> {
  const cache = new Map<string, JwtClaims>();
  return async (token) => {
    const hit = cache.get(token);
    if (hit && hit.exp !== undefined && hit.exp * 1000 > Date.now()) return { ...hit };
    if (hit) cache.delete(token);
    const claims = await verifyJwt(token, secret);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(token, claims);
    return claims;
  };
}

export function isApiRole(role: string): role is ApiRole {
  return (API_ROLES as readonly string[]).includes(role);
}
