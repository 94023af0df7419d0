// Filters in a sheet on a phone (issue 34): the first car is in the first screen, the sheet opens from
// "Filters", a brand is found by typing, "Show N cars" matches the results, chips remove filters, and
// "Next" keeps the results in view while back returns to where the reader was. SHOTS=<dir> also leaves
// screenshots at 390 and 820 px of the marketplace with the sheet closed and open, and of /browse.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.SHOTS;
const numberIn = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));
/** The results' total as the count line states it ("20 of 2,859 shown", "38 cars found"). */
const resultCount = async (page: Page) =>
  Number(await page.getByTestId('result-count').locator('[data-total]').getAttribute('data-total'));

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The first card's top is inside the first screen and at least its picture and title show. */
async function expectFirstCardInFirstScreen(page: Page, testId: string): Promise<void> {
  const card = page.getByTestId(testId).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await card.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box!.y + Math.min(box!.height, 160), `${testId} starts in the first screen`).toBeLessThanOrEqual(height);
}

test('marketplace filters in a sheet at 390 px', async ({ page, axe }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForCatalogue(page);
  await expect.poll(() => resultCount(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const all = await resultCount(page);
  await expectFirstCardInFirstScreen(page, 'listing-card');
  // The filters are not on the page until asked for.
  await expect(page.getByRole('group', { name: 'Make' })).toBeHidden();
  await shot(page, 'marketplace-390-closed');

  const open = page.getByTestId('open-filters');
  await expect(open).toHaveText('Filters');
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await shot(page, 'marketplace-390-open');
  await axe(page);

  // Brand by typing: the list narrows to the matches, with their counts.
  const search = sheet.getByRole('searchbox', { name: 'Search makes' });
  await search.fill('for');
  const brands = sheet.getByRole('group', { name: 'Make' });
  await expect(brands.getByRole('radio')).toHaveCount(1);
  const ford = brands.getByRole('radio', { name: /^Ford \d[\d,]* cars?$/ });
  const fordCount = numberIn(await brands.locator('label').filter({ hasText: 'Ford' }).textContent());
  // The choice shows once the address has changed (the URL holds the filters): click, then wait for it.
  await ford.click();
  await expect(ford).toBeChecked();
  await expect(page).toHaveURL(/make=ford/);

  // "Show N cars" carries the live count, and it is the results' count.
  const show = sheet.getByTestId('show-results');
  await expect(show).toHaveText(`Show ${fordCount.toLocaleString('en-GB')} ${fordCount === 1 ? 'car' : 'cars'}`);
  await show.click();
  await expect(sheet).toBeHidden();
  await expect.poll(() => resultCount(page)).toBe(fordCount);
  await expect(page.getByTestId('result-count')).toBeFocused();
  await expect(open).toHaveText('Filters (1)');

  // Escape closes the sheet and gives focus back to its button.
  await open.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();

  // The chip removes the filter.
  const chip = page.getByRole('button', { name: 'Remove filter: Ford' });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(chip).toBeHidden();
  await expect(page).not.toHaveURL(/make=/);
  await expect.poll(() => resultCount(page)).toBe(all);
  await expect(open).toHaveText('Filters');

  // More cars load after the ones shown, and coming back from a car keeps the place in the list.
  const firstId = await page.getByTestId('listing-card').first().getAttribute('data-listing-id');
  const more = page.getByTestId('load-more');
  await more.scrollIntoViewIfNeeded();
  await more.click();
  const shownLine = page.getByTestId('result-count');
  await expect(shownLine).toHaveText(/^(4\d|[5-9]\d|\d{3,}) of [\d,]+ shown$/);
  // The cars shown before stay first (the grid renders only the cards near view: look at the top).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('listing-card').first()).toHaveAttribute('data-listing-id', firstId ?? '');
  // A card in the middle of the screen, well down the list (the grid renders only the cards near view).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
  let id: string | null | undefined;
  await expect
    .poll(async () => {
      id = await page.evaluate(() =>
        document.elementFromPoint(195, 422)?.closest('[data-testid=listing-card]')?.getAttribute('data-listing-id'),
      );
      return id;
    })
    .toBeTruthy();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(844);
  // The rows near view may be re-rendered by a page arriving as the list scrolled: click until it opens.
  await expect(async () => {
    await page.locator(`[data-testid=listing-card][data-listing-id="${id}"]`).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/marketplace\/[0-9a-f-]{36}/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await page.goBack();
  await expect(shownLine).toHaveText(/^(4\d|[5-9]\d|\d{3,}) of [\d,]+ shown$/);
  // The scroll offset comes back (the list may move it a little as it measures the rows near view).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 60);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 60);
});

test('screens at 820 px and /browse at 390 and 820 px', async ({ page, axe }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await waitForCatalogue(page);
  await page.goto('/marketplace?fuel=petrol&gearbox=automatic');
  await expect(page.getByTestId('listing-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Remove filter: Petrol' })).toBeVisible();
  await shot(page, 'marketplace-820-closed');
  await page.getByTestId('open-filters').click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await shot(page, 'marketplace-820-open');
  await page.keyboard.press('Escape');
  // From 1024 px the filters are a sidebar beside the results, and there is no sheet to open.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('region', { name: 'Filters' }).getByRole('group', { name: 'Make' })).toBeVisible();
  await expect(page.getByTestId('open-filters')).toBeHidden();
  await shot(page, 'marketplace-1280');

  for (const [width, height] of [
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/browse');
    await expectFirstCardInFirstScreen(page, 'model-card');
    await shot(page, `browse-${width}-closed`);
  }
  // At 390 px: brands by typing, several at once, counted in models.
  await page.getByTestId('open-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('searchbox', { name: 'Search brands' }).fill('kia');
  const kia = sheet.getByRole('checkbox', { name: /^Kia \d+ models?$/ });
  await kia.click();
  await expect(kia).toBeChecked();
  await expect(page).toHaveURL(/brand=kia/);
  const models = numberIn(await sheet.getByTestId('show-results').textContent());
  await shot(page, 'browse-390-open');
  await axe(page);
  await sheet.getByTestId('show-results').click();
  await expect(page.getByTestId('model-card')).toHaveCount(Math.min(models, 20));
  await expect(page.getByRole('button', { name: 'Remove filter: Kia' })).toBeVisible();
});
