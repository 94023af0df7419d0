// Issue 33, the lead flow through the bell, two browser contexts (a new shopper and the demo dealer):
// the shopper's enquiry reaches the dealer's bell live and opens that lead in the hub; the dealer's
// reply reaches the shopper's bell live and opens that enquiry in My leads. Both bells hear the rows the
// database makes (public.notifications over realtime), the same path as price drops.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { demoDealerListings, openHubAsDealer, openListing } from './leads-helpers';
import { catalogueName, mailFor, openPanel } from './signed-in-helpers';
import { createConfirmedUser, serviceRest, signInUi } from './sync-helpers';

test.setTimeout(240_000);

/**
 * signInUi, with more patience for the admin check that settles the auth phase: on a loaded machine it
 * waits behind the first catalogue download and took over signInUi's 15 s in several runs.
 */
async function signInShopper(page: Page, email: string): Promise<void> {
  await signInUi(page, email).catch(async () => {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.auth ?? 'loading'), { timeout: 60_000 })
      .toBe('signed-in');
  });
}

test("a lead reaches the dealer's bell live, and the reply reaches the shopper's bell live", async ({ browser }) => {
  // A car no other spec writes to, so the demo dealer's bell holds one enquiry about it.
  const listing = (await demoDealerListings())[4];
  const car = await catalogueName(listing.id);
  const shopper = await createConfirmedUser('bell-buyer');
  const buyerName = `Sam Bell ${Date.now().toString(36)}`;

  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await signInShopper(page, shopper.email);
  await openListing(page, listing.id);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  // Wide enough for the hub's stock and leads side by side.
  const dealerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const dealerPage = await dealerContext.newPage();
  await openHubAsDealer(dealerPage);

  await page.getByRole('button', { name: 'Contact dealer' }).click();
  const form = page.getByRole('form', { name: 'Contact the dealer' });
  await form.getByLabel('Your name').fill(buyerName);
  await form.getByLabel('Message').fill('Is the car still available for a test drive?');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByTestId('delivery-sent')).toContainText('Sent to Aberystwyth Car Centre', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Done' }).click();
  const [lead] = await serviceRest<{ id: string }[]>(`/leads?select=id&email=eq.${encodeURIComponent(shopper.email)}`);

  // The dealer's open hub: the bell's entry arrives without a reload and opens that lead.
  const dealerPanel = await openPanel(dealerPage);
  const entry = dealerPanel
    .getByTestId('notification-item')
    .filter({ hasText: `New enquiry: ${car}` })
    .first();
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await expect(entry).toContainText('(unread)');
  await expect(entry).not.toContainText(buyerName); // no buyer text in a product message
  const [hubTab] = await Promise.all([dealerContext.waitForEvent('page'), entry.getByRole('button').first().click()]);
  await expect(hubTab).toHaveURL(new RegExp(`/dealer/dashboard\\?lead=${lead.id}$`));
  const opened = hubTab.locator(`#hub-lead-card-${lead.id}`);
  await expect(opened).toBeFocused({ timeout: 120_000 });
  await expect(opened).toContainText(buyerName);
  await hubTab.close();

  // The dealer replies from the hub; the shopper's bell (still on the listing) hears it live.
  await dealerPanel.getByRole('button', { name: 'Close' }).click();
  const card = dealerPage.getByTestId('hub-lead').filter({ hasText: buyerName });
  await card.getByLabel(`Reply to ${buyerName}`).fill('Yes, any day this week suits us.');
  await card.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByTestId('unread-badge')).toHaveText(/^1\b/, { timeout: 20_000 });
  const shopperPanel = await openPanel(page);
  const reply = shopperPanel.getByTestId('notification-item').filter({ hasText: `Dealer reply: ${car}` });
  await expect(reply).toHaveCount(1);
  const [leadsTab] = await Promise.all([
    shopperContext.waitForEvent('page'),
    reply.getByRole('button').first().click(),
  ]);
  await expect(leadsTab).toHaveURL(new RegExp(`/my-leads\\?lead=${lead.id}$`));
  const enquiry = leadsTab.locator(`#enquiry-${lead.id}`);
  await expect(enquiry).toBeFocused({ timeout: 60_000 });
  await expect(enquiry).toContainText('Yes, any day this week suits us.');
  // Opening it marked it read.
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  // Default preferences: the shopper is e-mailed about the reply, with the link to the enquiry.
  await expect
    .poll(async () => (await mailFor(shopper.email)).filter((m) => m.template === 'lead_reply').length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [mail] = (await mailFor(shopper.email)).filter((m) => m.template === 'lead_reply');
  expect(mail.subject).toBe(`Dealer reply: ${car}`);
  expect(mail.text).toContain(`/my-leads?lead=${lead.id}`);

  await dealerContext.close();
  await shopperContext.close();
});
