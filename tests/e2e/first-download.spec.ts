// Issue 16 item 3: while a (throttled) first download is arriving, the marketplace's first card stays
// put and the newer cars are offered with "N more cars available".
import { test, expect } from './fixtures';
import { E2E_FOR_SALE_MIN } from './e2e-listings';

test.describe.configure({ timeout: 240_000 });

const count = async (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

test('during a throttled first download the first visible card does not change', async ({ page }) => {
  await page.route('**/rest/v1/vehicle_listings**', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/marketplace');
  const first = page.getByTestId('listing-card').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  const firstId = await first.getAttribute('data-listing-id');
  const shownTotal = await count(await page.getByTestId('result-count').textContent());
  expect(shownTotal).toBeLessThan(E2E_FOR_SALE_MIN);

  // Several more pages arrive; the shown results must not move.
  await expect(page.getByTestId('more-cars')).toBeVisible({ timeout: 60_000 });
  for (let i = 0; i < 6; i++) {
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('listing-card').first().getAttribute('data-listing-id')).toBe(firstId);
    expect(await count(await page.getByTestId('result-count').textContent())).toBe(shownTotal);
  }
  const more = await count(await page.getByTestId('more-cars').textContent());
  expect(more).toBeGreaterThan(0);

  // Asking for the newer results shows them.
  await page.getByTestId('more-cars').getByRole('button', { name: 'Show latest results' }).click();
  await expect
    .poll(async () => count(await page.getByTestId('result-count').textContent()))
    .toBeGreaterThan(shownTotal);
});
