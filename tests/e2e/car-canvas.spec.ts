// Issue 36: the marketplace's card pictures are drawn in the car art worker and shown as <img>s of its WebPs
// (the page's main thread only puts them in), online and, after one visit, offline: the worker is precached.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

/** How many of the first cards' drawn pictures show a car (many colours, not a blank or a flat box). */
const drawnPictures = (page: Page, first = 3) =>
  page.evaluate((n) => {
    const pictures = [...document.querySelectorAll<HTMLImageElement>('.cat-card img[data-car-art="drawn"]')];
    return pictures.slice(0, n).filter((c) => {
      const box = c.getBoundingClientRect();
      if (box.width < 10) return false;
      const probe = document.createElement('canvas');
      [probe.width, probe.height] = [80, 48];
      const ctx = probe.getContext('2d');
      if (!ctx) return false;
      ctx.drawImage(c, 0, 0, 80, 48);
      const data = ctx.getImageData(0, 0, 80, 48).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return colours.size > 40;
    }).length;
  }, first);

test('marketplace cards show car pictures drawn in the worker, online and offline', async ({ page, context, axe }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/marketplace');
  await expect(page.locator('.cat-card').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => drawnPictures(page), { timeout: 30_000 }).toBe(3);
  // The picture is in its own box (decorative on a card: its link repeats the title), the Illustration
  // tag beside it, and no inline SVG drawn as well.
  const media = page.locator('.cat-card .cat-card__media').first();
  await expect(media.locator('span.cat-img > img[data-car-art="drawn"]')).toHaveCount(1);
  await expect(media.locator('.car-art-tag')).toBeVisible();
  expect(await media.locator('svg').count()).toBe(0);
  await axe();

  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.cat-card').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => drawnPictures(page), { timeout: 30_000 }).toBe(3);
  await context.setOffline(false);
});
