// The Dealer Hub end to end: a shopper who is no dealer gets an explanation, not an error; the demo
// dealer's price cut and 'reserved' reach a shopper's open listing tab live, and the price is validated.
import { test, expect } from './fixtures';
import { demoDealerListings, openHubAsDealer, openListing } from './leads-helpers';
import { createConfirmedUser, serviceRest, signInUi } from './sync-helpers';

test.setTimeout(240_000);

test('a signed-in shopper sees how to become a dealer', async ({ page, axe }) => {
  const shopper = await createConfirmedUser('not-a-dealer');
  await signInUi(page, shopper.email, { to: '/dealer/dashboard' });
  const join = page.getByTestId('become-dealer');
  await expect(join).toBeVisible({ timeout: 30_000 });
  await expect(join.getByRole('heading', { name: 'Sell your cars on Motorly' })).toBeVisible();
  await expect(join.getByRole('link', { name: 'dealers@motorly.example' })).toHaveAttribute(
    'href',
    /^mailto:dealers@motorly\.example/,
  );
  await axe();
});

test("a price cut and 'reserved' in the hub update the shopper's open listing live", async ({ browser }) => {
  const listing = (await demoDealerListings())[2];
  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  await openListing(shopperPage, listing.id);
  const formatted = (n: number) => `£${n.toLocaleString('en-GB')}`;
  await expect(shopperPage.getByTestId('listing-price')).toHaveText(formatted(listing.price));

  const dealerContext = await browser.newContext();
  const page = await dealerContext.newPage();
  await openHubAsDealer(page);
  await expect(page.getByTestId('stat-listings-on-sale')).not.toHaveText('0');
  const row = page.getByTestId('hub-listing').filter({ hasText: listing.title }).first();
  await expect(row).toBeVisible({ timeout: 60_000 });

  await row.getByRole('button', { name: `Edit price of ${listing.title}` }).click();
  const input = row.getByLabel(`New price for ${listing.title}, in pounds`);
  await input.fill('0');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('The price must be between £100 and £5,000,000.')).toBeVisible();
  const cut = listing.price - 750;
  await input.fill(formatted(cut));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByTestId('hub-listing-price')).toHaveText(formatted(cut));

  await expect(shopperPage.getByTestId('listing-price')).toHaveText(formatted(cut), { timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await serviceRest<{ price: number }[]>(`/vehicle_listings?select=price&id=eq.${listing.id}`))[0].price,
    )
    .toBe(cut);

  await row.getByRole('button', { name: 'Mark reserved' }).click();
  await expect(shopperPage.getByText('Reserved', { exact: true })).toBeVisible({ timeout: 20_000 });

  await dealerContext.close();
  await shopperContext.close();
});
