// AI search end to end: the home page's box sends the query to /ai-search, which shows it as chips
// and ranked models and listings with a reason each; removing a chip widens the results; all offline too.
import { expect, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { settledAndInstalled } from './sync-helpers';

const listingsCount = async (page: import('@playwright/test').Page) =>
  Number(((await page.getByRole('heading', { name: /Cars for sale/ }).textContent()) ?? '').replace(/[^0-9]/g, ''));

test('a plain-English query from the home page becomes chips and ranked results; removing a chip widens them', async ({
  page,
  axe,
}) => {
  await waitForCatalogue(page);
  await page.goto('/');
  await page.getByLabel('Describe the car you want').fill('hybrid SUV under £20k with cheap tax');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/ai-search\?q=hybrid/);

  const chips = page.getByRole('list', { name: 'Filters' });
  for (const label of ['SUV', 'Hybrid', 'Up to £20,000', 'Road tax up to £200 a year'])
    await expect(chips.getByText(label, { exact: true })).toBeVisible();
  const listings = page.getByTestId('listing-results').getByRole('listitem');
  // The listings are the server's answer (search_listings): allow a loaded machine's round trip.
  await expect(listings.first()).toBeVisible({ timeout: 30_000 });
  await expect(listings.first().getByTestId('result-reason')).toContainText(/suv/i);
  await expect(listings.first().getByTestId('result-reason')).toContainText('£');
  await expect(page.getByTestId('model-results').getByRole('listitem').first()).toBeVisible();
  const narrow = await listingsCount(page);
  expect(narrow).toBeGreaterThan(0);
  await axe();

  await page.getByRole('button', { name: 'Remove Up to £20,000' }).click();
  await expect(chips.getByText('Up to £20,000', { exact: true })).toHaveCount(0);
  await expect.poll(() => listingsCount(page)).toBeGreaterThan(narrow);
});

test('offers at most three suggestions as you type and relaxes filters rather than showing nothing', async ({
  page,
}) => {
  await waitForCatalogue(page);
  await page.goto('/ai-search');
  await page.getByLabel('Describe the car you want').fill('estate vol');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(3);
  await expect(options.first()).toContainText(/Volvo|Volkswagen/);

  await page.goto('/ai-search?q=' + encodeURIComponent('electric convertible under 5 grand'));
  await expect(page.getByRole('list', { name: 'Filters' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Nothing matched everything you asked for' })).toBeVisible();
  await expect(page.getByTestId('model-results').getByRole('listitem').first()).toBeVisible();
});

// Offline the answer covers the cars this phone holds (issue 32), and says so rather than claiming the market.
test('works offline from the cars saved on this phone, and says so', async ({ page, context }) => {
  await waitForCatalogue(page);
  await settledAndInstalled(page);
  await context.setOffline(true);
  await page.goto('/');
  await page.getByLabel('Describe the car you want').fill('7 seater automatic under £30k');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('list', { name: 'Filters' }).getByText('7+ seats')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Cars saved on this phone \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText(/^You're offline: .* saved on this phone match/)).toBeVisible();
  await context.setOffline(false);
});
