// The header fits at 320 and 390 px in every state (issue 34: with a queued count in the sync badge it
// was 401 px wide at 390, so every page scrolled sideways): signed out and signed in, online and
// offline, with changes waiting. Screenshots at 320/390/820/1280 go to test-results/header-fit/.
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';
import { enableHooks, hooksReady, listingIds, toggleBookmark, waitForLeader } from './sync-helpers';

const SHOTS = 'test-results/header-fit';

async function expectFits(page: Page, what: string): Promise<void> {
  const m = await page.evaluate(() => {
    const header = document.querySelector<HTMLElement>('header.topbar')!;
    const inner = header.querySelector<HTMLElement>('.topbar__inner')!;
    return {
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      header: [header.scrollWidth, header.clientWidth],
      inner: [inner.scrollWidth, inner.clientWidth],
      // Every control of the bar inside the viewport.
      outside: [...header.querySelectorAll<HTMLElement>('a, button')]
        .filter((el) => el.offsetParent !== null)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < -0.5 || r.right > window.innerWidth + 0.5;
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent),
    };
  });
  expect(m.page, `${what}: no sideways scroll`).toBeLessThanOrEqual(m.viewport);
  expect(m.header[0], `${what}: header scrollWidth within clientWidth`).toBeLessThanOrEqual(m.header[1]!);
  expect(m.inner[0], `${what}: bar scrollWidth within clientWidth`).toBeLessThanOrEqual(m.inner[1]!);
  expect(m.outside, `${what}: controls outside the viewport`).toEqual([]);
}

async function checkWidths(page: Page, state: string, widths: number[]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    await expectFits(page, `${state} at ${width}px`);
    await page.screenshot({ path: `${SHOTS}/${state}-${width}.png` });
  }
}

test.describe('issue 34: the header fits at 320 px in every state', () => {
  test('signed out, online and offline', async ({ page, context }) => {
    await page.goto('/marketplace');
    await expect(page.getByTestId('sync-status-badge')).toBeVisible();
    await checkWidths(page, 'signed-out', [320, 390, 820, 1280]);
    await context.setOffline(true);
    await expect(page.getByTestId('sync-status-badge')).toContainText('Offline');
    await checkWidths(page, 'signed-out-offline', [320, 390]);
    await context.setOffline(false);
  });

  test('signed in, offline with changes waiting, then online', async ({ page, context }) => {
    await enableHooks(context);
    const ids = await listingIds(2);
    await signIn(page, DEMO.shopper.email, DEMO.shopper.password, { to: '/marketplace' });
    await hooksReady(page);
    await waitForLeader(page);
    await checkWidths(page, 'signed-in', [320, 390, 820, 1280]);
    await context.setOffline(true);
    await expect(page.getByTestId('sync-status-badge')).toContainText('Offline');
    for (const id of ids) await toggleBookmark(page, id);
    await expect(page.getByTestId('sync-pending-count')).toHaveText('2');
    await checkWidths(page, 'signed-in-offline-queued', [320, 390, 820, 1280]);
    // Back online the count shows while it drains: the same widths again, then undo the bookmarks.
    await context.setOffline(false);
    await checkWidths(page, 'signed-in-online', [320, 390]);
    for (const id of ids) await toggleBookmark(page, id);
  });
});
