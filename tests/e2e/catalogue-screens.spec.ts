// Every catalogue screen at phone and desktop widths: it renders its content, has no serious or
// critical axe-core violations, and leaves a screenshot in /tmp/shots/ for a human look.
import { mkdirSync } from 'node:fs';
import { test, expect } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 480_000 });

const WIDTHS = [390, 1280] as const;

test('catalogue screens at 390 and 1280 px pass axe and are screenshotted', async ({ page, axe }) => {
  mkdirSync('/tmp/shots', { recursive: true });
  await waitForCatalogue(page);
  const listing = (await page.getByTestId('listing-card').first().getAttribute('data-listing-id')) ?? '';
  await page.goto('/browse');
  const modelHref =
    (await page.getByTestId('model-card').first().getByRole('heading').getByRole('link').getAttribute('href')) ?? '';
  const brandHref = modelHref.replace('/models/', '/brand/').split('/').slice(0, 3).join('/');
  // Something to compare and something bookmarked, so those screens show content.
  await page.getByTestId('model-card').nth(0).getByTestId('compare-toggle').click();
  await page.getByTestId('model-card').nth(1).getByTestId('compare-toggle').click();
  await page.goto(`/marketplace/${listing}`);
  await page.getByTestId('bookmark-toggle').click();
  await expect(page.getByTestId('bookmark-toggle')).toHaveAttribute('aria-pressed', 'true');

  const screens: [string, string, RegExp | string][] = [
    ['home', '/', 'Find the right car'],
    ['browse', '/browse', 'Browse cars'],
    ['brand', brandHref, /range/],
    ['model', modelHref, 'Specifications'],
    ['model-alias', modelHref.replace('/models/', '/brand/'), 'Specifications'],
    ['reviews', '/reviews', 'Reviews'],
    ['marketplace', '/marketplace', 'Marketplace'],
    ['listing', `/marketplace/${listing}`, 'Price history'],
    ['compare', '/compare', 'Compare cars'],
    ['bookmarks', '/bookmarks', 'Bookmarks'],
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path, text] of screens) {
      await page.goto(path);
      await expect(page.locator('main')).toContainText(text);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `/tmp/shots/catalogue-${name}-${width}.png`, fullPage: true });
      // No horizontal scrolling on phones.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width}px`,
      ).toBeLessThanOrEqual(width);
      await axe(page);
    }
  }
});
