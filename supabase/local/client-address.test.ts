import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from './client-address';

const none = new Set<string>();

describe('clientAddress', () => {
  it("ignores a client's own X-Forwarded-For: the socket address counts", () => {
    expect(clientAddress('10.9.8.7, 127.0.0.1', '127.0.0.5', none)).toBe('127.0.0.5');
    expect(clientAddress(undefined, '::ffff:192.0.2.4', none)).toBe('192.0.2.4');
    expect(clientAddress(undefined, '2001:db8::1', none)).toBe('2001:db8::1');
    expect(clientAddress('10.9.8.7', undefined, none)).toBe('unknown');
  });

  it('behind a trusted proxy, takes the right-most hop that is not a trusted proxy', () => {
    const trusted = trustedProxies({ STACK_TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' });
    expect(clientAddress('203.0.113.9, 198.51.100.2, 10.0.0.2', '::ffff:10.0.0.1', trusted)).toBe('198.51.100.2');
    expect(clientAddress('  ', '10.0.0.1', trusted)).toBe('10.0.0.1');
    // An untrusted socket's header is not believed even when it names a trusted proxy.
    expect(clientAddress('198.51.100.2', '192.0.2.50', trusted)).toBe('192.0.2.50');
  });

  it('reads the older AUTH_TRUSTED_PROXIES name', () => {
    expect([...trustedProxies({ AUTH_TRUSTED_PROXIES: '10.0.0.3' })]).toEqual(['10.0.0.3']);
    expect([...trustedProxies({ STACK_TRUSTED_PROXIES: '10.0.0.4', AUTH_TRUSTED_PROXIES: '10.0.0.3' })]).toEqual([
      '10.0.0.4',
    ]);
  });
});
