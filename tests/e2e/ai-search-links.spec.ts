// Issue 34 at 390 px: AI search cards with pictures and the link on to the marketplace carrying every
// filter; /recommended with one card per model, each linking to that model's used cars. Screenshots
// go to /tmp/shots-ai for review.
import { expect, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { createConfirmedUser, signInUi } from './sync-helpers';

const SHOTS = '/tmp/shots-ai';
test.use({ viewport: { width: 390, height: 844 } });

test('AI search links on to the marketplace with every parsed filter', async ({ page }) => {
  await waitForCatalogue(page);
  await page.goto('/ai-search?q=' + encodeURIComponent('family SUV under £25k with cheap tax'));
  const cards = page.getByTestId('listing-results').locator('.ais-card');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  // Pictures are drawn as they come near the viewport.
  await cards.first().scrollIntoViewIfNeeded();
  await expect(cards.first().locator('img, svg').first()).toBeVisible();
  await expect(page.getByTestId('result-reason').first()).toContainText(/tax, (under|at) your £200/);
  await page.screenshot({ path: `${SHOTS}/ai-search-390.png`, fullPage: false });
  const link = page.getByTestId('marketplace-link');
  await expect(link).toHaveText(/See all [\d,]+ in the marketplace/);
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ai-search-link-390.png` });
  await link.click();
  await expect(page).toHaveURL(/\/marketplace\?.*body=suv/);
  const url = new URL(page.url());
  expect(url.searchParams.get('price_max')).toBe('25000');
  expect(url.searchParams.get('tax_max')).toBe('200');
});

test('/recommended shows each model once with a link to its used cars', async ({ page }) => {
  const user = await createConfirmedUser('e2e-rec-links');
  await signInUi(page, user.email);
  await waitForCatalogue(page);
  await page.goto('/recommended');
  const cards = page.getByTestId('recommendation');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const titles = await cards.locator('.rec-card__title').allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
  await expect(cards.first().getByTestId('rec-used-link')).toHaveText(/See [\d,]+ used /);
  await page.screenshot({ path: `${SHOTS}/recommended-390.png` });
  await cards.nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/recommended-2-390.png` });
  await cards.first().getByTestId('rec-used-link').click();
  await expect(page).toHaveURL(/\/marketplace\?make=[a-z0-9-]+&model=[a-z0-9-]+/);
});
