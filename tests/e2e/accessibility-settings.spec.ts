// Accessibility settings panel (SPEC §2 overlays, §3, §5): changes apply to the whole page at once,
// persist across reloads, and start from the system's reduced-motion and colour-scheme preferences.
import type { Page } from '@playwright/test';
import { expect, test, waitForAuthSettled } from './fixtures';

const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const htmlData = (page: Page, key: string) => page.evaluate((k) => document.documentElement.dataset[k] ?? null, key);

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Accessibility settings' });
  await expect(panel).toBeVisible();
  return panel;
}

test('font size, contrast and motion change the page and persist across a reload', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference', colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await rootFontSize(page)).toBe('16px');
  const bodyBg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // --color-bg of tokens.css, light (here) and dark high contrast (below).
  expect(await bodyBg()).toBe('rgb(246, 247, 251)');

  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Larger text' }).click();
  await panel.getByRole('button', { name: 'Larger text' }).click();
  await expect(panel.getByText('Font size: 20px')).toBeVisible();
  expect(await rootFontSize(page)).toBe('20px');
  for (let i = 0; i < 5; i++) await panel.getByRole('button', { name: 'Larger text' }).click({ force: true });
  await expect(panel.getByRole('button', { name: 'Larger text' })).toBeDisabled();
  expect(await rootFontSize(page)).toBe('24px');
  await panel.getByRole('button', { name: 'Smaller text' }).click();
  expect(await rootFontSize(page)).toBe('22px');

  await panel.getByRole('switch', { name: 'High contrast' }).click();
  expect(await htmlData(page, 'contrast')).toBe('high');
  await panel.getByRole('switch', { name: 'Reduce motion' }).click();
  expect(await htmlData(page, 'motion')).toBe('reduced');
  await panel.getByRole('switch', { name: 'Dark mode' }).click();
  expect(await htmlData(page, 'theme')).toBe('dark');
  await panel.getByRole('button', { name: 'Close' }).click();

  const styled = await page.evaluate(() => ({
    bg: getComputedStyle(document.body).backgroundColor,
    transition: getComputedStyle(document.querySelector('.btn')!).transitionDuration,
  }));
  expect(styled.bg).toBe('rgb(0, 0, 0)');
  expect(styled.transition.split(',').every((d) => parseFloat(d) < 0.001)).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await rootFontSize(page)).toBe('22px');
  expect(await htmlData(page, 'contrast')).toBe('high');
  expect(await htmlData(page, 'motion')).toBe('reduced');
  expect(await htmlData(page, 'theme')).toBe('dark');
  const again = await openPanel(page);
  await expect(again.getByRole('switch', { name: 'High contrast' })).toBeChecked();
  await expect(again.getByText('Font size: 22px')).toBeVisible();
});

test('the settings are on <html> before React renders (no flash after a reload)', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('motorly-accessibility', JSON.stringify({ highContrast: true, fontSize: 14 })),
  );
  // Record <html> at React's first commit into #root: the settings must already be there.
  await page.addInitScript(() => {
    const obs = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0) return;
      const html = document.documentElement;
      (window as unknown as { firstCommit: unknown }).firstCommit = {
        contrast: html.dataset.contrast ?? null,
        size: html.style.getPropertyValue('--font-size-root'),
      };
      obs.disconnect();
    });
    obs.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { firstCommit?: unknown }).firstCommit);
  expect(first).toEqual({ contrast: 'high', size: '14px' });
  expect(await rootFontSize(page)).toBe('14px');
});

test('defaults follow the system: reduced motion and dark colour scheme', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await htmlData(page, 'motion')).toBe('reduced');
  expect(await htmlData(page, 'theme')).toBe('dark');
  const panel = await openPanel(page);
  await expect(panel.getByRole('switch', { name: 'Reduce motion' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 16, 32)');
});

test('screen reader support announces the page after a navigation', async ({ page }) => {
  await page.goto('/');
  // A link clicked before the app has taken over the prerendered page is a plain page load, which
  // announces nothing: navigate in-app, as the test means to.
  await waitForAuthSettled(page);
  const panel = await openPanel(page);
  await panel.getByRole('switch', { name: 'Screen reader support' }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Reviews' }).first().click();
  await expect(page.getByTestId('route-announcer')).toContainText('Navigated to');
});

for (const width of [390, 820, 1280] as const) {
  test(`panel at ${width} px: no serious axe violations; screenshot`, async ({ page, axe }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.goto('/');
    await openPanel(page);
    await axe();
    await page.screenshot({ path: `test-results/screenshots/accessibility-panel-${width}.png` });
  });
}
