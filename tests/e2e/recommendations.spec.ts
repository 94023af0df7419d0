// The questionnaire appears after sign-in, validates each step, saves through the outbox with the
// SPEC toast, and /recommended follows the answers (server ranking, refreshed when the profile changes).
import { expect, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { createConfirmedUser, signInUi } from './sync-helpers';
import type { Page } from '@playwright/test';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Personalise your car search' });

async function answer(page: Page, fuel: string, body: string, previous?: { fuel: string; body: string }) {
  const d = dialog(page);
  await expect(d.getByText('Step 1 of 5: Budget')).toBeVisible();
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByText('Step 2 of 5')).toBeVisible();
  await d.getByRole('button', { name: 'Next' }).click();
  if (previous) await d.getByLabel(previous.fuel, { exact: true }).uncheck();
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByRole('alert')).toHaveText('Choose at least one fuel type.');
  await d.getByLabel(fuel, { exact: true }).check();
  await d.getByRole('button', { name: 'Next' }).click();
  if (previous) await d.getByLabel(previous.body, { exact: true }).uncheck();
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByRole('alert')).toHaveText('Choose at least one body style.');
  await d.getByLabel(body, { exact: true }).check();
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByText('Step 5 of 5')).toBeVisible();
  if (!previous) {
    await d.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(d.getByRole('alert')).toHaveText('Choose a driving style.');
    await d.getByLabel(/Economical/).check();
    await d.getByLabel('Safety Rating').check();
  }
  await d.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText("Preferences saved! We'll personalize your experience.")).toBeVisible();
  await expect(d).toHaveCount(0);
}

const metas = (page: Page) => page.getByTestId('recommendation').locator('.rec-card__meta').allTextContents();

test('completing the questionnaire personalises /recommended, and changing it changes the picks', async ({
  page,
  axe,
}) => {
  const user = await createConfirmedUser('e2e-rec');
  await signInUi(page, user.email, { onboarding: true });
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  await axe();
  await answer(page, 'Electric', 'SUV');

  await waitForCatalogue(page);
  await page.goto('/recommended');
  await expect(page.getByTestId('recommendation-source')).toHaveText('Ranked by our recommendations service.', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('recommendation')).toHaveCount(10);
  const before = await metas(page);
  expect(before.filter((m) => m.includes('SUV · Electric')).length).toBeGreaterThanOrEqual(5);
  await expect(
    page.getByTestId('recommendation').first().getByRole('list', { name: 'Why we picked it' }),
  ).toContainText('Matches your preferred fuel type (Electric)');
  await expect(page.getByText(/Personalisation \d+\/100/)).toBeVisible();

  await page.getByRole('button', { name: 'Update preferences' }).click();
  await answer(page, 'Diesel', 'Estate', { fuel: 'Electric', body: 'SUV' });
  await expect
    .poll(async () => (await metas(page)).filter((m) => m.includes('Estate · Diesel')).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('recommendation-source')).toHaveText('Ranked by our recommendations service.', {
    timeout: 30_000,
  });
  const after = await metas(page);
  expect(after).not.toEqual(before);
  expect(after.filter((m) => m.includes('SUV · Electric')).length).toBeLessThan(
    before.filter((m) => m.includes('SUV · Electric')).length,
  );
});

test('"Skip for now" dismisses the questionnaire and it stays away on the next visit', async ({ page }) => {
  const user = await createConfirmedUser('e2e-skip');
  await signInUi(page, user.email, { onboarding: true });
  await expect(dialog(page)).toBeVisible({ timeout: 10_000 });
  await dialog(page).getByRole('button', { name: 'Skip for now' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.reload();
  await page.waitForTimeout(3_000);
  await expect(dialog(page)).toHaveCount(0);
});
