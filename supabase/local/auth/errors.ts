// GoTrue error bodies ({code, message}) and the API-version header auth-js needs to read `code`.
import type { Context } from 'hono';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export function errorResponse(c: Context, err: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION);
  return c.json({ code: err.code, message: err.message, ...err.extra }, err.status);
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const rateLimited = () =>
  new AuthError(429, 'over_request_rate_limit', 'Too many attempts. Please try again later.');
export const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
