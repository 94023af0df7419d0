// The marketplace's long list (virtual rows, window scrolling) on a phone: once it has turned virtual, no
// card ever overlaps the one above it, wherever the reader stops, while cards' late parts (price badges,
// towns, pictures) arrive. A card that overlaps another is drawn over it and takes its taps.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { waitForCatalogue } from './catalogue-helpers';

test.describe.configure({ timeout: 180_000 });

/** Cards in view whose top lies above the bottom of the card before them (page order), as "id@top<bottom". */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cards = Array.from(document.querySelectorAll('[data-testid="listing-card"]'))
      .map((el) => ({ id: el.getAttribute('data-listing-id') ?? '', box: el.getBoundingClientRect() }))
      .filter((c) => c.box.bottom > 0 && c.box.top < innerHeight)
      .sort((a, b) => a.box.top - b.box.top);
    const bad: string[] = [];
    for (let i = 1; i < cards.length; i++) {
      const [above, card] = [cards[i - 1].box, cards[i].box];
      // One column: a card starts below the one above it (half a pixel for rounding).
      if (card.top < above.bottom - 0.5) bad.push(`${cards[i].id}@${card.top.toFixed(1)}<${above.bottom.toFixed(1)}`);
    }
    return bad;
  });
}

test('phone list: cards never overlap as the list turns virtual and the reader scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForCatalogue(page);
  await expect(page.getByTestId('listing-card').first()).toBeVisible({ timeout: 30_000 });
  const more = page.getByTestId('load-more');
  const shown = async () => Number(/^(\d+) of/.exec((await page.getByTestId('result-count').textContent()) ?? '')?.[1]);
  // More pages (by the button, or by the scroll as the end nears): past VirtualGrid's 60 cards, so the list is virtual.
  while ((await shown()) < 80) {
    const before = await shown();
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await expect.poll(shown).toBeGreaterThan(before);
  }
  await expect(page.locator('[data-virtual="on"]')).toHaveCount(1);
  for (const at of [0.15, 0.3, 0.45, 0.6, 0.75, 0.5, 0.2]) {
    await page.evaluate((f) => window.scrollTo(0, document.documentElement.scrollHeight * f), at);
    // Settled: the rows near view are in and measured (two frames), then checked and checked again later.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect.poll(() => overlaps(page), { timeout: 5000 }).toEqual([]);
    await page.waitForTimeout(300);
    expect(await overlaps(page), `cards overlap at ${at * 100}% down`).toEqual([]);
  }
});
