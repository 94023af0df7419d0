// Two tabs of one origin: a write in one shows in the other without a reload, exactly one tab's
// worker uploads, and when that tab closes the other takes over.
import { test, expect, type BrowserContext } from '@playwright/test';
import {
  API_URL,
  createConfirmedUser,
  enableHooks,
  hooksReady,
  leaderBadge,
  listingIds,
  serverBookmarks,
  signInUi,
  toggleBookmark,
  badge,
  settledAndInstalled,
} from './sync-helpers';

/**
 * Upload requests from every context of the browser (tabs, their workers, the service worker). Counted
 * per context, not per page: Chromium does not always attribute a dedicated worker's request to its page.
 */
function countUploads(context: BrowserContext): { n: number; fromServiceWorker: number } {
  const counter = { n: 0, fromServiceWorker: 0 };
  context.on('request', (req) => {
    if (!req.url().startsWith(`${API_URL}/rest/v1/rpc/apply_mutations`)) return;
    counter.n++;
    if (req.serviceWorker()) counter.fromServiceWorker++;
  });
  return counter;
}

test('a write in one tab shows in the other; only one tab uploads; the other takes over on close', async ({
  context,
}) => {
  const user = await createConfirmedUser('sync-tabs');
  const [first, second] = await listingIds(2);
  await enableHooks(context);
  const uploads = countUploads(context);
  const a = await context.newPage();
  await signInUi(a, user.email);
  await hooksReady(a);
  await expect(leaderBadge(a)).toHaveCount(1, { timeout: 20_000 });

  const b = await context.newPage();
  await b.goto('/');
  await hooksReady(b);
  // Exactly one leader: tab A's worker holds the lock, tab B's waits.
  await expect(badge(b)).toBeVisible();
  await expect(b.locator('.sync-badge[data-leader="false"]')).toHaveCount(1);

  // Offline, so the queued change is visible in both tabs before it uploads.
  await settledAndInstalled(a);
  await settledAndInstalled(b);
  await hooksReady(b);
  uploads.n = 0;
  await context.setOffline(true);
  await toggleBookmark(b, first);
  await expect(a.getByTestId('sync-pending-count')).toHaveText('1');
  await expect(b.getByTestId('sync-pending-count')).toHaveText('1');
  await context.setOffline(false);
  await expect.poll(async () => (await serverBookmarks(user.id)).length, { timeout: 10_000 }).toBe(1);
  await expect(a.getByTestId('sync-pending-count')).toHaveCount(0);
  await expect(b.getByTestId('sync-pending-count')).toHaveCount(0);
  // One request in all: A's worker (the leader) sent it; neither B's worker nor the service worker did.
  expect(uploads.n).toBe(1);
  expect(uploads.fromServiceWorker).toBe(0);
  await expect(b.locator('.sync-badge[data-leader="false"]')).toHaveCount(1);

  // The leader's tab closes: B's worker takes the lock and uploads the next write.
  await a.close();
  const beforeB = uploads.n;
  await expect(leaderBadge(b)).toHaveCount(1, { timeout: 10_000 });
  await toggleBookmark(b, second);
  await expect
    .poll(async () => (await serverBookmarks(user.id)).map((r) => r.vehicle_listing_id).sort(), { timeout: 10_000 })
    .toEqual([first, second].sort());
  expect(uploads.n).toBeGreaterThan(beforeB);
});
