// Issue 32, the screens beside the marketplace: with only some listings on the device, a model page's
// count, a valuation and the AI search's cars come from the server (checked against the API), and offline
// each says it rests on the cars saved on this phone. Screenshots at 390 and 1280 px with SHOTS_DIR set.
import type { Page } from '@playwright/test';
import { test, expect, API_URL, ANON_KEY } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const headers = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' };

async function rest<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${API_URL}/rest/v1/${path}`,
    body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers },
  );
  expect(res.ok, path).toBe(true);
  return (await res.json()) as T;
}

interface Model {
  id: string;
  slug: string;
  name: string;
  brand: { slug: string; name: string };
}

/** The model with the most cars for sale, from the API (not from what the browser holds). */
async function busiestModel(): Promise<{ model: Model; count: number }> {
  const models = await rest<Model[]>('car_models?select=id,slug,name,brand:brands(slug,name)');
  const counts = await rest<{ models: Record<string, { count: number }> }>('rpc/listing_stock_counts', {
    model_ids: models.map((m) => m.id),
  });
  const model = [...models].sort((a, b) => (counts.models[b.id]?.count ?? 0) - (counts.models[a.id]?.count ?? 0))[0];
  return { model, count: counts.models[model.id].count };
}

/** That model's most common year and a mileage in the middle of it: a car the market knows well. */
async function commonCar(modelId: string): Promise<{ year: number; mileage: number }> {
  const rows = await rest<{ year: number; mileage: number }[]>(
    `vehicle_listings?select=year,mileage&car_model_id=eq.${modelId}&status=neq.sold`,
  );
  const years = new Map<number, number[]>();
  for (const r of rows) years.set(r.year, [...(years.get(r.year) ?? []), r.mileage]);
  const [year, miles] = [...years].sort((a, b) => b[1].length - a[1].length)[0];
  return { year, mileage: miles.sort((a, b) => a - b)[Math.floor(miles.length / 2)] };
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: width === 390 ? false : true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a model page counts its cars for sale on the server and shows the cheapest', async ({ page }) => {
  const { model, count } = await busiestModel();
  await page.goto(`/models/${model.brand.slug}/${model.slug}`);
  // A first visit waits for the brands and models (small tables) before the page can show.
  await expect(
    page.getByRole('link', { name: `See ${count.toLocaleString('en-GB')} used ${model.name} for sale` }),
  ).toBeVisible({ timeout: 45_000 });
  const cards = page.getByRole('region', { name: `${model.name} for sale` }).getByTestId('listing-card');
  await expect(cards).toHaveCount(Math.min(6, count));
  await shot(page, 'model');
  await page.goto(`/brand/${model.brand.slug}`);
  await expect(
    page.getByRole('link', { name: new RegExp(`^[\\d,]+ used ${model.brand.name} cars? for sale$`) }),
  ).toBeVisible();
});

test('a valuation rests on the server’s comparables online, and says when it rests on the phone’s', async ({
  page,
  context,
}) => {
  const { model } = await busiestModel();
  const brandId = (await rest<{ brand_id: string }[]>(`car_models?select=brand_id&id=eq.${model.id}`))[0].brand_id;
  const car = await commonCar(model.id);
  const value = async () => {
    await page.getByLabel('Make').selectOption(brandId, { timeout: 45_000 });
    await page.getByLabel('Model').selectOption(model.id);
    await page.getByLabel(/Year or plate/).fill(String(car.year));
    await page.getByLabel(/Mileage/).fill(String(car.mileage));
    await page.getByRole('button', { name: 'Value my car' }).click();
  };
  await page.goto('/value-my-car');
  await value();
  await expect(page.getByTestId('valuation-count')).toContainText(/similar cars? for sale/);
  await expect(page.getByTestId('valuation-offline')).toHaveCount(0);
  await shot(page, 'valuation');

  await context.setOffline(true);
  await page.getByLabel(/Mileage/).fill(String(car.mileage + 1000));
  await page.getByRole('button', { name: 'Value my car' }).click();
  await expect(page.getByTestId('valuation-offline')).toContainText('saved on this phone');
  await shot(page, 'valuation-offline');
  await context.setOffline(false);
});

test('AI search counts and ranks cars from the server, and offline names the phone’s cars', async ({
  page,
  context,
}) => {
  const { model } = await busiestModel();
  const q = `${model.brand.name} ${model.name}`;
  const total = (
    await rest<{ total: number }>('rpc/search_listings', {
      filters: { make: model.brand.slug, model: model.slug },
      page_size: 1,
    })
  ).total;
  await page.goto(`/ai-search?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole('heading', { name: `Cars for sale (${total.toLocaleString('en-GB')})` })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByTestId('listing-results').locator('li').first()).toBeVisible();
  await shot(page, 'ai-search');

  await context.setOffline(true);
  await page.getByRole('searchbox').fill(`${q} automatic`);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('listing-results-offline')).toContainText("You're offline");
  await expect(page.getByRole('heading', { name: /^Cars saved on this phone \(\d+\)$/ })).toBeVisible();
  await shot(page, 'ai-search-offline');
  await context.setOffline(false);
});

test('a dealer page shows the dealer and its stock (screenshot)', async ({ page }) => {
  const [listing] = await rest<{ dealer_id: string }[]>('vehicle_listings?select=dealer_id&status=eq.active&limit=1');
  await page.goto(`/dealers/${listing.dealer_id}`);
  await expect(page.getByTestId('dealer-page')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await shot(page, 'dealer');
});
