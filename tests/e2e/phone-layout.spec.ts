// Phones first (issue 16 item 2): no horizontal scroll on the main routes at 390, 820 and 1280 px; the
// sync card, header and compare table stay inside the viewport; a 390 px phone shows at least four
// marketplace cars within two screen heights.
import { test, expect, signIn, DEMO } from './fixtures';
import type { Page } from '@playwright/test';
import { waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 300_000 });

const WIDTHS = [390, 820, 1280] as const;

async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

async function expectInsideViewport(page: Page, selector: string, what: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${what} is shown`).not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box!.x, `${what} starts inside the left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the right edge`).toBeLessThanOrEqual(width);
}

/** Header: the wordmark is visible and the last action keeps a gap to the right edge. */
async function expectHeaderFits(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect(page.locator('.topbar .brand-logo'), `${what}: logo`).toBeVisible();
  // Under 480 px a signed-in bar keeps the mark and drops the wordmark, so it fits at 320 px (issue 34).
  if (width >= 480) await expect(page.locator('.topbar .brand-logo__word'), `${what}: wordmark`).toBeVisible();
  const right = await page
    .locator('.topbar__actions > *')
    .evaluateAll((els) =>
      Math.max(...els.filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.getBoundingClientRect().right)),
    );
  // Phones: the signed-in bar (status, accessibility, bell, menu) leaves about 10 px; wider screens keep 12.
  const margin = width < 480 ? 8 : 12;
  expect(width - right, `${what}: header actions keep a margin to the edge`).toBeGreaterThanOrEqual(margin);
  const logo = await page.locator('.topbar .brand-logo').boundingBox();
  expect(logo!.x, `${what}: wordmark keeps a margin to the left edge`).toBeGreaterThanOrEqual(12);
}

test('main routes fit 390, 820 and 1280 px without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForCatalogue(page);
  const ids = await page
    .getByTestId('listing-card')
    .evaluateAll((els) => els.slice(0, 4).map((e) => e.getAttribute('data-listing-id') ?? ''));
  await page.goto('/browse');
  const modelHref =
    (await page.getByTestId('model-card').first().getByRole('heading').getByRole('link').getAttribute('href')) ?? '';
  const routes = ['/', '/browse', '/marketplace', `/marketplace/${ids[0]}`, '/reviews', modelHref];
  const compare = (n: number) =>
    `/compare?items=${ids
      .slice(0, n)
      .map((id) => `l:${id}`)
      .join(',')}`;

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of routes) {
      await page.goto(path);
      // Away from home the app renders over the prerendered HTML (replacing its nodes): measure after that.
      if (path !== '/')
        await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 30_000 });
      // A deep link keeps the prerendered home heading hidden in the DOM until its own screen renders.
      await expect(page.locator('main h1').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
      await expectNoHorizontalScroll(page, `${path} at ${width}px`);
      await expectHeaderFits(page, `${path} at ${width}px`);
    }
    for (const n of [2, 3, 4]) {
      await page.goto(compare(n));
      await expect(page.getByTestId('compare-table').locator('thead th')).toHaveCount(n);
      await expectNoHorizontalScroll(page, `compare with ${n} at ${width}px`);
      await expectInsideViewport(page, '.cat-table-wrap', `compare table (${n}) at ${width}px`);
      // At least two cars side by side on a phone, all four from 820 px.
      const shown = n === 2 || width >= 820 ? n : 2;
      const visible = await page
        .getByTestId('compare-table')
        .locator('thead th')
        .evaluateAll((ths, w) => ths.filter((th) => th.getBoundingClientRect().right <= w).length, width);
      expect(visible, `cars fully visible in compare (${n}) at ${width}px`).toBeGreaterThanOrEqual(shown);
    }
    await page.goto('/marketplace');
    await page.getByTestId('sync-status-badge').click();
    await expect(page.getByTestId('sync-detail-card')).toBeVisible();
    await expectInsideViewport(page, '[data-testid=sync-detail-card]', `sync card at ${width}px`);
  }
});

test('a 390 px phone shows at least four marketplace cars within two screen heights', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForCatalogue(page);
  // The cards render just after the count: poll until the list has laid out.
  const withinTwoScreens = async () =>
    (
      await page
        .getByTestId('listing-card')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom + window.scrollY))
    ).filter((bottom) => bottom <= 2 * 844).length;
  await expect.poll(withinTwoScreens, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  // The grid stays one tap away.
  await page.getByTestId('view-grid').click();
  await expect(page.getByTestId('listing-results')).toHaveAttribute('data-view', 'grid');
});

test('the admin header keeps its wordmark and margins at 1280 and 1440 px', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  for (const width of [390, 820, 1280, 1440, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/reviews');
    await expect(page.locator('main h1').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
    await expectNoHorizontalScroll(page, `admin header at ${width}px`);
    await expectHeaderFits(page, `admin header at ${width}px`);
  }
});
