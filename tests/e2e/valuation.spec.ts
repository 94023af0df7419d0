// Value my car: a common model valued from comparable listings, and carried into a part exchange.
import { test, expect, type Page } from '@playwright/test';
import { API_URL, ANON_KEY } from './fixtures';
import { demoDealerListings, openListing } from './leads-helpers';
import { createConfirmedUser, signInUi } from './sync-helpers';

test.describe.configure({ timeout: 180_000 });

interface Row {
  car_model_id: string;
  brand_id: string;
  year: number;
  mileage: number;
  price: number;
  status: string;
}

/** Every car for sale, from the API a page at a time: the device holds only some (issue 32). */
async function marketListings(): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 1000) {
    const res = await fetch(
      `${API_URL}/rest/v1/vehicle_listings?select=car_model_id,brand_id,year,mileage,price,status&status=neq.sold` +
        `&order=id&limit=1000&offset=${offset}`,
      { headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } },
    );
    expect(res.ok).toBe(true);
    const page = (await res.json()) as Row[];
    rows.push(...page);
    if (page.length < 1000) return rows;
  }
}

/** The most listed model, its most common year and that year's median mileage: a car the marketplace knows well. */
async function commonCar(page: Page) {
  await page.goto('/value-my-car');
  const rows = await marketListings();
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
  return { brandId: modelRows[0].brand_id, modelId, modelRows, year, mileage };
}

/** Fills the valuation form and asks for the value. */
async function valueCar(
  page: Page,
  car: { brandId: string; modelId: string; mileage: number },
  yearOrPlate: string,
): Promise<void> {
  await page.goto('/value-my-car');
  await expect(page.getByRole('heading', { name: 'Value my car', level: 1 })).toBeVisible();
  await page.getByLabel('Make').selectOption(car.brandId);
  await page.getByLabel('Model').selectOption(car.modelId);
  await page.getByLabel('Year or plate').fill(yearOrPlate);
  await page.getByLabel('Mileage').fill(String(car.mileage));
  await page.getByRole('button', { name: 'Value my car' }).click();
}

test('value a common car: a range inside its comparables, how many cars it rests on, and use as part exchange', async ({
  page,
}) => {
  const { brandId, modelId, modelRows, year, mileage } = await commonCar(page);
  const comparablePrices = modelRows.filter((r) => Math.abs(r.year - year) <= 1).map((r) => r.price);

  await page.goto('/value-my-car');
  await expect(page.getByRole('heading', { name: 'Value my car', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Value my car' }).click();
  await expect(page.getByText('Choose the make')).toBeVisible();

  await valueCar(page, { brandId, modelId, mileage }, String(year));

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

test('a car valued by its plate and used as part exchange fills the enquiry form on a listing', async ({ page }) => {
  const shopper = await createConfirmedUser('px');
  await signInUi(page, shopper.email);
  const car = await commonCar(page);
  // A March-August plate: its age identifier is the year's last two digits.
  const plate = `AB${String(car.year % 100).padStart(2, '0')} CDE`;
  await valueCar(page, car, plate);
  await expect(page.getByTestId('valuation-range')).toBeVisible();
  await page.getByRole('button', { name: 'Use as part exchange' }).click();
  await expect(page).toHaveURL(/\/marketplace/);

  const [listing] = await demoDealerListings();
  await openListing(page, listing.id);
  await page.getByRole('button', { name: 'Contact dealer' }).click();
  const form = page.getByRole('form', { name: 'Contact the dealer' });
  await expect(form.getByLabel('Part exchange: I have a car to trade in')).toBeChecked();
  await expect(form.getByLabel('Its registration')).toHaveValue(plate);
  await expect(form.getByLabel('Its mileage')).toHaveValue(car.mileage.toLocaleString('en-GB'));
  await expect(form.getByLabel('Message')).toHaveValue(
    new RegExp(`part-exchange my ${car.year} .+ \\(${car.mileage.toLocaleString('en-GB')} miles`),
  );
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
