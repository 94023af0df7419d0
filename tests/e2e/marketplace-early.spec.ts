// A first visit to /marketplace (issue 32): the server puts the first page in the HTML (scripts/market-first-page.ts:
// the cards and the answer), so the cards are there before any script has run; the app adopts that answer (no
// search_listings request for it) without a layout shift, and the page then works as before (a filter, Show
// more). When the server serves the static page instead (an error or a slow answer), the head script asks for the
// first page before the app's code and /marketplace-early-view.js draws the cards, with the same outcome. Any
// query string keeps the app's own path. SHOTS=<dir> leaves screenshots of the early view and the app's takeover
// at 390, 820 and 1280 px.
import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { holdAppCode, serveStaticPage } from './hold-app-code';

const SHOTS = process.env.SHOTS;

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/marketplace-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe.configure({ timeout: 90_000 });

const status = (page: Page) => page.getByTestId('result-count').locator('[data-coverage]');
const cards = (page: Page) => page.getByTestId('listing-card');

/** search_listings requests, with their bodies. */
function searches(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rpc/search_listings')) seen.push(r);
  });
  return seen;
}

/** Sums the page's layout shifts (not after input) into window.__cls from its first paint. */
const watchLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

for (const served of [true, false])
  test(`first visit (${served ? "the server's first page" : 'the static page and the early request'}): the first cards are there before the app runs, and the app adopts them`, async ({
    page,
    axe,
  }) => {
    if (!served) await serveStaticPage(page);
    await watchLayoutShifts(page);
    const calls = searches(page);
    const release = await holdAppCode(page);
    await page.goto('/marketplace', { waitUntil: 'commit' });

    // No app code has run: the cards are the early view's, over the prerendered page.
    const early = page.locator('#root[data-prerendered] [data-testid="listing-results"][data-early-view]');
    await expect(early.getByTestId('listing-card')).toHaveCount(20, { timeout: 30_000 });
    await expect(status(page)).toHaveText(/^20 of [\d,]+ shown$/);
    // The picture: the drawing, or the dealer's photo (a car another spec added comes first in the full run).
    await expect(early.getByTestId('listing-card').first().locator('svg, img').first()).toBeVisible();
    const body = await page.evaluate(() => document.documentElement.dataset.earlySearch ?? '');
    expect(JSON.parse(body)).toMatchObject({ after: null, page_size: 20, include_counts: true });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-early-answer'))).toBe(served);
    const firstIds = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id')));
    await shots(page, 'early');

    release();
    // The app's own render replaces the early view with the same cards, in the same order.
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-early-view]')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(20);
    expect(await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id')))).toEqual(firstIds);
    await expect(status(page)).toHaveText(/^20 of [\d,]+ shown$/);
    // The app took the page's answer (served) or the early request's instead of asking again.
    expect(calls.filter((r) => r.postData() === body)).toHaveLength(served ? 0 : 1);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThanOrEqual(0.002);
    await axe(page);
    await shots(page, 'app');

    // The page works as before: Show more, then a filter (a new search from the server).
    await page.getByTestId('load-more').click();
    // (The list may go on loading while its end stays within a screen of view: at least one more page.)
    await expect(status(page)).toHaveText(/^([4-9]\d|\d{3,}) of [\d,]+ shown$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('sort').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    // The new order's cards (the router shows the old ones until they are in; the list may load on a page).
    const firstPrices = () =>
      cards(page).evaluateAll((els) =>
        els.slice(0, 5).map((e) => Number(e.querySelector('.cat-price strong')?.textContent?.replace(/[^\d]/g, ''))),
      );
    await expect
      .poll(async () => {
        const prices = await firstPrices();
        return prices.length === 5 && prices.every((p, i) => i === 0 || p >= prices[i - 1]);
      })
      .toBe(true);
    await expect(status(page)).toHaveText(/^\d+ of [\d,]+ shown$/);
    expect(calls.some((r) => (r.postData() ?? '').includes('"sort":"price-asc"'))).toBe(true);
  });

test("a marketplace address with a query string keeps the app's own path (no early request)", async ({ page }) => {
  const calls = searches(page);
  await page.goto('/marketplace?fuel=diesel');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-early-view]')).toHaveCount(0);
  // The app's own request carries the filter; nothing asked for the default search's first page.
  const body = await page.evaluate(() => document.documentElement.dataset.earlySearch ?? '');
  expect(body).not.toBe('');
  expect(calls.some((r) => (r.postData() ?? '').includes('"fuel":["diesel"]'))).toBe(true);
  expect(calls.filter((r) => r.postData() === body)).toHaveLength(0);
});

test("on a phone the server's cards take the list view before they are painted; the app keeps them in place", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await watchLayoutShifts(page);
  const release = await holdAppCode(page);
  await page.goto('/marketplace', { waitUntil: 'commit' });
  const early = page.locator('#root[data-prerendered] [data-testid="listing-results"][data-early-view]');
  await expect(early).toHaveAttribute('data-view', 'list', { timeout: 30_000 });
  await expect(early).toHaveClass('cat-grid cat-grid--list');
  await expect(page.getByTestId('view-list')).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('listing-results')).toHaveAttribute('data-view', 'list');
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThanOrEqual(0.002);
});
