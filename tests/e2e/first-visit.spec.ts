import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { holdAppCode } from './hold-app-code';

const HOME_HEADING = 'Find the right car, the easy way';

test('dist/index.html holds the prerendered layout and home page', () => {
  const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toContain(`<h1 id="home-h">${HOME_HEADING}</h1>`);
  expect(root).toContain('<header class="topbar"');
  expect(root).toContain('<footer');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the home page still paints its heading, header and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test('first visit: nothing shifts when the app takes over and the catalogue arrives', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  // The app has rendered over the prerendered HTML once its nav reacts to the auth state.
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.auth ?? 'loading')).not.toBe('loading');
  // The catalogue has arrived: real model cards and brands replace the skeletons.
  await expect(page.locator('.cat-brands a.cat-brand').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.home-skeleton-card')).toHaveCount(0);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThanOrEqual(0.02);
});

test("the app's code is requested only once the first paint is on screen, so it never competes with it", async ({
  page,
}) => {
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.auth ?? 'loading')).not.toBe('loading');
  const { fcp, firstScript } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name))
        .map((e) => e.startTime),
    ),
  }));
  expect(Number.isFinite(fcp)).toBe(true);
  expect(firstScript).toBeGreaterThanOrEqual(fcp);
});

test('the app hydrates the prerendered home page: its nodes stay, and nothing mismatches', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/hydrat/i.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/');
  await page.evaluate(() => {
    const h1 = document.querySelector('main h1');
    if (h1) (h1 as unknown as { __prerendered: boolean }).__prerendered = true;
  });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.auth ?? 'loading')).not.toBe('loading');
  await expect(page.locator('.cat-brands a.cat-brand').first()).toBeVisible({ timeout: 30_000 });
  // The same element: hydrated, not replaced (a replaced heading would paint again, late, as the LCP).
  expect(
    await page.evaluate(() =>
      Boolean((document.querySelector('main h1') as unknown as { __prerendered?: boolean }).__prerendered),
    ),
  ).toBe(true);
  expect(warnings).toEqual([]);
});

test('a deep link never paints the prerendered home content before its own screen', async ({ page }) => {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/reviews', { waitUntil: 'commit' });
  await expect(page.getByRole('contentinfo')).toBeAttached();
  // Before the app runs, the home page's heading is in the HTML but not shown.
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toHaveCount(0);
});

test('the marketplace paints its own prerendered page before the app loads, then the app takes it over', async ({
  page,
}) => {
  const html = readFileSync(new URL('../../dist/marketplace.html', import.meta.url), 'utf8');
  expect(html).toContain('data-prerendered-path="/marketplace"');
  expect(html).toContain('<h1>Marketplace</h1>');
  expect(html).not.toContain(`>${HOME_HEADING}<`);

  const release = await holdAppCode(page);
  await page.goto('/marketplace?sort=price-asc', { waitUntil: 'commit' });
  // No script has run: the heading, the intro and the result skeletons are painted from the HTML.
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-deep-link');
  expect(await page.title()).toBe('Marketplace · Motorly');
  release();
  // The app renders over it and answers: the sort from the address is applied, and cars arrive.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByTestId('sort')).toHaveValue('price-asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toHaveCount(1);
});

test('a tap on the marketplace header before the app has loaded is answered, and the header never blinks', async ({
  page,
}) => {
  // Counts the moments the sync badge is missing from the header once the HTML has painted it.
  await page.addInitScript(() => {
    const w = window as unknown as { __badgeGone: number };
    w.__badgeGone = 0;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid=sync-status-badge]')) w.__badgeGone += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
  const release = await holdAppCode(page);
  await page.goto('/marketplace', { waitUntil: 'commit' });
  await page.getByTestId('sync-status-badge').click();
  release();
  await expect(page.getByTestId('sync-detail-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  expect(await page.evaluate(() => (window as unknown as { __badgeGone: number }).__badgeGone)).toBe(0);
});

test('a search typed and sent before the app has loaded still lands on AI search', async ({ page }) => {
  let delay = true;
  await page.route('**/assets/*.js', async (route) => {
    if (delay) await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Describe the car you want').fill('hybrid estate under 20k');
  delay = false;
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/ai-search\?q=hybrid\+estate\+under\+20k/);
  await expect(page.getByRole('list', { name: 'Filters' }).getByText('Estate', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
});

test('a deep link to sign-in never paints the prerendered navigation (its layout has none)', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.locator('header.topbar')).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
