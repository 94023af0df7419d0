// Issue 16 item 3: while the first catalogue download is held back, brand and model pages show a
// loading state (never "not found"), then the page once the data has arrived.
import { test, expect } from './fixtures';

test.describe.configure({ timeout: 180_000 });

test('brand and model pages wait for the first download instead of saying not found', async ({ page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The models are held back (the brands may come through: a brand without its range is not ready either).
  await page.route(/\/rest\/v1\/car_models\b/, async (route) => {
    await gate;
    // A request of a page navigated away from is gone by now.
    await route.continue().catch(() => undefined);
  });
  const loading = page.getByRole('status').filter({ hasText: 'Downloading the catalogue…' });

  await page.goto('/models/ford/puma');
  await expect(loading).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  await expect(loading).toBeVisible();
  await expect(page.getByText('Model not found')).toHaveCount(0);

  await page.goto('/brand/ford');
  await expect(loading).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  await expect(loading).toBeVisible();
  await expect(page.getByText('Brand not found')).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Ford' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('heading', { name: 'The Ford range' })).toBeVisible();
  await expect(loading).toHaveCount(0);
  await page.goto('/models/ford/puma');
  await expect(page.getByRole('heading', { level: 1, name: /Ford Puma/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Model not found')).toHaveCount(0);
});
