import { describe, expect, it } from 'vitest';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { authErrorMessage } from './auth-errors';

describe('authErrorMessage', () => {
  it('429 is rate limited', () => {
    expect(authErrorMessage(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'))).toBe(
      'Too many attempts. Please try again later.',
    );
  });
  it('network failures', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'Unable to connect to authentication service. Please try again.',
    );
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Unable to connect to authentication service. Please try again.',
    );
  });
  it('shows the server text for invalid credentials and known user-facing codes', () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid login credentials',
    );
    expect(authErrorMessage(new AuthApiError('User already registered', 422, 'user_already_exists'))).toBe(
      'User already registered',
    );
  });
  it('anything else is generic', () => {
    expect(authErrorMessage(new AuthApiError('relation "auth.users" does not exist', 500, 'unexpected_failure'))).toBe(
      'An error occurred during authentication',
    );
    expect(authErrorMessage(new Error('boom'))).toBe('An error occurred during authentication');
    expect(authErrorMessage(undefined)).toBe('An error occurred during authentication');
  });
});
