import { expect, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { createConfirmedUser, signInUi } from './sync-helpers';

test('screenshots', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = '/tmp/ai-shots';
  await waitForCatalogue(page);
  for (const w of [390, 1280]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 900 });
    await page.goto('/ai-search?q=' + encodeURIComponent('hybrid SUV under £20k with cheap tax'));
    await expect(page.getByTestId('listing-results')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${dir}/ai-search-${w}.png`, fullPage: true });
    await page.goto('/ai-assistant');
    await page.getByLabel('Ask the assistant').fill('Best EV for long motorway trips under £35k');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByTestId('assistant-answer')).toContainText('top');
    await page.getByLabel('Ask the assistant').fill('compare the Kia Sportage and Nissan Qashqai');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByTestId('assistant-answer').nth(1)).toContainText('Sportage');
    await page.screenshot({ path: `${dir}/ai-assistant-${w}.png`, fullPage: true });
  }
  const user = await createConfirmedUser('shots');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInUi(page, user.email, { onboarding: true });
  const d = page.getByRole('dialog', { name: 'Personalise your car search' });
  await expect(d).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: `${dir}/questionnaire-390.png` });
  for (let i = 0; i < 4; i++) {
    if (i === 2) await d.getByLabel('Electric', { exact: true }).check();
    if (i === 3) await d.getByLabel('SUV', { exact: true }).check();
    await d.getByRole('button', { name: 'Next' }).click();
  }
  await d.getByLabel(/Economical/).check();
  await d.getByLabel('Safety Rating').check();
  await page.screenshot({ path: `${dir}/questionnaire-step5-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/questionnaire-step5-1280.png` });
  await d.getByRole('button', { name: 'Complete Setup' }).click();
  await page.goto('/recommended');
  await expect(page.getByTestId('recommendation-source')).toHaveText('Ranked by our recommendations service.', { timeout: 30_000 });
  await page.screenshot({ path: `${dir}/recommended-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/recommended-390.png`, fullPage: true });
});
