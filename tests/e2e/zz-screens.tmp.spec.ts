import { test } from '@playwright/test';
import { waitForCatalogue } from './catalogue-helpers';
test.describe.configure({ timeout: 300_000 });
test('screens', async ({ page }) => {
  await waitForCatalogue(page);
  const listingHref = await page.getByTestId('listing-card').first().getByRole('link').last().getAttribute('href');
  for (const w of [390, 820, 1280]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : w === 820 ? 1180 : 900 });
    const shots: [string, string][] = [
      ['home', '/'],
      ['marketplace', '/marketplace'],
      ['listing', listingHref ?? '/marketplace'],
      ['model', '/models/Toyota/Land%20Cruiser'],
      ['reviews', '/reviews'],
      ['value', '/value-my-car'],
    ];
    for (const [name, url] of shots) {
      await page.goto(url);
      await page.waitForTimeout(1500);
      if (name === 'value') {
        await page.getByLabel('Make').selectOption({ label: 'Volkswagen' });
        await page.getByLabel('Model').selectOption({ label: 'Golf' });
        await page.getByLabel('Year or plate').fill('71');
        await page.getByLabel('Mileage').fill('30000');
        await page.getByRole('button', { name: 'Value my car' }).click();
        await page.waitForTimeout(800);
      }
      if (name === 'marketplace' || name === 'listing') await page.evaluate(() => window.scrollTo(0, 250));
      await page.screenshot({ path: `/tmp/art/${name}-${w}.png` });
    }
  }
});
