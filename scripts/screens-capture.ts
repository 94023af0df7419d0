// Screenshots of a list of routes as `npm run screens:compare` takes them: one browser context per width,
// a returning visitor whose first sync has finished (a warm-up visit), the clock fixed, motion reduced,
// the service worker blocked; each screen is shot once nothing is loading and two shots in a row match.
// Car pictures render near the view only (IntersectionObserver): the page is not scrolled, so the lower
// cards of a full-page shot stay blank, the same way on every ref.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY } from '../supabase/local/jwt';

export const WIDTHS = [390, 1280] as const;
/** Before any real clock this runs on, after the seed's fixed dates (2025): "x days ago" never moves. */
const FIXED_NOW = new Date('2026-11-28T12:00:00.000Z');
const SHOPPER = { email: 'shopper@example.com', password: 'Shopper!Drive2026' };
const AUTH_STORAGE_KEY = 'motorly-auth';

export interface Route {
  name: string;
  path: string;
  signedIn?: boolean;
}

async function serviceRest<T>(apiUrl: string, query: string): Promise<T> {
  const res = await fetch(`${apiUrl}/rest/v1${query}`, {
    headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` },
  });
  if (!res.ok) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The routes, their ids the seeded stack's first active listing (the same on every ref: one template). */
export async function routesFor(apiUrl: string): Promise<Route[]> {
  const [listing] = await serviceRest<{ id: string; dealer_id: string; car_model_id: string }[]>(
    apiUrl,
    '/vehicle_listings?select=id,dealer_id,car_model_id&status=eq.active&order=id&limit=1',
  );
  if (!listing) throw new Error('The stack has no active listing');
  const [model] = await serviceRest<{ slug: string; brand_id: string }[]>(
    apiUrl,
    `/car_models?select=slug,brand_id&id=eq.${listing.car_model_id}`,
  );
  const [brand] = await serviceRest<{ slug: string }[]>(apiUrl, `/brands?select=slug&id=eq.${model!.brand_id}`);
  return [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'brand', path: `/brand/${brand!.slug}` },
    { name: 'model', path: `/models/${brand!.slug}/${model!.slug}` },
    { name: 'marketplace', path: '/marketplace' },
    { name: 'listing', path: `/marketplace/${listing.id}` },
    { name: 'dealer', path: `/dealers/${listing.dealer_id}` },
    { name: 'compare', path: '/compare' },
    { name: 'ai-search', path: '/ai-search' },
    { name: 'reviews', path: '/reviews' },
    { name: 'value-my-car', path: '/value-my-car' },
    { name: 'sign-in', path: '/auth' },
    { name: 'privacy', path: '/privacy' },
    { name: 'account', path: '/account', signedIn: true },
    { name: 'bookmarks', path: '/bookmarks', signedIn: true },
  ];
}

async function newContext(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  await context.clock.setFixedTime(FIXED_NOW);
  // The cookie banner and the questionnaire's offer after sign-in would sit over the screen under test.
  await context.addInitScript((consentDate) => {
    localStorage.setItem('motorly:onboarding', 'off');
    const consent = { necessary: true, analytics: false, marketing: false, functional: true, consentDate };
    localStorage.setItem('motorly-cookie-consent', JSON.stringify(consent));
  }, FIXED_NOW.toISOString());
  return context;
}

/** The demo shopper's session stored where the app keeps it (idb-keyval 'motorly-auth'), as a returning user. */
async function signIn(page: Page, appUrl: string, apiUrl: string): Promise<void> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(SHOPPER),
  });
  const session = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`sign-in failed: ${JSON.stringify(session)}`);
  const blank = `${appUrl}/__screens-blank`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto(blank);
  await page.evaluate(
    ({ key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(value, key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    { key: AUTH_STORAGE_KEY, value: JSON.stringify(session) },
  );
}

/** Skeletons, busy regions and "still downloading" / "Loading…" mean data are still on their way. */
function loading(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.querySelector('[class*="skeleton"], [aria-busy="true"]') !== null ||
      /still downloading|Loading…|Loading\.\.\./i.test(document.body.innerText),
  );
}

/**
 * Shoots once nothing is loading and two shots 1 s apart match (at most ~60 s in all: the CPU is
 * shared, and a screen caught half-loaded would show as a difference); says whether it settled.
 */
async function settledShot(page: Page): Promise<{ png: Buffer; settled: boolean }> {
  // A page that keeps a connection busy (realtime) never idles: the two-shot comparison below decides.
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while ((await loading(page)) && Date.now() < deadline) await page.waitForTimeout(500);
  await page.evaluate(() => document.fonts.ready);
  // A tall page on a busy machine can take a while to capture.
  const shoot = () => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', timeout: 120_000 });
  let previous = await shoot();
  while (Date.now() < deadline) {
    await page.waitForTimeout(1000);
    const next = await shoot();
    if (next.equals(previous) && !(await loading(page))) return { png: next, settled: true };
    previous = next;
  }
  return { png: previous, settled: false };
}

export interface CaptureResult {
  file: string;
  route: Route;
  width: number;
  settled: boolean;
}

/** The first visit downloads what the device keeps (the whole catalogue on older refs): let it finish. */
async function warmUp(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/marketplace`, { waitUntil: 'load' });
  // Safe to pass: the first sync may keep the network busy; the shots wait for a settled page themselves.
  await page.waitForLoadState('networkidle', { timeout: 180_000 }).catch(() => undefined);
  const deadline = Date.now() + 120_000;
  while ((await loading(page)) && Date.now() < deadline) await page.waitForTimeout(1000);
}

export async function captureAll(
  browser: Browser,
  o: { appUrl: string; apiUrl: string; routes: Route[]; outDir: string },
): Promise<CaptureResult[]> {
  mkdirSync(o.outDir, { recursive: true });
  const results: CaptureResult[] = [];
  // Signed-out screens first, then the session is stored and the signed-in ones follow.
  const ordered = [...o.routes.filter((r) => !r.signedIn), ...o.routes.filter((r) => r.signedIn)];
  for (const width of WIDTHS) {
    const context = await newContext(browser, width);
    try {
      const page = await context.newPage();
      await warmUp(page, o.appUrl);
      let signedIn = false;
      for (const route of ordered) {
        if (route.signedIn && !signedIn) {
          await signIn(page, o.appUrl, o.apiUrl);
          await warmUp(page, o.appUrl);
          signedIn = true;
        }
        const file = path.join(o.outDir, `${route.name}-${width}.png`);
        try {
          await page.goto(`${o.appUrl}${route.path}`, { waitUntil: 'load' });
          const { png, settled } = await settledShot(page);
          writeFileSync(file, png);
          results.push({ file, route, width, settled });
          console.log(`  ${route.name} @ ${width}px${settled ? '' : ' (never settled)'}`);
        } catch (err) {
          // One screen that fails must not cost the others: the table shows it as missing.
          console.log(
            `  ${route.name} @ ${width}px FAILED: ${err instanceof Error ? err.message.split('\n')[0] : err}`,
          );
        }
      }
    } finally {
      await context.close();
    }
  }
  return results;
}
