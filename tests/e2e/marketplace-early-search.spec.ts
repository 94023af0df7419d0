// A search made on a first visit to /marketplace before the app has taken the page over (a router navigation, or
// Back): the early view asks for it at once with the query engine's own request and draws its cards, and the app,
// once it runs, adopts that answer (no second request for it) and shows the same cards in the same order. Before,
// the first cards stayed on screen until the app had loaded, opened its database and rendered (1-2 s at 4x CPU).
import type { Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { holdAppCode, serveStaticPage } from './hold-app-code';

test.describe.configure({ timeout: 90_000 });

const cards = (page: Page) => page.getByTestId('listing-card');
const ids = (page: Page) => cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id')));
const prices = (page: Page) =>
  cards(page).evaluateAll((els) =>
    els.map((e) => Number(e.querySelector('.cat-price strong')?.textContent?.replace(/[^\d]/g, ''))),
  );

/** search_listings requests, with their bodies. */
function searches(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rpc/search_listings')) seen.push(r);
  });
  return seen;
}

/** A navigation as the app's router makes it (pushState, then the popstate it listens to). */
const navigate = (page: Page, query: string) =>
  page.evaluate((q) => {
    history.pushState({ usr: null, key: 'k', idx: 1 }, '', `/marketplace?${q}`);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, query);

for (const served of [true, false])
  test(`first visit (${served ? "the server's first page" : 'the static page'}): a search before the app runs is asked for and drawn at once, and the app adopts it`, async ({
    page,
    axe,
  }) => {
    if (!served) await serveStaticPage(page);
    const calls = searches(page);
    const release = await holdAppCode(page);
    await page.goto('/marketplace', { waitUntil: 'commit' });
    const early = page.locator('#root[data-prerendered] [data-testid="listing-results"][data-early-view]');
    await expect(early.getByTestId('listing-card')).toHaveCount(20, { timeout: 30_000 });
    // The early view's script has run (it marks the page once it has drawn, or taken over the server's cards): it
    // follows the address from now on. (A dealer's photo on the first card is in the server's HTML already.)
    await expect(page.locator('html[data-early-view]')).toHaveCount(1);
    const firstIds = await ids(page);
    const firstBody = await page.evaluate(() => document.documentElement.dataset.earlySearch ?? '');

    await navigate(page, 'sort=price-asc');
    // Drawn with no app code at all: the cheapest cars first.
    await expect
      .poll(async () => {
        const p = await prices(page);
        const now = await ids(page);
        return p.length === 20 && p.every((x, i) => i === 0 || x >= p[i - 1]) && now.join() !== firstIds.join();
      })
      .toBe(true);
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    const asked = calls.filter((r) => (r.postData() ?? '').includes('"sort":"price-asc"'));
    expect(asked).toHaveLength(1);
    const body = asked[0].postData() ?? '';
    expect(JSON.parse(body)).toMatchObject({ after: null, page_size: 20, include_counts: true });
    const sortedIds = await ids(page);

    // Back to the first page: its answer is drawn again, not asked for again.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => ids(page)).toEqual(firstIds);
    await page.goForward({ waitUntil: 'commit' });
    await expect.poll(() => ids(page)).toEqual(sortedIds);
    expect(calls.filter((r) => r.postData() === firstBody)).toHaveLength(served ? 0 : 1);

    release();
    // The app's first render shows the same answer, adopted: no request of its own for it.
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-early-view]')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(20);
    expect(await ids(page)).toEqual(sortedIds);
    await expect(page.getByTestId('sort')).toHaveValue('price-asc');
    expect(calls.filter((r) => r.postData() === body)).toHaveLength(1);
    await axe(page);

    // The first page, left before the app ran, was stored on the device too: offline, Back shows the same cars
    // from the device's window for it (without it, the held cheapest cars would show instead).
    await page.context().setOffline(true);
    await page.goBack();
    await expect.poll(() => ids(page)).toEqual(firstIds);
    await expect(page.getByTestId('result-count').locator('[data-coverage]')).toHaveText(
      /^20 cars saved on this phone match\. Search all [\d,]+ when you're back online$/,
    );
    await page.context().setOffline(false);
  });
