// Issue 33 acceptance: a tablet on the forecourt loses its connection; the dealer adds a photo to a car
// anyway. The photo waits in the photo outbox (its bytes in IndexedDB) and the car shows "waiting for a
// connection"; when the connection returns it uploads by itself, the mark goes, and Storage has the photo.
import { test, expect } from './fixtures';
import { demoDealerListings, openHubAsDealer } from './leads-helpers';
import { photoFile, photoStatus, serverPhotos } from './stock-helpers';

test.setTimeout(240_000);
test.use({ viewport: { width: 820, height: 1180 } });

test('a photo added offline uploads after reconnecting, with its progress shown', async ({ page, context }) => {
  const listings = await demoDealerListings();
  const listing = listings[0];
  const before = await serverPhotos(listing.id);
  const photo = await photoFile('forecourt.jpg', 'jpeg', [30, 140, 60]);

  await openHubAsDealer(page);
  // Open the editor inside the app (the service worker serves the shell offline too).
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/dealer/stock/${listing.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit car' });
  await expect(form).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  await form.getByLabel('Add photos').setInputFiles([photo]);
  await expect(form.getByTestId('stock-photo')).toHaveCount(before.length + 1);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/dealer/stock/${listing.id}/edit`);
  const state = page.getByTestId('photo-upload-state');
  await expect(state).toHaveText(/1 photo waiting for a connection/);
  await expect(state).toHaveAttribute('data-state', 'offline');
  // The new photo shows from the device while it waits (an object URL of the queued file).
  await expect(form.getByTestId('stock-photo').last().getByRole('img')).toHaveAttribute('src', /^blob:/);
  await page.screenshot({ path: '/tmp/shots-editor/offline-photo-waiting-820.png' });
  expect(await serverPhotos(listing.id)).toEqual(before);

  await context.setOffline(false);
  await expect(state).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(() => serverPhotos(listing.id), { timeout: 30_000 }).toHaveLength(before.length + 1);
  const added = (await serverPhotos(listing.id)).at(-1)!;
  expect(added).toMatch(new RegExp(`^${listing.dealer_id}/${listing.id}/[0-9a-f-]+\\.jpg$`));
  expect(await photoStatus(added)).toBe(200);
});
