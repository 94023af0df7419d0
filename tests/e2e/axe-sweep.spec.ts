// Every route of the route table (src/app/route-table.tsx, paths in src/shared/lib/routes.ts) through
// axe-core: no serious or critical violation, signed out, signed in, as a dealer and as an admin.
import type { Page } from '@playwright/test';
import { test, expect, DEMO, signIn } from './fixtures';

const PUBLIC = [
  '/',
  '/browse',
  '/ai-search',
  '/reviews',
  '/marketplace',
  '/compare',
  '/value-my-car',
  '/privacy',
  '/privacy-settings',
  '/ai-2026',
  '/ai-assistant',
  '/tech-demo',
  '/performance',
  '/auth',
  '/password-reset',
  '/no-such-page',
];
const SIGNED_IN = ['/account', '/bookmarks', '/recommended', '/data-rights', '/my-leads'];
const DEALER = ['/dealer/dashboard'];
const ADMIN = ['/admin/dashboard', '/admin/reviews', '/admin/reviews/add', '/admin/security', '/admin/errors'];

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.spinner-block')).toHaveCount(0, { timeout: 20_000 });
}

/** The first link on `from` whose href starts with `prefix` (the parameterised routes). */
async function firstLink(page: Page, from: string, prefix: string): Promise<string> {
  await page.goto(from);
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible({ timeout: 60_000 });
  const target = await link.getAttribute('href');
  if (!target) throw new Error(`no ${prefix} link on ${from}`);
  return target;
}

test.describe.configure({ timeout: 300_000 });

test('signed out: every public route', async ({ page, axe }) => {
  for (const path of PUBLIC) {
    await settle(page, path);
    await axe(page);
  }
});

test('signed out: a listing, its dealer, a brand and a model', async ({ page, axe }) => {
  const listing = await firstLink(page, '/marketplace', '/marketplace/');
  const brand = await firstLink(page, '/', '/brand/');
  // Model cards link to /models/{brand}/{model} (the /brand/{brand}/{model} form redirects there).
  const model = await firstLink(page, brand, '/models/');
  const dealer = await firstLink(page, listing, '/dealers/');
  for (const path of [listing, brand, model, dealer]) {
    await settle(page, path);
    await axe(page);
  }
});

test('signed in: the account routes', async ({ page, axe }) => {
  await signIn(page, DEMO.shopper.email, DEMO.shopper.password);
  for (const path of SIGNED_IN) {
    await settle(page, path);
    await axe(page);
  }
});

test('dealer: the dealer dashboard', async ({ page, axe }) => {
  await signIn(page, DEMO.dealer.email, DEMO.dealer.password);
  for (const path of DEALER) {
    await settle(page, path);
    await axe(page);
  }
});

test('admin: every admin route', async ({ page, axe }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  for (const path of ADMIN) {
    await settle(page, path);
    await axe(page);
  }
  const edit = await firstLink(page, '/admin/reviews', '/admin/reviews/edit/');
  await settle(page, edit);
  await axe(page);
});
