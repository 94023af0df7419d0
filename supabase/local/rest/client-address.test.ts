import { describe, expect, it } from 'vitest';
import { forwardedFor } from './client-address';

describe('forwardedFor', () => {
  it("replaces the client's X-Forwarded-For with the socket address", () => {
    expect(forwardedFor('10.9.8.7, 127.0.0.1', '127.0.0.5', false)).toBe('127.0.0.5');
    expect(forwardedFor(undefined, '::ffff:192.0.2.4', false)).toBe('192.0.2.4');
    expect(forwardedFor(undefined, '2001:db8::1', false)).toBe('2001:db8::1');
    expect(forwardedFor('10.9.8.7', undefined, false)).toBe('unknown');
  });

  it('keeps the header a trusted proxy set, and falls back to the socket without one', () => {
    expect(forwardedFor('198.51.100.2, 10.0.0.1', '10.0.0.1', true)).toBe('198.51.100.2, 10.0.0.1');
    expect(forwardedFor('  ', '10.0.0.1', true)).toBe('10.0.0.1');
  });
});
