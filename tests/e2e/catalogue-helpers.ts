// Helpers for the catalogue end-to-end specs.
import { expect, type Page } from '@playwright/test';
import { E2E_FOR_SALE_MIN } from './e2e-listings';

/** Waits until the first catalogue download has filled the local store (the marketplace counts them all). */
export async function waitForCatalogue(page: Page): Promise<void> {
  if (!page.url().includes('/marketplace')) await page.goto('/marketplace');
  // The marketplace holds its results still while the download arrives: ask for the newest ones.
  const more = page.getByTestId('more-cars').getByRole('button', { name: 'Show latest results' });
  await expect
    .poll(
      async () => {
        if (await more.isVisible()) await more.click();
        return Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/[^0-9]/g, ''));
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(E2E_FOR_SALE_MIN);
}

export async function resultIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=listing-card]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id') ?? ''));
}
