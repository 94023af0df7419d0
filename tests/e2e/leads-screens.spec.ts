// The contact form, /my-leads and the Dealer Hub at phone, tablet and desktop widths: no sideways
// scrolling, no serious accessibility problem, and a screenshot of each for a human look
// (test-results/leads-screens/).
import { test, expect } from './fixtures';
import { DEMO } from './fixtures';
import { demoDealerListings, openHubAsDealer, openListing } from './leads-helpers';
import { createConfirmedUser, serviceRest, signInUi } from './sync-helpers';

test.setTimeout(300_000);

const WIDTHS = [390, 820, 1280];
// SHOTS_DIR puts the screenshots somewhere to look at them (e.g. /tmp/shots); the default is in test-results.
const shot = (name: string, width: number) =>
  `${process.env.SHOTS_DIR ?? 'test-results/leads-screens'}/${name}-${width}.png`;

async function noSidewaysScroll(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page scrolls sideways').toBeLessThanOrEqual(0);
}

test('contact form, my leads and the hub fit 390, 820 and 1280 px', async ({ page, browser, axe }) => {
  const listings = await demoDealerListings();
  const shopper = await createConfirmedUser('screens');
  const dealerUser = await serviceRest<{ id: string }[]>(
    `/dealer_members?select=user_id:user_id&role=eq.owner&limit=1`,
  );
  const [lead] = await serviceRest<{ id: string }[]>('/leads', {
    method: 'POST',
    headers: { prefer: 'return=representation' },
    body: JSON.stringify({
      user_id: shopper.id,
      vehicle_listing_id: listings[3].id,
      dealer_id: listings[3].dealer_id,
      name: 'Jamie Screens',
      email: shopper.email,
      phone: '07700 900123',
      message: 'Hello, is this car still available? Could I book a test drive this weekend?',
      part_exchange: true,
      part_exchange_registration: 'KX19 ABC',
      part_exchange_mileage: 58000,
      finance_interest: true,
    }),
  });
  const dealerId = (dealerUser[0] as unknown as { user_id: string }).user_id;
  await serviceRest('/lead_messages', {
    method: 'POST',
    body: JSON.stringify({
      lead_id: lead.id,
      sender_id: dealerId,
      body: 'It is. Saturday at 10 or 2 would work for us; which suits you?',
    }),
  });

  await signInUi(page, shopper.email);
  await openListing(page, listings[3].id);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Contact dealer' }).click();
    const form = page.getByRole('form', { name: 'Contact the dealer' });
    await form.getByLabel('Part exchange: I have a car to trade in').check();
    await form.getByRole('button', { name: 'Send enquiry' }).click(); // shows the field errors (no name yet)
    await expect(form.getByText('Enter your name.')).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: shot('contact-form', width) });
    if (width === 1280) await axe();
    await page.keyboard.press('Escape');
  }

  await page.goto('/my-leads');
  await expect(page.getByTestId('lead-card')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText('Saturday at 10 or 2')).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: shot('my-leads', width), fullPage: true });
  }
  await axe();

  const dealerContext = await browser.newContext();
  const hub = await dealerContext.newPage();
  await openHubAsDealer(hub);
  await expect(hub.getByTestId('hub-lead').filter({ hasText: 'Jamie Screens' })).toBeVisible({ timeout: 30_000 });
  for (const width of WIDTHS) {
    await hub.setViewportSize({ width, height: 1000 });
    await noSidewaysScroll(hub);
    await hub.screenshot({ path: shot('dealer-hub', width), fullPage: false });
  }
  await axe(hub);
  await dealerContext.close();
  expect(DEMO.dealer.email).toBe('dealer@example.com');
});
