// Reaching the end of a search's results loads its next page, search after search, as a reader changing
// filters then scrolling does, in the plain list and once it is virtual (past 60 cars).
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 180_000 });

/** Cars shown, from "20 of 2,860 shown" or "31 cars found" (null: no count yet). */
const shownCount = (page: Page) =>
  page.evaluate(() => {
    const text = document.querySelector('[data-testid="result-count"]')?.textContent ?? '';
    const m = /^([\d,]+) of/.exec(text) ?? /^([\d,]+) cars? found/.exec(text);
    return m ? Number(m[1].replace(/,/g, '')) : null;
  });

/** A filter change as the router sees one (pushState, then popstate), and its first cards in. */
async function search(page: Page, query: string): Promise<void> {
  // The leading three cards: a car that leads both answers (a dealer's new cheapest car, say) changes nothing.
  const lead = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="listing-card"]'))
        .slice(0, 3)
        .map((e) => e.getAttribute('data-listing-id'))
        .join(),
    );
  const before = await lead();
  await page.evaluate((q) => {
    history.pushState(null, '', `/marketplace?${q}`);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, query);
  await expect(page).toHaveURL(new RegExp(`\\?${query.replace(/[+?]/g, '\\$&')}$`));
  await expect.poll(lead, { timeout: 20_000 }).not.toBe(before);
}

test('scrolling to the last card loads the next page, search after search', async ({ page }) => {
  await waitForCatalogue(page);
  await expect(page.getByTestId('listing-card').first()).toBeVisible({ timeout: 30_000 });
  for (const query of [
    'sort=price-asc',
    'body=suv&sort=price-desc',
    'postcode=EH1+1AA&radius=100&sort=distance',
    'fuel=petrol&sort=newest',
    'sort=mileage&body=hatchback',
  ]) {
    await search(page, query);
    // "N of M shown": more are on the server (N may already be past the first page: the end was near).
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ of [\d,]+ shown$/);
    await page.waitForTimeout(400);
    const before = (await shownCount(page)) ?? 0;
    // To the list's end, and on as a reader would: a virtual list's last rendered card is not its last card,
    // and the list grows as the rows reached are measured.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => {
            const list = document.querySelector('[data-virtual="on"]');
            if (list) window.scrollBy(0, list.getBoundingClientRect().bottom - innerHeight);
            else
              Array.from(document.querySelectorAll('[data-testid="listing-card"]'))
                .pop()
                ?.scrollIntoView({ block: 'start' });
          });
          return shownCount(page);
        },
        { message: `next page of ${query}`, timeout: 10_000 },
      )
      .toBeGreaterThan(before);
  }
});
