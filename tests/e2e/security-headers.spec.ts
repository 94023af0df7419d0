// The app served by `npm start` sends its security headers (issue 9.6), and the app still works
// under them: no Content-Security-Policy violation while it loads data from the API and its socket.
import { createHash } from 'node:crypto';
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

/** A CSP directive's sources. */
const sources = (csp: string, name: string) =>
  new Set(
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1),
  );
/** The hashes of a page's inline blocks of `tag` (no attributes: data blocks have a type and are not run). */
const inlineHashes = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );

test("the CSP allows the pages' inline head script and styles by hash, and nothing else inline", async ({
  request,
}) => {
  const pages = await Promise.all(['/', '/marketplace'].map((path) => request.get(path)));
  const htmls = await Promise.all(pages.map((res) => res.text()));
  const csp = pages[0].headers()['content-security-policy'] ?? '';
  expect(pages[1].headers()['content-security-policy']).toBe(csp);
  for (const html of htmls) {
    // The first paint needs the HTML alone: the head script and the stylesheets are in it.
    expect(inlineHashes(html, 'script')).toHaveLength(1);
    expect(inlineHashes(html, 'style').length).toBeGreaterThan(2);
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*href="[^"]*"(?! disabled)>/);
  }
  // Exactly the build's blocks: 'self' and the hashes of what these pages hold.
  for (const tag of ['script', 'style'] as const)
    expect(sources(csp, `${tag}-src`)).toEqual(new Set(["'self'", ...htmls.flatMap((h) => inlineHashes(h, tag))]));
});

test("an inline script or style that is not the build's own is refused", async ({ page }) => {
  await page.route('**/marketplace', async (route) => {
    const res = await route.fetch();
    const headers = { ...res.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    const body = (await res.text())
      .replace('<script>', '<script>window.__changedScriptRan=true;')
      .replace('<style>', '<style>html{outline:1px solid red}');
    await route.fulfill({ status: res.status(), headers, body });
  });
  // The browser's own report of each refused block (what it refused, under which directive).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspRefused: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const refused = () => page.evaluate(() => (window as unknown as { __cspRefused: string[] }).__cspRefused);
  await page.goto('/marketplace');
  const blocked = (kind: string) => (list: string[]) =>
    list.some((v) => new RegExp(`^${kind}-src(-elem)? inline$`).test(v));
  await expect.poll(async () => blocked('script')(await refused()) && blocked('style')(await refused())).toBe(true);
  expect(await page.evaluate(() => '__changedScriptRan' in window)).toBe(false);
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
