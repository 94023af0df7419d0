// Every route as a shopper, a dealer and an admin, then nothing in "needs attention" (issue 34: each
// visit to /recommended used to queue ten writes the server refused, parked where nobody could fix
// them). The routes come from the app's own table (src/shared/lib/routes.ts `paths`, which the router
// uses); param routes get real ids from the seeded stack.
import type { BrowserContext, Page } from '@playwright/test';
import { paths } from '../../src/shared/lib/routes';
import { DEMO, expect, signIn, test } from './fixtures';
import { enableHooks, hooksReady, queueCounts, serviceRest } from './sync-helpers';

interface SeedIds {
  brand: string;
  model: string;
  listingId: string;
  dealerId: string;
  reviewId: string;
}

async function seedIds(): Promise<SeedIds> {
  const [listing] = await serviceRest<{ id: string; dealer_id: string; car_model_id: string }[]>(
    '/vehicle_listings?select=id,dealer_id,car_model_id&status=eq.active&order=id&limit=1',
  );
  const [model] = await serviceRest<{ slug: string; brand_id: string }[]>(
    `/car_models?select=slug,brand_id&id=eq.${listing!.car_model_id}`,
  );
  const [brand] = await serviceRest<{ slug: string }[]>(`/brands?select=slug&id=eq.${model!.brand_id}`);
  const [review] = await serviceRest<{ id: string }[]>('/reviews?select=id&order=id&limit=1');
  return {
    brand: brand!.slug,
    model: model!.slug,
    listingId: listing!.id,
    dealerId: listing!.dealer_id,
    reviewId: review!.id,
  };
}

/** Every path of the route table, its parameters filled with seeded ids, plus one the table does not know. */
function everyRoute(ids: SeedIds): string[] {
  const params: Record<string, string> = {
    brandName: ids.brand,
    modelName: ids.model,
    listingId: ids.listingId,
    dealerId: ids.dealerId,
    id: ids.reviewId,
  };
  const filled = Object.values(paths).map((p) =>
    p.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`No seeded value for :${name} in ${p}`);
      return encodeURIComponent(value);
    }),
  );
  return [...filled, '/no-such-page'];
}

/** In-app navigation (the router follows popstate), so the sweep does not reload the app per route. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // (Some redirect: /auth when signed in, /admin/* for non-admins, /brand/x/y to /models/x/y.)
  await expect(page.locator('#root')).not.toBeEmpty();
  // Let the screen load and make its writes (search tracking, recommendation feedback).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
}

/** The ids of the recommendations this device has cached (the app's IndexedDB store). */
function cachedRecommendationIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const open = indexedDB.open('motorly');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = idb
      .transaction('personalized_recommendations')
      .objectStore('personalized_recommendations')
      .getAllKeys();
    const ids = await new Promise<IDBValidKey[]>((resolve) => (keys.onsuccess = () => resolve(keys.result)));
    idb.close();
    return ids.map(String);
  });
}

/**
 * The case the issue met: /recommended counts its cards as shown while the server replaces the set they
 * came from (a re-ranking elsewhere, a reset database). Here the writes wait offline while the server's
 * rows go; back online, the server refuses them. They used to park, ten per visit, for good.
 */
async function recommendationsReplacedUnderQueuedWrites(page: Page, context: BrowserContext): Promise<void> {
  await visit(page, paths.recommended);
  await expect(page.getByTestId('recommendation-source')).toHaveText('Ranked by our recommendations service.', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('recommendation').first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => queueCounts(page), { timeout: 60_000 }).toEqual({ queued: 0, parked: 0 });
  await context.setOffline(true);
  await visit(page, paths.home);
  await visit(page, paths.recommended);
  const cards = await page.getByTestId('recommendation').count();
  await expect.poll(async () => (await queueCounts(page)).queued).toBeGreaterThanOrEqual(cards);
  const ids = await cachedRecommendationIds(page);
  expect(ids.length).toBeGreaterThan(0);
  await serviceRest(`/personalized_recommendations?id=in.(${ids.join(',')})`, { method: 'DELETE' });
  await context.setOffline(false);
}

const ROLES = [
  ['shopper', DEMO.shopper],
  ['dealer', DEMO.dealer],
  ['admin', DEMO.admin],
] as const;

test.describe('issue 34: route sweep', () => {
  for (const [role, account] of ROLES) {
    test(`every route as the ${role}, then nothing needs attention`, async ({ page, context }) => {
      test.setTimeout(300_000);
      const routes = everyRoute(await seedIds());
      expect(routes.length).toBeGreaterThan(30);
      await enableHooks(context);
      await signIn(page, account.email, account.password, { to: '/' });
      await hooksReady(page);
      await recommendationsReplacedUnderQueuedWrites(page, context);
      for (const path of routes) await visit(page, path);
      // Twice to /recommended: its writes used to grow with every visit.
      await visit(page, paths.recommended);
      await visit(page, paths.home);
      await visit(page, paths.recommended);
      await expect
        .poll(() => queueCounts(page), { timeout: 60_000, message: 'the queue drains and nothing parks' })
        .toEqual({ queued: 0, parked: 0 });
      // The sync card agrees: nothing needs attention, and its status says so.
      await page.getByTestId('sync-status-badge').click();
      await expect(page.getByTestId('sync-parked')).toHaveText('0');
      await expect(page.getByTestId('sync-parked-op')).toHaveCount(0);
      await expect(page.getByTestId('sync-phase')).not.toHaveText('Needs attention');
    });
  }
});
