// Issue 16 item 5: a listing links to its dealer's page, which lists only that dealer's cars (checked
// against the API), shows hours, rating and reviews, and measures the distance from a postcode.
import { test, expect, API_URL, ANON_KEY } from './fixtures';
import { waitForCatalogue, resultIds } from './catalogue-helpers';

test.describe.configure({ timeout: 240_000 });

const headers = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` };

test('a dealer page lists only that dealer’s cars, and the marketplace filters by dealer', async ({
  page,
  request,
}) => {
  await waitForCatalogue(page);
  const listingId = (await page.getByTestId('listing-card').first().getAttribute('data-listing-id')) ?? '';
  await page.goto(`/marketplace/${listingId}`);
  await page.getByTestId('listing-dealer-link').click();
  await expect(page).toHaveURL(/\/dealers\/[0-9a-f-]{36}$/);
  const dealerId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('dealer-page')).toBeVisible();
  await expect(page.getByTestId('dealer-hours')).toContainText('Saturday');
  await expect(page.getByTestId('dealer-rating')).toContainText('reviews');

  const res = await request.get(
    `${API_URL}/rest/v1/vehicle_listings?select=id&dealer_id=eq.${dealerId}&status=neq.sold`,
    { headers },
  );
  const stock = new Set(((await res.json()) as { id: string }[]).map((r) => r.id));
  expect(stock.size).toBeGreaterThan(0);
  expect(stock.has(listingId)).toBe(true);
  const countOf = async () =>
    Number(await page.getByTestId('result-count').locator('[data-total]').getAttribute('data-total'));
  await expect.poll(countOf).toBe(stock.size);
  // The cards render a moment after the count (a deferred render, sliced by React).
  await expect.poll(async () => (await resultIds(page)).length).toBeGreaterThan(0);
  const shown = await resultIds(page);
  for (const id of shown) expect(stock.has(id), `${id} belongs to the dealer`).toBe(true);

  // The marketplace's filters narrow the dealer's stock further and stay this dealer's.
  await page.getByTestId('dealer-postcode').fill('LS1 4AP');
  await page.getByTestId('dealer-postcode').press('Enter');
  await expect(page.getByTestId('dealer-distance')).toContainText(/\d+ miles/);

  await page.goto(`/marketplace?dealer=${dealerId}`);
  await expect.poll(countOf).toBe(stock.size);
  for (const id of await resultIds(page)) expect(stock.has(id)).toBe(true);
});
