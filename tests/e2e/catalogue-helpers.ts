// Helpers for the catalogue end-to-end specs.
import { expect, type Page } from '@playwright/test';
import { E2E_FOR_SALE_MIN } from './e2e-listings';
import { settledAndInstalled } from './sync-helpers';

/**
 * Waits until the marketplace answers from the server with the whole market's count, and the first sync
 * (models, reviews, dealers) has settled with the service worker in control: the device no longer
 * downloads every listing (issue 32), so this is what "the catalogue is ready" means now.
 */
export async function waitForCatalogue(page: Page): Promise<void> {
  if (!page.url().includes('/marketplace')) await page.goto('/marketplace');
  await expect
    .poll(
      async () => {
        const text = (await page.getByTestId('result-count').textContent()) ?? '';
        const total = /of ([\d,]+) shown/.exec(text)?.[1] ?? /([\d,]+) cars? found/.exec(text)?.[1] ?? '0';
        return Number(total.replace(/,/g, ''));
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(E2E_FOR_SALE_MIN);
  await settledAndInstalled(page);
}

export async function resultIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=listing-card]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id') ?? ''));
}
