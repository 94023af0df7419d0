import { describe, expect, it } from 'vitest';
import type { ErrorReport } from '@/data/types';
import { browserOf, otherDetails, reporterOf, stackOf } from './error-details';

const report = (metadata: Record<string, unknown>): ErrorReport => ({
  id: 'r1',
  user_id: null,
  message: 'Boom',
  context: { component: 'app', metadata },
  severity: 'high',
  reported_at: '2026-11-28T10:00:00Z',
  resolved: false,
});

describe('error report details', () => {
  it('names the browser and system from a user agent', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 18 on iOS');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox 133 on Linux',
    );
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge 131 on macOS');
    expect(browserOf(undefined)).toBeUndefined();
    expect(browserOf('curl/8.5')).toBe('Unknown browser');
  });

  it('says who reported it', () => {
    expect(reporterOf(null, {})).toBe('A signed-out visitor');
    expect(reporterOf('u1', { u1: 'sam@example.com' })).toBe('sam@example.com');
    expect(reporterOf('u2', { u1: 'sam@example.com' })).toBe('An account since deleted');
    expect(reporterOf('u1', undefined)).toBe('Looking up…');
  });

  it('finds the stack and lists the other details in words', () => {
    const r = report({
      stack: 'Error: Boom\n    at App (app.js:1:2)',
      count: 3,
      status: 503,
      reported_by_user: true,
      time: '2026-11-28T10:00:00.000Z',
      code: null,
      cause: '',
    });
    expect(stackOf(r)).toBe('Error: Boom\n    at App (app.js:1:2)');
    expect(stackOf(report({}))).toBeUndefined();
    expect(otherDetails(r)).toEqual([
      { label: 'HTTP status', value: '503' },
      { label: 'Sent by the user', value: 'Yes' },
      { label: 'Happened at', value: '28 Nov 2026, 10:00:00' },
    ]);
  });
});
