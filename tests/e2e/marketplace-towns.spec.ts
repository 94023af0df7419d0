// A first visit to /marketplace (issue 32): each card names its dealer's town from the first paint, drawn before
// the app runs (the server's first page, or the early view over the static page), and the line never changes
// once the app takes over and has synced the dealers. Before, it showed the outcode ("LS1") until the app had
// the dealers, then the town ("Leeds").
import type { Page } from '@playwright/test';
import { test, expect, API_URL, ANON_KEY } from './fixtures';
import { holdAppCode, serveStaticPage } from './hold-app-code';

test.describe.configure({ timeout: 90_000 });

/** Records every text each card's "where" line shows, by listing id, from the page's first parse. */
const recordWhereLines = (page: Page) =>
  page.addInitScript(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __where: typeof seen }).__where = seen;
    const look = () => {
      for (const card of document.querySelectorAll('[data-listing-id]')) {
        const id = card.getAttribute('data-listing-id') ?? '';
        const text = card.querySelector('.cat-card__where')?.textContent ?? null;
        const list = (seen[id] ??= []);
        if (text !== null && list.at(-1) !== text) list.push(text);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });

/** The Data API's answer for `path`, read as the anon role. */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${API_URL}/rest/v1/${path}`, { headers: { apikey: ANON_KEY } });
  expect(res.ok, path).toBe(true);
  return (await res.json()) as T;
}

/** The dealer is in the app's IndexedDB store (the app has synced it). */
const dealerHeld = (page: Page, id: string) =>
  page.evaluate(
    (dealerId) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('motorly');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('dealers')) return (db.close(), resolve(false));
          const get = db.transaction('dealers').objectStore('dealers').get(dealerId);
          get.onsuccess = () => (db.close(), resolve(get.result !== undefined));
          get.onerror = () => (db.close(), resolve(false));
        };
      }),
    id,
  );

for (const served of [true, false])
  test(`first visit (${served ? "the server's first page" : 'the early view'}): the cards show the dealer's town from the first paint, and it never changes`, async ({
    page,
  }) => {
    if (!served) await serveStaticPage(page);
    await recordWhereLines(page);
    const release = await holdAppCode(page);
    await page.goto('/marketplace', { waitUntil: 'commit' });

    // No app code has run: the cards are the ones drawn before it, with nothing synced.
    const early = page.locator('#root[data-prerendered] [data-testid="listing-results"][data-early-view]');
    await expect(early.getByTestId('listing-card')).toHaveCount(20, { timeout: 30_000 });
    const first = early.getByTestId('listing-card').first();
    const id = (await first.getAttribute('data-listing-id'))!;
    const [listing] = await api<{ dealer_id: string; outcode: string }[]>(
      `vehicle_listings?id=eq.${id}&select=dealer_id,outcode`,
    );
    const [dealer] = await api<{ town: string }[]>(`dealers?id=eq.${listing.dealer_id}&select=town`);
    expect(dealer.town).not.toBe(listing.outcode);
    await expect(first.locator('.cat-card__where')).toHaveText(dealer.town);
    expect(await dealerHeld(page, listing.dealer_id)).toBe(false);

    release();
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 30_000 });
    const card = page.locator(`[data-testid="listing-card"][data-listing-id="${id}"]`);
    await expect(card.locator('.cat-card__where')).toHaveText(dealer.town);
    // Once the app has the dealers, the card still says the same: its line only ever showed the town.
    await expect.poll(() => dealerHeld(page, listing.dealer_id), { timeout: 30_000 }).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
    await expect(card.locator('.cat-card__where')).toHaveText(dealer.town);
    const history = await page.evaluate(
      (i) => (window as unknown as { __where: Record<string, string[]> }).__where[i],
      id,
    );
    expect(history).toEqual([dealer.town]);
  });
