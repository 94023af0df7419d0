// Value my car: a common model valued from comparable listings, and carried into a part exchange.
import { test, expect, type Page } from '@playwright/test';
import { waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 180_000 });

interface Row {
  car_model_id: string;
  brand_id: string;
  year: number;
  mileage: number;
  price: number;
  status: string;
}

/** The listings in the browser's local store (read straight from IndexedDB). */
async function localListings(page: Page): Promise<Row[]> {
  return page.evaluate(
    () =>
      new Promise<Row[]>((resolve, reject) => {
        const open = indexedDB.open('motorly');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('vehicle_listings').objectStore('vehicle_listings').getAll();
          req.onsuccess = () => resolve(req.result as Row[]);
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

test('value a common car: a range inside its comparables, how many cars it rests on, and use as part exchange', async ({
  page,
}) => {
  await waitForCatalogue(page);
  const rows = (await localListings(page)).filter((r) => r.status !== 'sold');
  // The most listed model and its most common year: a car the marketplace knows well.
  const byModel = new Map<string, Row[]>();
  for (const r of rows) byModel.set(r.car_model_id, [...(byModel.get(r.car_model_id) ?? []), r]);
  const [modelId, modelRows] = [...byModel].sort((a, b) => b[1].length - a[1].length)[0];
  const years = new Map<number, number>();
  for (const r of modelRows) years.set(r.year, (years.get(r.year) ?? 0) + 1);
  const year = [...years].sort((a, b) => b[1] - a[1])[0][0];
  const sameYear = modelRows
    .filter((r) => r.year === year)
    .map((r) => r.mileage)
    .sort((a, b) => a - b);
  const mileage = sameYear[Math.floor(sameYear.length / 2)];
  const comparablePrices = modelRows.filter((r) => Math.abs(r.year - year) <= 1).map((r) => r.price);

  await page.goto('/value-my-car');
  await expect(page.getByRole('heading', { name: 'Value my car', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Value my car' }).click();
  await expect(page.getByText('Choose the make')).toBeVisible();

  await page.getByLabel('Make').selectOption(modelRows[0].brand_id);
  await page.getByLabel('Model').selectOption(modelId);
  await page.getByLabel('Year or plate').fill(String(year));
  await page.getByLabel('Mileage').fill(String(mileage));
  await page.getByRole('button', { name: 'Value my car' }).click();

  const range = page.getByTestId('valuation-range');
  await expect(range).toBeVisible();
  const [low, high] = ((await range.textContent()) ?? '').split('–').map((t) => Number(t.replace(/[^0-9]/g, '')));
  expect(low).toBeGreaterThan(0);
  expect(high).toBeGreaterThanOrEqual(low);
  expect(low).toBeGreaterThanOrEqual(Math.min(...comparablePrices));
  expect(high).toBeLessThanOrEqual(Math.max(...comparablePrices));
  const count = Number(((await page.getByTestId('valuation-count').textContent()) ?? '').replace(/[^0-9]/g, ''));
  expect(count).toBeGreaterThanOrEqual(5);
  expect(count).toBeLessThanOrEqual(comparablePrices.length);

  await page.getByRole('button', { name: 'Use as part exchange' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('motorly.partExchange') ?? 'null'));
  expect(saved).toMatchObject({ year, mileage, valuation: { low, high, comparables: count } });
});

test('bookmarks and value my car are reachable from the desktop header and the footer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByTestId('header-bookmarks').click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'Value My Car' }).click();
  await expect(page).toHaveURL(/\/value-my-car$/);
  await footer.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
});
