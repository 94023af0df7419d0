// Signed-in life, end to end with two parties: the shopper in the app, the dealer through its own
// API session. A price cut fires the shopper's alert live (badge, panel entry, toast, e-mail);
// mark all read; dismiss one; the test send; notification settings saved and reloaded.
import { test, expect } from './fixtures';
import { createConfirmedUser, enableHooks, hooksReady, queueCounts, serviceRest, signInUi } from './sync-helpers';
import {
  catalogueName,
  dealerListing,
  dealerRest,
  dealerSession,
  mailFor,
  openListing,
  openPanel,
  toast,
} from './signed-in-helpers';

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

test('a dealer price cut reaches the shopper with a matching alert: badge, panel, toast and e-mail', async ({
  page,
  context,
  axe,
}) => {
  const shopper = await createConfirmedUser('ntf');
  await enableHooks(context);
  const dealer = await dealerSession();
  const listing = await dealerListing(dealer.dealerId);

  await signInUi(page, shopper.email);
  await hooksReady(page);
  // Instant pop-ups are off by default (SPEC §3): switch them on through the settings view.
  const settings = await openPanel(page);
  await settings.getByRole('button', { name: 'Set up notifications' }).click();
  const instant = settings.getByRole('switch', { name: 'Instant pop-ups' });
  await expect(instant).toHaveAttribute('aria-checked', 'false');
  await expect(instant).toHaveAccessibleDescription('Show a pop-up when a notification arrives while Motorly is open');
  await instant.click();
  await settings.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await serviceRest<{ notification_preferences: Record<string, boolean> }[]>(
            `/user_preferences?select=notification_preferences&user_id=eq.${shopper.id}`,
          )
        )[0]?.notification_preferences.instant_notifications ?? null,
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await openListing(page, listing.id);
  // The sync engine (and its test hooks) starts after the first render, which may be after the price shows.
  await hooksReady(page);
  // The preferences row (instant on) is in the local store before the cut.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          (window as unknown as { __motorlySync: { localCount(t: string): Promise<number> } }).__motorlySync.localCount(
            'user_preferences',
          ),
        ),
      { timeout: 60_000 },
    )
    .toBe(1);

  // Validation first: a target at or above the price is refused with a clear message.
  await page.getByRole('button', { name: 'Set price alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set price alert' });
  await dialog.getByTestId('price-alert-target').fill(String(listing.price + 100));
  await dialog.getByRole('button', { name: 'Set price alert' }).click();
  await expect(dialog.getByRole('alert')).toContainText('must be below the current price');
  const target = listing.price - 500;
  await dialog.getByTestId('price-alert-target').fill(String(target));
  await dialog.getByRole('button', { name: 'Set price alert' }).click();
  await expect(toast(page, 'Price alert created')).toContainText(
    `You'll be notified when the price drops below £${target.toLocaleString('en-GB')}.`,
  );
  await expect(page.getByTestId('price-alert-control')).toContainText('Price alert on');
  await expect
    .poll(async () => (await serviceRest<unknown[]>(`/price_alerts?select=id&user_id=eq.${shopper.id}`)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  // The dealer cuts the price below the target through its own session.
  const newPrice = listing.price - 1000;
  await dealerRest(dealer.token, `/vehicle_listings?id=eq.${listing.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ price: newPrice }),
  });

  const title = `Price drop: ${await catalogueName(listing.id)}`; // never the dealer's title
  await expect(page.getByTestId('unread-badge')).toHaveText(/^1\b/, { timeout: 15_000 });
  await expect(toast(page, title)).toBeVisible();
  await expect(page.getByTestId('listing-price')).toHaveText(`£${newPrice.toLocaleString('en-GB')}`);
  // Its price history follows (issue 32): the realtime change fetches the cut's history row at once (about 2 s
  // after the cut here; the next catch-up pull would bring it 5 to 7 s after). The wait allows a loaded CI
  // machine; src/sync/live-price-history.test.ts proves the live fetch itself.
  const history = page.getByRole('region', { name: 'Price history' });
  await history.getByText('Price changes as a table').click();
  await expect(history.getByRole('cell', { name: `£${newPrice.toLocaleString('en-GB')}` })).toBeVisible({
    timeout: 10_000,
  });

  const panel = await openPanel(page);
  await expect(panel.getByTestId('notification-new-count')).toHaveText('1 new');
  await expect(panel.getByTestId('notification-item').first()).toContainText(title);
  await axe();

  await expect
    .poll(async () => (await mailFor(shopper.email)).filter((m) => m.template === 'price_drop_alert').length, {
      timeout: 20_000,
    })
    .toBe(1);

  // Mark all read: the badge goes, the button goes, and the server row gets dismissed_at.
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(panel.getByTestId('notification-new-count')).toHaveText('0 new');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await serviceRest<{ dismissed_at: string | null }[]>(
            `/notifications?select=dismissed_at&user_id=eq.${shopper.id}`,
          )
        )[0]?.dismissed_at ?? null,
      { timeout: 20_000 },
    )
    .not.toBeNull();

  // Dismiss one: it leaves the list, and the row stays on the server (dismissed, not deleted).
  await expect(panel.getByTestId('notification-item')).toHaveCount(1);
  await panel.getByRole('button', { name: `Dismiss: ${title}` }).click();
  await expect(panel.getByTestId('notification-item')).toHaveCount(0);
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await expect.poll(() => queueCounts(page), { timeout: 20_000 }).toEqual({ queued: 0, parked: 0 });
  expect(await serviceRest<unknown[]>(`/notifications?select=id&user_id=eq.${shopper.id}`)).toHaveLength(1);

  // The settings view: the alert card shows the trigger, and the test send lands in the mailbox.
  await panel.getByRole('button', { name: 'Settings' }).click();
  const alertRow = panel.getByTestId('price-alert');
  await expect(alertRow).toContainText(listing.title);
  await expect(alertRow).toContainText(`Alert when price drops below £${target.toLocaleString('en-GB')}`);
  await expect(alertRow).toContainText(`Current price: £${newPrice.toLocaleString('en-GB')}`);
  await expect(alertRow).toContainText('Triggered 1 time(s)');
  await panel.getByRole('button', { name: 'Send test email' }).click();
  await expect(toast(page, 'Test email sent')).toContainText('Check your email for the test notification.');
  await expect.poll(async () => (await mailFor(shopper.email)).length, { timeout: 20_000 }).toBe(2);
});

test('notification settings are saved, synced and still there after a reload; alerts toggle and delete', async ({
  page,
}) => {
  const shopper = await createConfirmedUser('ntf-set');
  const dealer = await dealerSession();
  const listing = await dealerListing(dealer.dealerId, 1);
  await serviceRest('/price_alerts', {
    method: 'POST',
    body: JSON.stringify({
      user_id: shopper.id,
      vehicle_listing_id: listing.id,
      target_price: listing.price - 100,
      current_price: listing.price,
    }),
  });
  await signInUi(page, shopper.email);
  let panel = await openPanel(page);
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await panel.getByRole('button', { name: 'Set up notifications' }).click();

  const digest = panel.getByRole('switch', { name: 'Weekly Digest' });
  await expect(digest).toHaveAttribute('aria-checked', 'true');
  await digest.click();
  await panel.getByRole('switch', { name: 'Price Drop Alerts' }).click();
  await panel.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Settings saved')).toContainText('Your notification preferences have been updated.');
  await expect
    .poll(
      async () =>
        (
          await serviceRest<{ notification_preferences: Record<string, boolean> }[]>(
            `/user_preferences?select=notification_preferences&user_id=eq.${shopper.id}`,
          )
        )[0]?.notification_preferences ?? null,
      { timeout: 20_000 },
    )
    .toMatchObject({
      weekly_digest: false,
      price_drop_alerts: false,
      email_notifications: true,
      new_match_alerts: true,
    });

  // The alert card (pulled on sign-in, after any catalogue download already under way): disable, then delete.
  const alertRow = panel.getByTestId('price-alert');
  await expect(alertRow).toContainText('Alert when price drops below', { timeout: 120_000 });
  await alertRow.getByRole('switch').click();
  await expect(toast(page, 'Alert disabled')).toContainText('Price alert has been disabled.');
  await expect
    .poll(
      async () =>
        (await serviceRest<{ is_active: boolean }[]>(`/price_alerts?select=is_active&user_id=eq.${shopper.id}`))[0]
          ?.is_active,
      { timeout: 20_000 },
    )
    .toBe(false);

  await page.reload();
  panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Set up notifications' }).click();
  await expect(panel.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'false');
  await expect(panel.getByRole('switch', { name: 'Price Drop Alerts' })).toHaveAttribute('aria-checked', 'false');
  await expect(panel.getByRole('switch', { name: 'New Match Alerts' })).toHaveAttribute('aria-checked', 'true');
  await panel.getByRole('button', { name: /Delete price alert/ }).click();
  await expect(toast(page, 'Alert deleted')).toContainText('Price alert has been removed.');
  await expect(panel.getByText('No price alerts set up yet.')).toBeVisible();
  await expect
    .poll(async () => (await serviceRest<unknown[]>(`/price_alerts?select=id&user_id=eq.${shopper.id}`)).length, {
      timeout: 20_000,
    })
    .toBe(0);

  // Escape closes the sheet (native dialog) and focus returns to the page.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
});
