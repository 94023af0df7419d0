// The assistant answers from the catalogue with links and figures, and a follow-up narrows the answer.
import { expect, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';

test('answers grounded questions with links, and a follow-up narrows the previous answer', async ({ page, axe }) => {
  await waitForCatalogue(page);
  await page.goto('/ai-assistant');
  const input = page.getByLabel('Ask the assistant');
  const answers = page.getByTestId('assistant-answer');

  await input.fill('Which is cheaper to run, a VW Golf or a Toyota Corolla?');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(answers.nth(0)).toContainText(/is cheaper to run: about £[\d,]+ a year/);
  await expect(answers.nth(0).getByRole('link', { name: 'Volkswagen Golf' })).toHaveAttribute(
    'href',
    '/models/volkswagen/golf',
  );
  await expect(answers.nth(0).getByRole('link', { name: 'Toyota Corolla' })).toBeVisible();

  await input.fill('and which has the bigger boot?');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(answers.nth(1)).toContainText(/The (Volkswagen Golf|Toyota Corolla) has the biggest boot: /);

  await input.fill('family SUV under £30k');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(answers.nth(2)).toContainText('For SUV, up to £30,000');
  await input.fill('only automatics');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(answers.nth(3)).toContainText('For SUV, automatic, up to £30,000');
  await input.fill('cheaper');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(answers.nth(4)).toContainText(/cheaper than the £[\d,]+ before/);
  await expect(answers.nth(4)).toContainText('automatic');

  await input.fill('what is the meaning of life?');
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect(answers.nth(5)).toContainText("I don't know how to answer that from our data.");
  await axe();
});
