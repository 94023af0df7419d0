// Enquiries end to end, two browser contexts (shopper and the demo dealer): an enquiry made offline
// reaches the dealer's hub after reconnecting and the dealer's reply reaches /my-leads live; the 6th
// enquiry within an hour is refused by the server with the spec's message and kept visible.
import { test, expect } from './fixtures';
import { RATE_LIMIT_MESSAGE, demoDealerListings, openHubAsDealer, openListing } from './leads-helpers';
import { createConfirmedUser, serviceRest, settledAndInstalled, signInUi } from './sync-helpers';

test.setTimeout(240_000);

test('an offline enquiry reaches the dealer hub after reconnect, and the reply reaches /my-leads live', async ({
  browser,
}) => {
  const listings = await demoDealerListings();
  const listing = listings[0];
  const shopper = await createConfirmedUser('enquirer');
  const buyerName = `Robin Enquirer ${Date.now().toString(36)}`;

  const dealerContext = await browser.newContext();
  const dealerPage = await dealerContext.newPage();
  await openHubAsDealer(dealerPage);

  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await signInUi(page, shopper.email);
  await openListing(page, listing.id);
  await settledAndInstalled(page);

  await shopperContext.setOffline(true);
  await page.getByRole('button', { name: 'Contact dealer' }).click();
  const form = page.getByRole('form', { name: 'Contact the dealer' });
  await expect(form.getByLabel('Email')).toHaveValue(shopper.email);
  // Validation first: the e-mail in the spec's words, the part-exchange details when ticked.
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Part exchange: I have a car to trade in').check();
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await expect(form.getByText('Enter your name.')).toBeVisible();
  await expect(form.getByText("Enter your car's registration, e.g. AB12 CDE.")).toBeVisible();
  await form.getByLabel('Your name').fill(buyerName);
  await form.getByLabel('Email').fill(shopper.email);
  await form.getByLabel('Its registration').fill('ab12 cde');
  await form.getByLabel('Its mileage').fill('42,000');
  await form.getByLabel("Finance: I'd like a finance quote").check();
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByTestId('delivery-queued')).toHaveText("Queued: it will be sent when you're back online.");

  await shopperContext.setOffline(false);
  await expect(page.getByTestId('delivery-sent')).toContainText('Sent to Aberystwyth Car Centre', { timeout: 30_000 });
  const stored = await serviceRest<
    { dealer_id: string; part_exchange_registration: string; finance_interest: boolean }[]
  >(
    `/leads?select=dealer_id,part_exchange_registration,finance_interest&email=eq.${encodeURIComponent(shopper.email)}`,
  );
  expect(stored).toEqual([
    { dealer_id: listing.dealer_id, part_exchange_registration: 'AB12 CDE', finance_interest: true },
  ]);

  // The dealer's open hub shows it without a reload, and he replies.
  const lead = dealerPage.getByTestId('hub-lead').filter({ hasText: buyerName });
  await expect(lead).toBeVisible({ timeout: 20_000 });
  await expect(lead).toContainText('Part exchange: AB12 CDE, 42,000 miles');
  await expect(lead.getByTestId('hub-lead-status')).toHaveText('New');

  await page.getByRole('button', { name: 'Done' }).click();
  await page.goto('/my-leads');
  const card = page.getByTestId('lead-card').filter({ hasText: listing.title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('lead-status')).toHaveText('New');

  const reply = 'Yes, it is still here. Would Saturday at 10 suit you?';
  await lead.getByLabel(`Reply to ${buyerName}`).fill(reply);
  await lead.getByRole('button', { name: 'Send' }).click();
  await expect(lead.getByTestId('hub-lead-status')).toHaveText('Contacted');

  await expect(card.getByText(reply)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('lead-status')).toHaveText('Contacted');

  // The shopper answers in the thread; the dealer sees it live too.
  await card.getByLabel('Reply to Aberystwyth Car Centre').fill('Saturday is perfect, thank you.');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(lead.getByText('Saturday is perfect, thank you.')).toBeVisible({ timeout: 20_000 });

  await dealerContext.close();
  await shopperContext.close();
});

test('the 6th enquiry within an hour is refused with the spec message and kept in needs attention', async ({
  page,
}) => {
  const [, listing] = await demoDealerListings();
  const shopper = await createConfirmedUser('enquiry-limit');
  // Five enquiries in the last hour already (the server's trigger counts them whoever inserted them).
  for (let i = 0; i < 5; i++) {
    await serviceRest('/leads', {
      method: 'POST',
      body: JSON.stringify({
        user_id: shopper.id,
        vehicle_listing_id: listing.id,
        dealer_id: listing.dealer_id,
        name: 'Eager Buyer',
        email: shopper.email,
        message: `Enquiry ${i + 1}`,
      }),
    });
  }
  await signInUi(page, shopper.email);
  await openListing(page, listing.id);
  await page.getByRole('button', { name: 'Contact dealer' }).click();
  const form = page.getByRole('form', { name: 'Contact the dealer' });
  await form.getByLabel('Your name').fill('Eager Buyer');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByTestId('delivery-failed')).toHaveText(`Not sent: ${RATE_LIMIT_MESSAGE}`, { timeout: 40_000 });

  await page.getByRole('button', { name: 'Done' }).click();
  await page.goto('/my-leads');
  const refused = page.getByTestId('lead-card').filter({ has: page.getByTestId('delivery-failed') });
  await expect(refused).toHaveCount(1, { timeout: 20_000 });
  await expect(refused.getByTestId('delivery-failed')).toHaveText(`Not sent: ${RATE_LIMIT_MESSAGE}`);
  await expect(page.getByTestId('lead-card')).toHaveCount(6);
  await page.getByTestId('sync-status-badge').click();
  const parked = page.getByTestId('sync-parked-op');
  await expect(parked).toHaveCount(1);
  await expect(parked).toContainText('Enquiry added');
  await expect(parked).toContainText(RATE_LIMIT_MESSAGE);
  const onServer = await serviceRest<unknown[]>(`/leads?select=id&user_id=eq.${shopper.id}`);
  expect(onServer).toHaveLength(5);
});
