// A Reserved card's "Illustration" tag sits at the top of the picture like every other card's, and moves to the
// picture's foot only where the picture is too narrow for it beside the Reserved ribbon (the list view's
// thumbnail): the two never overlap.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

const overlap = (a: { x: number; width: number }, b: { x: number; width: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width;

async function boxes(card: Locator) {
  const media = card.locator('.cat-card__media');
  const [m, tag, ribbon] = await Promise.all(
    [media, media.locator('.car-art-tag'), media.locator('.cat-ribbon')].map((l) => l.boundingBox()),
  );
  expect(m && tag && ribbon).toBeTruthy();
  return { media: m!, tag: tag!, ribbon: ribbon! };
}

for (const width of [390, 1280])
  test(`a Reserved card's Illustration tag at ${width} px: at the top when there is room, never over the ribbon`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/marketplace');
    await expect(page.locator('[data-testid="listing-results"]:not([data-early-view])')).toBeVisible({
      timeout: 30_000,
    });
    const reserved = page
      .getByTestId('listing-card')
      .filter({ has: page.locator('.cat-ribbon') })
      .first();
    for (const view of ['grid', 'list'] as const) {
      await page.getByTestId(`view-${view}`).click();
      await expect(page.getByTestId('listing-results')).toHaveAttribute('data-view', view);
      await expect(reserved.locator('.car-art-tag')).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(async () => {
          const { media, tag, ribbon } = await boxes(reserved);
          const atTop = tag.y - media.y < media.height / 2;
          // Room for both side by side (with a gap): the tag stays at the top; otherwise it goes to the foot.
          const room = media.width - 8 - ribbon.width - 6 - tag.width >= 16;
          return { placed: atTop === room, clear: !(atTop && overlap(tag, ribbon)) };
        })
        .toEqual({ placed: true, clear: true });
    }
  });
