// The app served by `npm start` sends its security headers (issue 9.6), and the app still works
// under them: no Content-Security-Policy violation while it loads data from the API and its socket.
import { expect, test } from './fixtures';

const API_PORT = Number(process.env.E2E_API_PORT ?? 54321);

test('the app responses carry CSP, nosniff, referrer and permissions policies', async ({ page, request }) => {
  for (const path of ['/', '/marketplace', '/sw.js']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain(`connect-src 'self' http://127.0.0.1:${API_PORT} ws://127.0.0.1:${API_PORT}`);
    expect(csp, path).not.toContain('unsafe-inline');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy'], path).toContain('camera=()');
    expect(h['permissions-policy'], path).toContain('microphone=(self)');
  }

  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Listings come from the API (cross-origin, so CORS must answer the app's origin).
  await expect(page.getByText(/[\d,]+ (cars found|of [\d,]+ shown)/)).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});

test('the API answers CORS for the app origin and not for another', async ({ request, baseURL }) => {
  const preflight = (origin: string) =>
    request.fetch(`http://127.0.0.1:${API_PORT}/rest/v1/brands`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
    });
  const app = new URL(baseURL!).origin;
  expect((await preflight(app)).headers()['access-control-allow-origin']).toBe(app);
  const evil = await preflight('https://evil.example');
  expect(evil.status()).toBe(403);
  expect(evil.headers()['access-control-allow-origin']).toBeUndefined();
});
