// A listing on a shopper's phone (issue 34): the contact bar (Call is a tel: link, Message opens the enquiry
// form or sign-in first, Save bookmarks), the full-screen gallery (swipe, arrow keys, Escape, focus kept
// inside, "2 of 4"), and the bookmarks page showing the price change since saving and the alert state.
// Screenshots at 390 px go to $SHOTS_DIR (default test-results/listing-phone).
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { createConfirmedUser, PASSWORD, serviceRest } from './sync-helpers';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/listing-phone';
const PHONE = { width: 390, height: 844 };

/** An active listing away from the ones other specs take (they read the first by id). */
async function quietListing(): Promise<{ id: string; price: number; title: string }> {
  const rows = await serviceRest<{ id: string; price: number; title: string }[]>(
    '/vehicle_listings?select=id,price,title&status=eq.active&order=id.desc&limit=1&offset=7',
  );
  return rows[0]!;
}

/** Whether keyboard focus is inside the open gallery. */
const focusInViewer = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="gallery-viewer"]')));

test.describe('issue 34: a listing on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('signed out: the gallery, Call and Message, on the first screen', async ({ page, axe }) => {
    await page.setViewportSize(PHONE);
    await waitForCatalogue(page);
    const listing = await quietListing();
    await page.goto(`/marketplace/${listing.id}`);
    await expect(page.getByTestId('listing-price')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('listing-call')).toHaveAttribute('href', /^tel:\+44[1-9][0-9]{8,9}$/);
    await expect(page.getByTestId('listing-dealer-line')).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/listing-390-first-screen.png` });
    await page.screenshot({ path: `${SHOTS}/listing-390-full.png`, fullPage: true });
    await axe();

    // The gallery: tap the picture, then arrows, a swipe, Tab kept inside, Escape back to the picture.
    const open = page.getByTestId('gallery-open');
    await open.click();
    const viewer = page.getByTestId('gallery-viewer');
    const count = viewer.getByTestId('gallery-count');
    await expect(viewer).toBeVisible();
    await expect(count).toContainText('1 of 4');
    await page.keyboard.press('ArrowRight');
    await expect(count).toContainText('2 of 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(count).toContainText('4 of 4');
    const stage = (await viewer.locator('.lgal__stage').boundingBox())!;
    const y = stage.y + stage.height / 2;
    await page.mouse.move(stage.x + stage.width - 40, y);
    await page.mouse.down();
    await page.mouse.move(stage.x + 40, y, { steps: 5 });
    await page.mouse.up();
    await expect(count).toContainText('1 of 4');
    await page.mouse.move(stage.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width - 40, y, { steps: 5 });
    await page.mouse.up();
    await expect(count).toContainText('4 of 4');
    await viewer.getByRole('button', { name: 'Next picture' }).click();
    await expect(count).toContainText('1 of 4');
    await viewer.getByRole('button', { name: 'Next picture' }).click();
    await expect(count).toContainText('2 of 4');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInViewer(page), `focus stays in the gallery after ${i + 1} Tab(s)`).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/listing-390-gallery.png` });
    await axe();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(open).toBeFocused();
    // The page keeps the picture the shopper stopped at.
    await expect(page.locator('.lgal-count')).toHaveText('2 of 4');

    // Message, signed out: sign in first, then back to this car with the form.
    await page.getByTestId('listing-message').click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain(`/marketplace/${listing.id}?contact=1`);

    // The same page on a tablet and a laptop, for the record.
    for (const width of [820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/marketplace/${listing.id}`);
      await expect(page.getByTestId('listing-price')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/listing-${width}.png` });
    }
  });

  test('signed in: Message opens the form, Save bookmarks; the bookmark shows the price change and the alert', async ({
    page,
  }) => {
    const user = await createConfirmedUser('phone-listing');
    const listing = await quietListing();
    await page.setViewportSize(PHONE);
    await signIn(page, user.email, PASSWORD, { to: '/marketplace' });
    await waitForCatalogue(page);
    await page.goto(`/marketplace/${listing.id}`);
    await expect(page.getByTestId('listing-price')).toBeVisible({ timeout: 30_000 });

    await page.getByTestId('listing-message').click();
    const form = page.getByRole('dialog', { name: /^Contact / });
    await expect(form).toBeVisible();
    await expect(form).toContainText(listing.title);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    const save = page.getByTestId('contact-bar').getByTestId('bookmark-toggle');
    await expect(save).toHaveText(/Save$/);
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(save).toHaveText(/Saved$/);

    // After saving: the dealer cuts the price by £500, and the shopper sets an alert.
    await expect
      .poll(async () => (await serviceRest<unknown[]>(`/bookmarks?select=id&user_id=eq.${user.id}`)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    await serviceRest(`/vehicle_listings?id=eq.${listing.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ price: listing.price - 500 }),
    });
    await serviceRest('/price_alerts', {
      method: 'POST',
      body: JSON.stringify({
        user_id: user.id,
        vehicle_listing_id: listing.id,
        target_price: listing.price - 1500,
        current_price: listing.price - 500,
      }),
    });

    await page.goto('/bookmarks');
    const card = page.getByTestId('bookmarked-listings').getByTestId('listing-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('saved-price-change')).toContainText('£500 cheaper since you saved it on ', {
      timeout: 20_000,
    });
    await expect(card.getByTestId('saved-alert')).toContainText(
      `Price alert on: below £${(listing.price - 1500).toLocaleString('en-GB')}`,
      { timeout: 20_000 },
    );
    // The remove button is inside the card, not a bar of its own beside it.
    await expect(card.getByRole('button', { name: `Saved ${listing.title}`, pressed: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bookmarks-390.png`, fullPage: true });
  });
});
