// Screenshots of the signed-in screens at phone, tablet and desktop widths (looked at by hand), with
// the checks that make them worth having: the panel, settings, listing actions and /account render
// without horizontal overflow at each width.
import { test, expect } from './fixtures';
import { createConfirmedUser, serviceRest, signInUi } from './sync-helpers';
import { dealerListing, dealerSession, openListing, openPanel } from './signed-in-helpers';

test.setTimeout(300_000);

const WIDTHS = [390, 820, 1280];
// SHOTS_DIR puts the screenshots somewhere to look at them (e.g. /tmp/shots); the default is in test-results.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

async function noOverflow(page: import('@playwright/test').Page): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over).toBeLessThanOrEqual(0);
}

test('panel, settings, listing actions and /account at 390, 820 and 1280 px', async ({ page }) => {
  const shopper = await createConfirmedUser('shots');
  const dealer = await dealerSession();
  const listing = await dealerListing(dealer.dealerId, 2);
  await serviceRest('/price_alerts', {
    method: 'POST',
    body: JSON.stringify({
      user_id: shopper.id,
      vehicle_listing_id: listing.id,
      target_price: listing.price - 250,
      current_price: listing.price,
      times_triggered: 2,
    }),
  });
  await serviceRest('/notifications', {
    method: 'POST',
    body: JSON.stringify({
      user_id: shopper.id,
      type: 'price_drop',
      title: `Price drop: ${listing.title}`,
      message: 'Now £12,995 (was £13,495) — below your £13,000 target.',
      vehicle_listing_id: listing.id,
    }),
  });
  await signInUi(page, shopper.email);
  await openListing(page, listing.id);
  await expect(page.getByTestId('price-alert-control')).toContainText('Price alert on', { timeout: 120_000 });

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await openListing(page, listing.id);
    await page.getByTestId('price-alert-control').scrollIntoViewIfNeeded();
    await noOverflow(page);
    await page.screenshot({ path: `${SHOTS}/listing-actions-${width}.png` });

    const panel = await openPanel(page);
    await expect(panel.getByTestId('notification-item')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/panel-${width}.png` });
    await panel.getByRole('button', { name: 'Settings' }).click();
    await expect(panel.getByTestId('price-alert')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-${width}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `${SHOTS}/account-${width}.png`, fullPage: true });
  }
});
