// The header's controls stay put when sign-in state becomes known. Auth lives in IndexedDB, so it is known
// only after the app has run; meanwhile the header took a 140 px placeholder, and a signed-out visitor's
// Sign In (or a signed-in user's bell, Account and Sign Out) then slid the icons beside it ~59 px at 1280.
// Now a stored hint (src/features/auth/sign-in-hint.ts) gives the early page the predicted shape.
// For each state and width (1280, 820, 390): the boxes right after the early page (HTML and head script, app
// code held back) shows and in every frame after, against the boxes once auth is known; no layout shift either.
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, waitForAuthSettled } from './fixtures';
import { holdAppCode } from './hold-app-code';

const SHOTS = 'test-results/header-stable';

interface Box {
  key: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

// The held app code must reach the page through page.route, not the service worker's cache.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __hdrShifts: string[]; __hdrFrames: Box[][]; __hdrBoxes: () => Box[] };
    /** The logo and the controls of the bar's right side that show, in order; the sync badge by its right edge. */
    w.__hdrBoxes = () => {
      const header = document.querySelector('header.topbar');
      if (!header) return [];
      const els = [
        header.querySelector('.brand-logo'),
        ...header.querySelectorAll('.topbar__actions > :not(.topbar__account), .topbar__account > *'),
      ].filter((el): el is Element => el !== null);
      const key = (el: Element) =>
        el.classList.contains('nav-bookmarks')
          ? 'bookmarks'
          : el.classList.contains('nav-bell')
            ? 'bell'
            : el.classList.contains('sync-badge')
              ? 'sync'
              : el.classList.contains('brand-logo')
                ? 'logo'
                : (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.className);
      return els
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0)
        .map(({ el, r }) => ({ key: key(el), left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
    };
    w.__hdrFrames = [];
    // From the frame where the header's HTML is whole: before, a frame may catch the parser inside it.
    const parsed = () =>
      document.readyState !== 'loading' || Boolean(document.querySelector('header.topbar')?.nextElementSibling);
    const sample = () => {
      if (w.__hdrFrames.length < 600 && parsed()) w.__hdrFrames.push(w.__hdrBoxes());
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    w.__hdrShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        for (const s of e.sources ?? []) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          if (!el?.closest('header.topbar')) continue;
          const what = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? el.className;
          w.__hdrShifts.push(
            `${what}: x ${s.previousRect.x} -> ${s.currentRect.x}, w ${s.previousRect.width} -> ${s.currentRect.width}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
});

const boxes = (page: Page) => page.evaluate(() => (window as unknown as { __hdrBoxes: () => Box[] }).__hdrBoxes());

/** What must not move: the logo and everything right of the sync badge; the badge's own width is its state's. */
function stable(list: Box[]): Box[] {
  const sync = list.findIndex((b) => b.key === 'sync');
  return [list[0]!, ...list.slice(sync < 0 ? 1 : sync)].map((b) =>
    b.key === 'sync' ? { ...b, left: 0 } : { ...b, left: Math.round(b.left), right: Math.round(b.right) },
  );
}

function expectSame(what: string, seen: Box[], known: Box[]): void {
  const a = stable(seen);
  const b = stable(known);
  expect(
    a.map((x) => x.key),
    `${what}: the same controls`,
  ).toEqual(b.map((x) => x.key));
  a.forEach((x, i) => {
    const y = b[i]!;
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(Math.abs(x[side] - y[side]), `${what}: ${x.key} ${side} ${x[side]} vs ${y[side]}`).toBeLessThanOrEqual(1);
  });
}

/** Loads `path` with the app's code held until the early page shows, then checks it against the known state. */
async function checkStable(page: Page, load: () => Promise<unknown>, state: string, width: number): Promise<void> {
  const release = await holdAppCode(page);
  await load();
  await expect(page.locator('header.topbar')).toBeVisible();
  const early = await boxes(page);
  await page.screenshot({ path: `${SHOTS}/${state}-${width}-early.png`, clip: { x: 0, y: 0, width, height: 80 } });
  release();
  await waitForAuthSettled(page);
  await expect(page.locator('header.topbar[data-auth-pending]')).toHaveCount(0);
  await page.waitForTimeout(500);
  const known = await boxes(page);
  await page.screenshot({ path: `${SHOTS}/${state}-${width}-known.png`, clip: { x: 0, y: 0, width, height: 80 } });
  expectSame(`${state} at ${width}px, early page`, early, known);
  const frames = await page.evaluate(() => (window as unknown as { __hdrFrames: Box[][] }).__hdrFrames);
  frames.filter((f) => f.length > 0).forEach((f, i) => expectSame(`${state} at ${width}px, frame ${i}`, f, known));
  const shifts = await page.evaluate(() => (window as unknown as { __hdrShifts: string[] }).__hdrShifts);
  expect(shifts, `${state} at ${width}px: layout shifts in the header`).toEqual([]);
}

for (const width of [1280, 820, 390]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 844 }));

    test('a signed-out first visit: the early header is the signed-out one', async ({ page }) => {
      await checkStable(page, () => page.goto('/'), 'signed-out-home', width);
      if (width >= 1280) await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
      else await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    });

    test('a signed-out first visit to the marketplace', async ({ page }) => {
      await checkStable(page, () => page.goto('/marketplace'), 'signed-out-marketplace', width);
    });

    test('a signed-in reload: the early header is the signed-in one', async ({ page }) => {
      await signIn(page, DEMO.shopper.email, DEMO.shopper.password, { to: '/' });
      await waitForAuthSettled(page);
      await checkStable(page, () => page.reload(), 'signed-in-home', width);
      await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    });

    test('a signed-in reload of the marketplace', async ({ page }) => {
      await signIn(page, DEMO.shopper.email, DEMO.shopper.password, { to: '/marketplace' });
      await waitForAuthSettled(page);
      await checkStable(page, () => page.reload(), 'signed-in-marketplace', width);
    });
  });
}
