// Offline-first writes survive a reload and reach the server once back online; a stack that goes
// away mid-sync (after committing, before answering) loses nothing and duplicates nothing.
import { test, expect } from '@playwright/test';
import {
  API_URL,
  badge,
  createConfirmedUser,
  enableHooks,
  hooksReady,
  isBookmarked,
  ledgerFor,
  listingIds,
  queueCounts,
  serverBookmarks,
  serviceRest,
  settledAndInstalled,
  signInUi,
  toggleBookmark,
  waitForLeader,
} from './sync-helpers';

test('offline bookmark survives a reload and is on the server within 10 s of reconnecting', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser('sync-offline');
  const [listingId] = await listingIds(1);
  await enableHooks(context);
  await signInUi(page, user.email);
  await hooksReady(page);
  await waitForLeader(page);

  await page.goto(`/marketplace/${listingId}`);
  // The app must be installed (service worker precached and controlling) to reload offline.
  await settledAndInstalled(page);
  await hooksReady(page);
  await waitForLeader(page);
  await context.setOffline(true);
  await expect(badge(page)).toContainText('Offline');
  await toggleBookmark(page, listingId);
  await expect(page.getByTestId('sync-pending-count')).toHaveText('1');

  await page.reload();
  await hooksReady(page);
  expect(await isBookmarked(page, listingId)).toBe(true);
  await expect(page.getByTestId('sync-pending-count')).toHaveText('1');
  expect(await serverBookmarks(user.id)).toEqual([]);

  await context.setOffline(false);
  const start = Date.now();
  await expect
    .poll(async () => (await serverBookmarks(user.id)).map((b) => b.vehicle_listing_id), {
      timeout: 10_000,
      intervals: [200],
    })
    .toEqual([listingId]);
  expect(Date.now() - start).toBeLessThan(10_000);
  await expect(page.getByTestId('sync-pending-count')).toHaveCount(0);
});

test('the API stopped mid-sync and restarted: nothing lost, nothing duplicated', async ({ page, context }) => {
  const user = await createConfirmedUser('sync-outage');
  const ids = await listingIds(5);
  await enableHooks(context);
  await signInUi(page, user.email);
  await hooksReady(page);
  await waitForLeader(page);

  // The "stack stop": the first push reaches the server and commits, then the connection dies
  // before the answer; every API request then fails as connection-refused until the "restart".
  let down = false;
  let committedThenCut = 0;
  await context.route(`${API_URL}/**`, async (route) => {
    const url = route.request().url();
    if (!down && url.includes('/rest/v1/rpc/apply_mutations') && committedThenCut === 0) {
      await route.fetch(); // the server applies the batch...
      committedThenCut++;
      down = true; // ...and goes down before answering
      await route.abort('connectionreset');
      return;
    }
    if (down) return route.abort('connectionrefused');
    return route.continue();
  });

  await settledAndInstalled(page);
  await hooksReady(page);
  await context.setOffline(true);
  for (const id of ids) await toggleBookmark(page, id);
  await expect.poll(() => queueCounts(page)).toEqual({ queued: 5, parked: 0 });
  await context.setOffline(false);

  await expect.poll(() => committedThenCut, { timeout: 15_000 }).toBe(1);
  expect((await serverBookmarks(user.id)).length).toBe(5); // committed while the client saw a failure
  await page.waitForTimeout(2_000);
  down = false; // the "restart"

  await expect.poll(() => queueCounts(page), { timeout: 30_000 }).toEqual({ queued: 0, parked: 0 });
  const rows = await serverBookmarks(user.id);
  expect(rows.map((r) => r.vehicle_listing_id).sort()).toEqual([...ids].sort());
  const bookmarkIds = new Set(rows.map((r) => r.id));
  const ledger = (await ledgerFor(user.id)).filter((l) => bookmarkIds.has(l.row_id));
  expect(ledger).toHaveLength(5);
  expect(new Set(ledger.map((l) => l.op_id)).size).toBe(5);
  // The outage itself was recorded on the error-report path and reached the server too.
  const reports = await serviceRest<{ context: { component?: string; action?: string } }[]>(
    `/error_reports?select=context&user_id=eq.${user.id}`,
  );
  expect(reports.map((r) => `${r.context.component}:${r.context.action}`)).toContain('sync:push');
  await context.unroute(`${API_URL}/**`);
});
