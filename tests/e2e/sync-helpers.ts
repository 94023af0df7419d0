// Helpers for the sync end-to-end specs: service-role access to the stack the webServer started,
// and small page probes (leader tab, queue counts) over the opt-in sync test hooks.
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { DEFAULT_SERVICE_ROLE_KEY } from '../../supabase/local/jwt';
import { signIn } from './fixtures';

export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 54321}`;
export const PASSWORD = 'Tr4ffic-Cone#Bristol';

function serviceHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: DEFAULT_SERVICE_ROLE_KEY,
    authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}`,
    'content-type': 'application/json',
    ...extra,
  };
}

export async function serviceRest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${API_URL}/rest/v1${path}`, {
    ...init,
    headers: { ...serviceHeaders(), ...(init.headers as Record<string, string>) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export async function createConfirmedUser(prefix: string): Promise<{ id: string; email: string }> {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await fetch(`${API_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: serviceHeaders(),
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  });
  if (!res.ok) throw new Error(`create user: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { id: user.id, email };
}

export async function listingIds(n: number): Promise<string[]> {
  const rows = await serviceRest<{ id: string }[]>(`/vehicle_listings?select=id&order=id&limit=${n}`);
  if (rows.length < n) throw new Error('The stack has too few listings: is the catalogue seeded?');
  return rows.map((r) => r.id);
}

export async function serverBookmarks(userId: string): Promise<{ id: string; vehicle_listing_id: string }[]> {
  return serviceRest(`/bookmarks?select=id,vehicle_listing_id&user_id=eq.${userId}`);
}

export async function ledgerFor(userId: string): Promise<{ op_id: string; row_id: string }[]> {
  return serviceRest(`/mutation_ledger?select=op_id,row_id&user_id=eq.${userId}`);
}

/** Opt in to the sync test hooks before any page script runs. */
export async function enableHooks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('motorly:test-hooks', '1'));
}

/** Signs in a user made by createConfirmedUser (fixtures.ts signIn: through the API unless `onboarding`). */
export async function signInUi(
  page: Page,
  email: string,
  opts: { onboarding?: boolean; to?: string } = {},
): Promise<void> {
  await signIn(page, email, PASSWORD, opts);
}

export async function hooksReady(page: Page): Promise<void> {
  // The hooks come with the sync layer, which starts after the load event and an idle moment: on a busy
  // machine, with another tab downloading the catalogue, that can take a while.
  await expect.poll(() => page.evaluate(() => '__motorlySync' in window), { timeout: 30_000 }).toBe(true);
}

/** Bookmarks a listing through its detail screen's toggle when it exists, else through the repository hook. */
export async function toggleBookmark(page: Page, listingId: string): Promise<'ui' | 'hook'> {
  const toggle = page.getByTestId('bookmark-toggle');
  if (page.url().includes(`/marketplace/${listingId}`) && (await toggle.count()) > 0) {
    await toggle.first().click();
    return 'ui';
  }
  await page.evaluate(
    (id) =>
      (
        window as unknown as { __motorlySync: { toggleListingBookmark(id: string): Promise<boolean> } }
      ).__motorlySync.toggleListingBookmark(id),
    listingId,
  );
  return 'hook';
}

export async function isBookmarked(page: Page, listingId: string): Promise<boolean> {
  return page.evaluate(
    (id) =>
      (
        window as unknown as { __motorlySync: { isListingBookmarked(id: string): Promise<boolean> } }
      ).__motorlySync.isListingBookmarked(id),
    listingId,
  );
}

export async function queueCounts(page: Page): Promise<{ queued: number; parked: number }> {
  return page.evaluate(() =>
    (
      window as unknown as { __motorlySync: { queueCounts(): Promise<{ queued: number; parked: number }> } }
    ).__motorlySync.queueCounts(),
  );
}

/** Whether this tab's sync worker holds the leader lock (the test hooks' page state: enableHooks first). */
export async function isLeaderTab(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Boolean(
      (window as unknown as { __motorlySync?: { status(): { isLeaderTab: boolean } } }).__motorlySync?.status()
        .isLeaderTab,
    ),
  );
}

export const badge = (page: Page) => page.getByTestId('sync-status-badge');
export const leaderBadge = (page: Page) => page.locator('.sync-badge[data-leader="true"]');

/** Waits until this tab's worker holds the leader lock and the user's session reached the store. */
export async function waitForLeader(page: Page): Promise<void> {
  await expect(leaderBadge(page)).toHaveCount(1, { timeout: 20_000 });
}

/** The app is installed (service worker controlling) and idle, so going offline breaks nothing. */
export async function settledAndInstalled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.waitForLoadState('networkidle');
}
