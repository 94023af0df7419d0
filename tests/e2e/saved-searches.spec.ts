// Saved searches end to end: save the marketplace's filters with a name, a dealer lists a matching
// car (through its own API session) and the shopper gets a new_match notification live, the
// marketplace shows "1 new since you last looked", and /account renames and deletes the search.
import { test, expect } from './fixtures';
import { createConfirmedUser, serviceRest, signInUi } from './sync-helpers';
import { catalogueName, dealerListing, dealerRest, dealerSession, openPanel, toast } from './signed-in-helpers';

test.setTimeout(240_000);

test('a saved search gets a new_match notification when a matching listing is inserted', async ({ page }) => {
  const shopper = await createConfirmedUser('ss');
  const dealer = await dealerSession();
  const template = await dealerListing(dealer.dealerId);
  const [brand] = await serviceRest<{ slug: string }[]>(`/brands?select=slug&id=eq.${template.brand_id}`);
  const query = `make=${brand.slug}&price_max=5000`;

  await signInUi(page, shopper.email, { to: `/marketplace?${query}` });
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give this search a name.');
  await dialog.getByTestId('saved-search-name').fill('Cheap runabout');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(toast(page, 'Search saved')).toBeVisible();
  const chip = page.getByRole('list', { name: 'Saved searches' }).getByRole('link', { name: /Cheap runabout/ });
  await expect(chip).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await serviceRest<{ filters: { make?: string; price_max?: number } }[]>(
            `/saved_searches?select=filters&user_id=eq.${shopper.id}`,
          )
        )[0]?.filters ?? null,
      { timeout: 20_000 },
    )
    .toMatchObject({ make: brand.slug, price_max: 5000 });

  const title = `E2E match ${Date.now().toString(36)}`;
  const [inserted] = await dealerRest<{ id: string }[]>(dealer.token, '/vehicle_listings', {
    method: 'POST',
    body: JSON.stringify({
      dealer_id: dealer.dealerId,
      car_model_id: template.car_model_id,
      brand_id: template.brand_id,
      title,
      price: 4321,
      year: 2016,
      mileage: 61000,
      colour: 'Silver',
      fuel_type: 'petrol',
      body_style: 'hatchback',
      gearbox: 'manual',
      seats: 5,
      registration: 'AB16 CDE',
      engine_cc: 1200,
    }),
  });

  await expect(page.getByTestId('unread-badge')).toHaveText(/^1\b/, { timeout: 30_000 });
  await expect(chip).toContainText('1 new since you last looked', { timeout: 120_000 });
  const panel = await openPanel(page);
  const item = panel.getByTestId('notification-item').first();
  // the notification names the car from the catalogue, never by the dealer's title
  const named = `New match: ${await catalogueName(inserted.id)}`;
  await expect(item).toContainText(named);
  await expect(item).toContainText('matches your saved search "Cheap runabout"');
  const popup = page.waitForEvent('popup');
  await item.getByRole('button', { name: new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  const opened = await popup;
  expect(opened.url()).toContain(`/marketplace/${inserted.id}`);
  await opened.close();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Opening the search resets its count.
  await chip.click();
  await expect(chip).not.toContainText('new since you last looked');

  // /account: rename, then delete.
  await page.goto('/account');
  const row = page.getByTestId('saved-search');
  await expect(row).toContainText('Cheap runabout');
  await row.getByRole('button', { name: 'Rename Cheap runabout' }).click();
  await row.getByLabel('Name').fill('Runabout under £5k');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Runabout under £5k');
  await expect
    .poll(
      async () =>
        (await serviceRest<{ name: string }[]>(`/saved_searches?select=name&user_id=eq.${shopper.id}`))[0]?.name,
      { timeout: 20_000 },
    )
    .toBe('Runabout under £5k');
  await row.getByRole('button', { name: 'Delete Runabout under £5k' }).click();
  await expect(toast(page, 'Search deleted')).toBeVisible();
  await expect(page.getByText('No saved searches yet.', { exact: false })).toBeVisible();
  await expect
    .poll(async () => (await serviceRest<unknown[]>(`/saved_searches?select=id&user_id=eq.${shopper.id}`)).length, {
      timeout: 20_000,
    })
    .toBe(0);
});
