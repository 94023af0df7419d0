// Cookie banner and customise dialog (SPEC §2 overlays, §3, §4, §5): shown until a choice is stored,
// the choice persists, and analytics beacons (/api/web-vitals) go only with analytics consent.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

// These specs start with no stored choice (the config stores one for every other spec).
test.use({ storageState: { cookies: [], origins: [] } });

const WIDTHS = [390, 820, 1280] as const;

/** Records the page's web-vitals beacons (answered 204 here, so the stack's rate limit never matters). */
async function recordBeacons(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route('**/api/web-vitals', async (route) => {
    seen.push(route.request());
    await route.fulfill({ status: 204 });
  });
  await page.route('**/api/performance', (route) => route.fulfill({ status: 204 }));
  return seen;
}

const banner = (page: Page) => page.getByRole('region', { name: 'We use cookies' });

test('the banner shows until a choice is stored; "Necessary only" persists and sends no beacons', async ({ page }) => {
  const beacons = await recordBeacons(page);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.waitForTimeout(3000); // longer than the beacon batch: vitals were measured, nothing may go
  expect(beacons).toHaveLength(0);

  await banner(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(banner(page)).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('motorly-cookie-consent') ?? 'null'));
  expect(stored).toMatchObject({ necessary: true, analytics: false, marketing: false, functional: false });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('link', { name: 'Marketplace' }).first().click();
  await page.waitForTimeout(3000);
  expect(beacons).toHaveLength(0);
});

test('"Accept all" sends the vitals measured before the choice to /api/web-vitals', async ({ page }) => {
  const beacons = await recordBeacons(page);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(beacons).toHaveLength(0);
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => beacons.length).toBeGreaterThan(0);
  const body = beacons[0]!.postDataJSON() as { metrics: Array<{ name: string; rating: string }> };
  const names = body.metrics.map((m) => m.name);
  expect(names).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
  expect(body.metrics.every((m) => ['good', 'needs-improvement', 'poor'].includes(m.rating))).toBe(true);
});

test('customise: necessary is locked on; the choice and its date persist and can be changed later', async ({
  page,
  axe,
}) => {
  const beacons = await recordBeacons(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Customise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  const necessary = dialog.getByRole('switch', { name: 'Necessary (always on)' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(dialog.getByTestId('consent-date')).toHaveText('No choice saved yet.');
  await axe();

  await dialog.getByRole('switch', { name: 'Functional' }).click();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeHidden();

  await page.reload();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(dialog.getByRole('switch', { name: 'Functional' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await expect(dialog.getByTestId('consent-date')).toContainText(/Choice saved \d{1,2} \w+ \d{4}/);
  await page.waitForTimeout(2500);
  expect(beacons).toHaveLength(0);

  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await page.reload();
  await expect.poll(() => beacons.length, { timeout: 15_000 }).toBeGreaterThan(0);
});

for (const width of WIDTHS) {
  test(`banner and dialog at ${width} px: no serious axe violations; screenshots`, async ({ page, axe }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await axe();
    await page.screenshot({ path: `test-results/screenshots/cookie-banner-${width}.png` });
    await banner(page).getByRole('button', { name: 'Customise' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/consent-dialog-${width}.png` });
  });
}
