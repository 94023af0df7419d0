// Privacy and data rights, the AI 2026 roadmap and the tech demo (issue 14 items 7-9): the export
// holds the user's server rows, deletion removes them and the account and signs out, the tech demo's
// offline switch queues a write and drains it, and the four screens pass axe.
import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import {
  API_URL,
  createConfirmedUser,
  enableHooks,
  hooksReady,
  listingIds,
  serverBookmarks,
  serviceRest,
  signInUi,
  toggleBookmark,
  waitForLeader,
} from './sync-helpers';
import { DEFAULT_SERVICE_ROLE_KEY } from '../../supabase/local/jwt';

async function serverUserExists(id: string): Promise<boolean> {
  const res = await fetch(`${API_URL}/auth/v1/admin/users/${id}`, {
    headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}` },
  });
  return res.ok;
}

async function serverBookmark(userId: string, listingId: string): Promise<void> {
  await serviceRest('/bookmarks', {
    method: 'POST',
    body: JSON.stringify({ user_id: userId, vehicle_listing_id: listingId }),
  });
}

test('/ai-2026 shows the 8 roadmap cards, 3 of them live, with progress bars', async ({ page, axe }) => {
  await page.goto('/ai-2026');
  await expect(page.getByRole('heading', { level: 1, name: 'AI 2026 roadmap' })).toBeVisible();
  await expect(page.getByTestId('roadmap-card')).toHaveCount(8);
  await expect(page.getByText('Live now')).toHaveCount(3);
  const bars = page.getByRole('progressbar');
  await expect(bars).toHaveCount(8);
  await expect(page.getByRole('progressbar', { name: 'Voice search' })).toHaveAttribute('aria-valuenow', '90');
  await axe();
});

test('the data export download contains the user’s server rows and no one else’s', async ({ page, axe }) => {
  const [me, other] = [await createConfirmedUser('export-me'), await createConfirmedUser('export-other')];
  const [mine, theirs] = await listingIds(2);
  await serverBookmark(me.id, mine);
  await serverBookmark(other.id, theirs);

  await page.goto('/data-rights');
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toBeVisible();
  await axe();

  await signInUi(page, me.email, { to: '/data-rights' });
  await expect(page.getByRole('heading', { name: 'Download all my data' })).toBeVisible();
  await axe();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^motorly-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { id: string; email: string };
    sources: { server: boolean; device: boolean };
    tables: Record<string, { vehicle_listing_id?: string; user_id?: string }[]>;
  };
  expect(file.sources).toEqual({ server: true, device: true });
  expect(file.account).toMatchObject({ id: me.id, email: me.email });
  expect(file.tables.bookmarks.map((b) => b.vehicle_listing_id)).toContain(mine);
  const text = JSON.stringify(file);
  expect(text).not.toContain(other.id);
  expect(text).not.toContain(theirs);
});

test('deleting the account removes its rows and auth user on the server, signs out and confirms it', async ({
  page,
}) => {
  const me = await createConfirmedUser('erase-me');
  const [listing] = await listingIds(1);
  await serverBookmark(me.id, listing);
  await signInUi(page, me.email, { to: '/data-rights' });
  const button = page.getByRole('button', { name: 'Delete my account and my data' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await button.click();
  // The page reloads (a fresh, signed-out app) on /data-rights, where the confirmation shows.
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/data-rights$/);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.auth), { timeout: 15_000 })
    .toBe('signed-out');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await serverBookmarks(me.id)).toEqual([]);
  expect(await serverUserExists(me.id)).toBe(false);
});

test('the tech demo’s offline switch queues a bookmark and drains it after switching back', async ({
  page,
  context,
  axe,
}) => {
  const me = await createConfirmedUser('demo-offline');
  const [listing] = await listingIds(1);
  await enableHooks(context);
  await signInUi(page, me.email, { to: '/tech-demo' });
  await hooksReady(page);
  await waitForLeader(page);
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await axe();

  await page.getByRole('switch', { name: 'Simulate being offline' }).click();
  await expect(page.getByTestId('demo-connection')).toHaveText('Offline');
  await toggleBookmark(page, listing);
  await expect(page.getByTestId('demo-outbox-count')).toHaveText('1 pending');
  await expect(page.getByTestId('demo-outbox')).toContainText('bookmarks');
  // Well past the leader's upload delay: nothing may have been sent.
  await page.waitForTimeout(1500);
  expect(await serverBookmarks(me.id)).toEqual([]);

  // "Clear local data" warns about the unsynced change (client-side navigation keeps the simulation on).
  await page.evaluate(() => {
    history.pushState({}, '', '/privacy-settings');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('button', { name: 'Clear local data' }).click();
  await expect(page.getByTestId('clear-pending-warning')).toContainText("1 change hasn't reached the server yet");
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.evaluate(() => history.back());
  await expect(page.getByTestId('demo-outbox-count')).toHaveText('1 pending');

  await page.getByRole('switch', { name: 'Simulate being offline' }).click();
  await expect
    .poll(async () => (await serverBookmarks(me.id)).map((b) => b.vehicle_listing_id), { timeout: 10_000 })
    .toEqual([listing]);
  await expect(page.getByTestId('demo-outbox-count')).toHaveText('0 pending');
  await expect(page.getByTestId('demo-sync-log')).toContainText('Offline');
  await expect(page.getByTestId('demo-storage')).toContainText('bookmarks');

  // A change made on the server arrives through realtime and shows in the live feed.
  await serviceRest('/notifications', {
    method: 'POST',
    body: JSON.stringify({ user_id: me.id, type: 'other', title: 'Live from the server', message: 'Hello' }),
  });
  await expect(page.getByTestId('demo-realtime')).toContainText('notifications', { timeout: 10_000 });
  await expect(page.getByTestId('demo-realtime')).toContainText('INSERT');
});

test('privacy settings: consent choices persist; clearing local data clears and reloads', async ({ page, axe }) => {
  await page.goto('/privacy-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy settings' })).toBeVisible();
  await axe();
  await expect(page.getByRole('switch', { name: 'Necessary (always on)' })).toBeDisabled();
  await page.getByRole('switch', { name: 'Analytics' }).click();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByTestId('consent-date')).toContainText('You last made a choice on');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Marketing' })).toHaveAttribute('aria-checked', 'false');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('motorly-cookie-consent') ?? 'null'));
  expect(stored).toMatchObject({ necessary: true, analytics: true, marketing: false, functional: false });

  await page.getByRole('button', { name: 'Clear local data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear local data?' });
  await expect(dialog).toBeVisible();
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Clear data' }).click()]);
  await expect(page.getByTestId('consent-date')).toContainText('You have not made a choice yet');
  expect(await page.evaluate(() => localStorage.getItem('motorly-cookie-consent'))).toBeNull();
});

test('newsletter: a malformed address is refused and a good one gets a neutral confirmation', async ({ page }) => {
  await page.goto('/privacy');
  const email = page.getByLabel('Email address');
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await email.fill(`reader-${Date.now()}@example.co.uk`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText("Thanks — you're on the list.")).toBeVisible();
});

test('screenshots of the four screens at 390, 820 and 1280 px', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write them');
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/privacy-settings', '/data-rights', '/ai-2026', '/tech-demo']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/screens/${path.slice(1)}-${width}.png`, fullPage: true });
    }
  }
});
