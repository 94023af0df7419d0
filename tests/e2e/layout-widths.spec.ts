// Issue 34's layout acceptance: every route of the route table at 320, 390, 820 and 1280 px, signed out and
// signed in, never scrolls sideways, never clips essential text (headings, and what screens mark
// data-essential: card titles, prices, locations) and never sets a wrapped button label's lines touching; and a
// listing on a 390x844 phone shows its price and the Call and Message buttons in the first screen. One page per
// state, in-app navigation between routes.
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { everyRoute, seedIds } from './route-list';

const WIDTHS = [320, 390, 820, 1280] as const;
const PHONE = { width: 390, height: 844 };

/** In-app navigation (the router follows popstate): no reload per route. Returns the path it landed on. */
async function visit(page: Page, path: string): Promise<string> {
  await page.evaluate((to) => {
    // The screen being left is marked, so the wait below is for the next screen's own heading.
    for (const h of document.querySelectorAll<HTMLElement>('main h1')) h.dataset.left = '';
    window.scrollTo(0, 0);
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Every screen (and the not-found page) has one visible heading once it has rendered. Two paths of one
  // screen (/brand/x/y and /models/x/y) keep its heading element: then the marked one is the new screen's.
  const fresh = page.locator('main h1:not([data-left])').filter({ visible: true }).first();
  const same = page.locator('main h1').filter({ visible: true }).first();
  await expect(fresh)
    .toBeVisible({ timeout: 3_000 })
    .catch(() => expect(same).toBeVisible({ timeout: 20_000 }));
  // Two frames: layout after the screen's first effects.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return new URL(page.url()).pathname;
}

/** What is wrong with the page as laid out now: sideways scroll and clipped essential text. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) {
      // Name the widest offenders, so a failure says where to look.
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((el) => !el.closest('[aria-hidden="true"]'))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      problems.push(`scrolls sideways by ${overflow}px (${wide.join(', ')})`);
    }
    const essential = document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, [data-essential]');
    for (const el of essential) {
      if (el.getClientRects().length === 0 || el.closest('[hidden], .sr-only')) continue;
      const clippedX = el.scrollWidth > el.clientWidth + 1;
      const clippedY = el.scrollHeight > el.clientHeight + 1;
      if (clippedX || clippedY) {
        const text = (el.textContent ?? '').trim().slice(0, 60);
        problems.push(
          `"${text}" (${el.tagName.toLowerCase()}.${[...el.classList].join('.')}) clipped: ` +
            `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
        );
      }
    }
    // A button whose label wraps spaces its lines as text does: with the one-line button's line-height of 1
    // the lines touched (the offline pack's "Keep cars within 50 miles of M1 1AE on this device" at 390 px).
    for (const btn of document.querySelectorAll<HTMLElement>('.btn')) {
      if (btn.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(btn);
      const style = getComputedStyle(btn);
      const fontSize = parseFloat(style.fontSize);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
      const lines = tops.filter((t, i) => tops.slice(0, i).every((u) => Math.abs(u - t) > fontSize / 2)).length;
      const lineHeight = style.lineHeight === 'normal' ? fontSize * 1.2 : parseFloat(style.lineHeight);
      if (lines > 1 && lineHeight < fontSize * 1.1)
        problems.push(`"${(btn.textContent ?? '').trim().slice(0, 60)}" wraps with its lines touching`);
    }
    return problems;
  });
}

async function sweep(page: Page, state: string): Promise<void> {
  const routes = everyRoute(await seedIds());
  expect(routes.length).toBeGreaterThan(30);
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    let shown = '';
    for (const path of routes) {
      // A route that redirects to the next one (/brand/x/y to /models/x/y) is that screen already measured.
      if (path === shown) continue;
      shown = await visit(page, path);
      for (const p of await layoutProblems(page)) problems.push(`${state} ${width}px ${path}: ${p}`);
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

/** A listing opened on a phone: the price, Call and Message are on the first screen, unscrolled. */
async function listingFirstScreen(page: Page): Promise<void> {
  const { listingId } = await seedIds();
  await page.setViewportSize(PHONE);
  await page.goto(`/marketplace/${listingId}`);
  const inFirstScreen = async (testId: string) => {
    const target = page.getByTestId(testId);
    await expect(target).toBeVisible({ timeout: 30_000 });
    const box = (await target.boundingBox())!;
    expect(box.y, `${testId} below the top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${testId} inside the first ${PHONE.height}px`).toBeLessThanOrEqual(PHONE.height);
  };
  await inFirstScreen('listing-price');
  await inFirstScreen('listing-call');
  await inFirstScreen('listing-message');
  await expect(page.getByTestId('listing-call')).toHaveAttribute('href', /^tel:\+?[0-9]+$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test.describe('issue 34: layout at every width', () => {
  test.describe.configure({ timeout: 300_000 });

  test('signed out: every route at 320, 390, 820 and 1280 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await waitForCatalogue(page);
    await listingFirstScreen(page);
    await sweep(page, 'signed out');
  });

  test('signed in: every route at 320, 390, 820 and 1280 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    // The admin sees every screen (a shopper is sent away from the admin ones).
    await signIn(page, DEMO.admin.email, DEMO.admin.password, { to: '/marketplace' });
    await waitForCatalogue(page);
    await listingFirstScreen(page);
    await sweep(page, 'signed in');
  });
});
