// public/_headers (for a static host) must say what scripts/security-headers.ts says `npm start` sends.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appSecurityHeaders, previewSecurityHeaders, staticHostHeadersFile } from '../../scripts/security-headers';

describe('app security headers', () => {
  it('public/_headers is generated from the single source of truth', () => {
    expect(readFileSync('public/_headers', 'utf8')).toBe(staticHostHeadersFile());
  });

  it('allows the API and its websocket, no inline script and no framing', () => {
    const csp = appSecurityHeaders(['http://127.0.0.1:54321'])['Content-Security-Policy'];
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:54321', 'ws://127.0.0.1:54321']);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(appSecurityHeaders(['https://abc.supabase.co'])['Content-Security-Policy']).toContain(
      'wss://abc.supabase.co',
    );
  });

  it('adds the origin the build was made for when it differs from the stack', () => {
    const saved = process.env.VITE_SUPABASE_URL;
    process.env.VITE_SUPABASE_URL = 'https://demo.supabase.co';
    try {
      const csp = previewSecurityHeaders('http://127.0.0.1:54382/')['Content-Security-Policy'];
      expect(csp).toContain(
        "connect-src 'self' http://127.0.0.1:54382 ws://127.0.0.1:54382 https://demo.supabase.co wss://demo.supabase.co;",
      );
    } finally {
      if (saved === undefined) delete process.env.VITE_SUPABASE_URL;
      else process.env.VITE_SUPABASE_URL = saved;
    }
  });
});
