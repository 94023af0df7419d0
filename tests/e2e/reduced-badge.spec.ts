// A reduced car's card says by how much ("Reduced £N"), the server's first price minus its price, from the
// app's first render of the answer: the rows carry price_reduction, so no read of the device comes between.
import { test, expect, API_URL, ANON_KEY } from './fixtures';

const formatGBP = (n: number) => `£${n.toLocaleString('en-GB')}`;

test('the most reduced cars show their reduction on their cards', async ({ page }) => {
  const res = await fetch(`${API_URL}/rest/v1/rpc/search_listings`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ filters: {}, sort: 'reduction', page_size: 3 }),
  });
  expect(res.ok).toBe(true);
  const { rows } = (await res.json()) as { rows: { id: string; price_reduction: number }[] };
  expect(rows[0].price_reduction).toBeGreaterThan(0);
  await page.goto('/marketplace?sort=reduction');
  const app = page.locator('[data-testid="listing-results"]:not([data-early-view])');
  await expect(app).toBeVisible({ timeout: 30_000 });
  const first = app.getByTestId('listing-card').first();
  await expect(first.getByText(`Reduced ${formatGBP(rows[0].price_reduction)}`)).toBeVisible();
});
