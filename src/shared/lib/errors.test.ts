import { describe, expect, it } from 'vitest';
import { classifyError, errorSeverity, errorTitle, friendlyMessage, shouldNotify, FRIENDLY_MESSAGES } from './errors';

describe('friendlyMessage', () => {
  it.each([
    [new TypeError('Failed to fetch'), 'Please check your internet connection and try again.'],
    [
      { message: 'NetworkError when attempting to fetch resource.' },
      'Please check your internet connection and try again.',
    ],
    [
      { message: 'new row violates row-level security policy', code: '42501' },
      'You do not have permission to perform this action.',
    ],
    [{ message: 'Forbidden', status: 403 }, 'You do not have permission to perform this action.'],
    [
      { message: 'Cannot coerce the result to a single JSON object', code: 'PGRST116' },
      'The requested information could not be found.',
    ],
    [{ message: 'Not Found', status: 404 }, 'The requested information could not be found.'],
    [new Error('Request timed out'), 'The request timed out. Please try again.'],
    [
      { message: 'JWT expired', code: 'PGRST303', status: 401 },
      'There was a problem with authentication. Please try signing in again.',
    ],
    [
      { message: 'duplicate key value violates unique constraint "x"', code: '23505' },
      'There was a problem accessing the data. Please try again.',
    ],
    [new Error('boom'), 'An unexpected error occurred. Please try again or contact support if the problem persists.'],
    ['weird', FRIENDLY_MESSAGES.unknown],
    [null, FRIENDLY_MESSAGES.unknown],
  ])('maps %o', (error, expected) => {
    expect(friendlyMessage(error)).toBe(expected);
  });

  it('uses the component to recognise authentication errors', () => {
    expect(classifyError(new Error('boom'), { component: 'AuthScreen' })).toBe('auth');
  });

  it('never returns raw server text', () => {
    const msg = friendlyMessage({ message: 'syntax error at or near "DROP TABLE"', code: '42601' });
    expect(msg).toBe(FRIENDLY_MESSAGES.database);
  });
});

describe('errorSeverity', () => {
  it('API 5xx is high, other API errors medium', () => {
    expect(errorSeverity({ message: 'Internal', status: 500 })).toBe('high');
    expect(errorSeverity({ message: 'Bad Gateway', status: 502 })).toBe('high');
    expect(errorSeverity({ message: 'Bad request', status: 400 })).toBe('medium');
  });
  it('auth and database errors are high', () => {
    expect(errorSeverity({ message: 'Invalid JWT', status: 401 })).toBe('high');
    expect(errorSeverity({ message: 'x', code: '23503' })).toBe('high');
  });
  it('global errors in the first 3 s are low and show no toast', () => {
    const early = errorSeverity(new Error('x'), { global: true, sinceStartMs: 2999 });
    expect(early).toBe('low');
    expect(shouldNotify(early)).toBe(false);
    expect(errorSeverity(new Error('x'), { global: true, sinceStartMs: 3000 })).toBe('medium');
  });
  it('titles', () => {
    expect(errorTitle('high')).toBe('Critical Error');
    expect(errorTitle('medium')).toBe('Something went wrong');
    expect(shouldNotify('medium')).toBe(true);
  });
});
