// Shared Playwright helpers: a `test` with an `axe` accessibility check, sign-in, unique e-mails.
import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { DEFAULT_ANON_KEY } from '../../src/shared/lib/env';

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. third-party widgets). */
  exclude?: string[];
}

interface Fixtures {
  /** Fails the test on any serious or critical axe-core violation on the current page. */
  axe: (page?: Page, opts?: AxeOptions) => Promise<void>;
  /** Automatic: a failed test's report carries what its page logged (errors, failed requests). */
  pageLog: void;
}

/** At most this many lines of a page's log are kept for a failure's report. */
const PAGE_LOG_LINES = 200;

export const test = base.extend<Fixtures>({
  // A rare failure cannot be re-run at will: keep the page's own account of it.
  pageLog: [
    async ({ context }, provide, testInfo) => {
      const lines: string[] = [];
      const at = () => `${(performance.now() / 1000).toFixed(2)}s`;
      const keep = (line: string) => lines.length < PAGE_LOG_LINES && lines.push(`${at()} ${line}`);
      // The context's events: every page of the test's context, the ones it opens itself included.
      context.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') keep(`console.${m.type()}: ${m.text()}`);
      });
      context.on('weberror', (e) => keep(`page error: ${e.error().message}`));
      context.on('requestfailed', (r) =>
        keep(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
      );
      context.on('response', (r) => {
        if (r.status() >= 400) keep(`response ${r.status()}: ${r.request().method()} ${r.url()}`);
      });
      await provide();
      // Printed with the failure by the list and line reporters.
      if (testInfo.status !== testInfo.expectedStatus && lines.length)
        await testInfo.attach('page-log', { body: lines.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
  axe: async ({ page }, provide) => {
    await provide(async (target = page, opts = {}) => {
      // Colours blend while an element fades in: check the page as it settles, not mid-animation. Two frames
      // first: a transition a click just caused (the mobile menu's fade) only exists once style has run, and
      // axe once measured its button mid-fade (#3b67e7 behind white text, 4.04:1).
      await target.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await target.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getTiming().iterations !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 3000)),
        ]),
      );
      // The same rules, run faster: legacy mode runs axe in the page itself (the default opens an extra
      // page per check to merge frame results, and the app has no frames), and only violations are
      // reported in full (passes keep one node each). About 2.5 s -> 1 s a check.
      let builder = new AxeBuilder({ page: target }).setLegacyMode(true).options({ resultTypes: ['violations'] });
      for (const sel of opts.exclude ?? []) builder = builder.exclude(sel);
      const results = await builder.analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = serious
        .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
        .join('\n');
      expect(serious, report).toEqual([]);
    });
  },
});

export { expect };

export const DEMO = {
  shopper: { email: 'shopper@example.com', password: 'Shopper!Drive2026' },
  dealer: { email: 'dealer@example.com', password: 'Dealer!Forecourt2026' },
  admin: { email: 'admin@example.com', password: 'Admin!Control2026' },
} as const;

/** A fresh address per call, so tests never collide on sign-up. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A password that passes the SPEC §5 policy. */
export const STRONG_PASSWORD = 'Tr4ffic-Cone#Bristol';

/**
 * Turns off the questionnaire's automatic offer after sign-in (a modal that would cover the page);
 * the questionnaire's own spec leaves it on.
 */
export async function skipOnboardingOffer(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('motorly:onboarding', 'off'));
  if (page.url().startsWith('http')) await page.evaluate(() => localStorage.setItem('motorly:onboarding', 'off'));
}

/** Signs in through the /auth screen and waits until the app shows the signed-in state. */
export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  opts: { onboarding?: boolean } = {},
): Promise<void> {
  await page.goto('/auth');
  if (!opts.onboarding) await skipOnboardingOffer(page);
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);
  await waitForAuthSettled(page);
}

/** Where the app's Supabase client keeps the session (src/sync/supabase-client.ts: idb-keyval's default store). */
const AUTH_STORAGE_KEY = 'motorly-auth';

/** A page on the app's origin that runs no app code: the session is stored from there. */
const BLANK_PATH = '/__e2e-blank';

/**
 * Signs in as a returning user would be: the password grant from the test (the same GoTrue endpoint the
 * form calls), the session stored where the app keeps it (idb-keyval, key 'motorly-auth'), then the app
 * opened at `to` (default '/', where the form lands). For every spec whose subject is not the sign-in form
 * (auth.spec and auth-reset.spec use signInThroughForm): it skips booting /auth, about 3 s a sign-in.
 * The questionnaire's offer follows a sign-in made in the app, so `onboarding: true` uses the form.
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  opts: { onboarding?: boolean; to?: string } = {},
): Promise<void> {
  if (opts.onboarding) {
    await signInThroughForm(page, email, password, opts);
    if (opts.to) await page.goto(opts.to);
    return;
  }
  const res = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await res.json()) as Record<string, unknown>;
  if (!res.ok || typeof session.access_token !== 'string')
    throw new Error(`sign-in failed: ${JSON.stringify(session)}`);
  // A context without the service worker yet: the navigation reaches the network, and this answers it.
  await page.route(`**${BLANK_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto(BLANK_PATH);
  await page.unroute(`**${BLANK_PATH}`);
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
          tx.onerror = () => reject(tx.error);
        };
      }),
    { key: AUTH_STORAGE_KEY, value: JSON.stringify(session) },
  );
  await skipOnboardingOffer(page);
  await page.goto(opts.to ?? '/');
  await waitForAuthSettled(page);
  await expect(page.locator('html')).not.toHaveAttribute('data-auth', 'signed-out');
}

/** Waits until the nav reflects a known auth state (signed in with the admin check answered, or signed out). */
export async function waitForAuthSettled(page: Page): Promise<void> {
  await expect
    .poll(async () => page.evaluate(() => document.documentElement.dataset.auth ?? 'loading'), { timeout: 15_000 })
    .not.toBe('loading');
}

/** The embedded stack the app under test talks to (playwright.config.ts starts it). */
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 54321}`;
export { DEFAULT_ANON_KEY as ANON_KEY } from '../../src/shared/lib/env';
/** The e2e stack runs with the demo keys (playwright.config.ts); the mailbox answers to this key only. */
export { DEFAULT_SERVICE_ROLE_KEY as SERVICE_ROLE_KEY } from '../../supabase/local/jwt';
