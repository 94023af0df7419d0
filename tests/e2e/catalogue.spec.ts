// Catalogue and marketplace, end to end against the production build and the embedded stack.
import { test, expect } from '@playwright/test';
import {
  badge,
  createConfirmedUser,
  enableHooks,
  serverBookmarks,
  settledAndInstalled,
  signInUi,
} from './sync-helpers';
import { resultIds, waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 180_000 });

test('marketplace filters give the same results offline as online', async ({ page, context }) => {
  await waitForCatalogue(page);
  const query = '/marketplace?make=ford&fuel=petrol,hybrid&mileage_max=60000&sort=price-asc';
  await page.goto(query);
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await settledAndInstalled(page);
  const onlineCount = await page.getByTestId('result-count').textContent();
  const onlineIds = await resultIds(page);
  expect(onlineIds.length).toBeGreaterThan(0);
  expect(onlineCount).toMatch(/cars? found|of [\d,]+ shown/);

  // The filter state lives in the URL: changing the sort and going back restores it.
  await page.getByTestId('sort').selectOption('mileage');
  await expect(page).toHaveURL(/sort=mileage/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=price-asc/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('listing-card').first()).toBeVisible({ timeout: 30_000 });
  // The same cars from the device, and the count line says they are what this phone holds (issue 32).
  if (!/cars? found/.test(onlineCount ?? '')) {
    await expect(page.getByTestId('result-count')).toHaveText(/saved on this phone match/);
  } else await expect(page.getByTestId('result-count')).toHaveText(onlineCount ?? '');
  expect(await resultIds(page)).toEqual(onlineIds);
  // And the detail page of a result opens offline too.
  await page.getByTestId('listing-card').first().getByRole('link').last().click();
  await expect(page.getByTestId('listing-price')).toBeVisible();
  await context.setOffline(false);
});

test('compare three cars', async ({ page }) => {
  await waitForCatalogue(page);
  await page.goto('/browse?sort=score');
  const cards = page.getByTestId('model-card');
  await expect(cards.nth(2)).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await cards.nth(i).getByTestId('compare-toggle').click();
    await expect(cards.nth(i).getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true');
  }
  // The names of the cars now in compare, as their toggles say them.
  const names = await page
    .locator('[data-testid=compare-toggle][aria-pressed=true]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').replace(/^Remove from compare: /, '')));
  expect(names).toHaveLength(3);
  await page.goto('/compare');
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th')).toHaveCount(3);
  for (const n of names) await expect(table.locator('thead')).toContainText(n.trim());
  await expect
    .poll(
      () => (new URL(page.url()).searchParams.get('items') ?? '').split(',').filter((x) => x.startsWith('m:')).length,
    )
    .toBe(3);
  // Best value in a row is highlighted.
  expect(await table.locator('td[data-best]').count()).toBeGreaterThan(0);
  // Shared link: a fresh tab opening the URL sees the same three.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId('compare-table').locator('thead th')).toHaveCount(3);
  await other.close();
  await table
    .getByRole('button', { name: /^Remove/ })
    .first()
    .click();
  await expect(table.locator('thead th')).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId('compare-table').locator('thead th')).toHaveCount(2);
});

test('bookmark a car offline and find it on the server after reconnecting', async ({ page, context }) => {
  const user = await createConfirmedUser('catalogue-bm');
  await enableHooks(context);
  await signInUi(page, user.email);
  await waitForCatalogue(page);
  const first = page.getByTestId('listing-card').first();
  const listingId = (await first.getAttribute('data-listing-id')) ?? '';
  await page.goto(`/marketplace/${listingId}`);
  await settledAndInstalled(page);
  await context.setOffline(true);
  // The app knows it is offline before the tap, as sync-offline.spec.ts waits: tapped at once, the bookmark
  // reached the server once in a clean run (the emulated offline does not cover the service worker).
  await expect(badge(page)).toContainText('Offline');
  const toggle = page.getByTestId('bookmark-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/bookmarks');
  await expect(page.getByTestId('bookmarked-listings').locator(`[data-listing-id="${listingId}"]`)).toBeVisible();
  expect(await serverBookmarks(user.id)).toEqual([]);
  await context.setOffline(false);
  await expect
    .poll(async () => (await serverBookmarks(user.id)).map((b) => b.vehicle_listing_id), { timeout: 20_000 })
    .toEqual([listingId]);
});
