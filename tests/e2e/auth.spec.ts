// Sign-up, sign-out and sign-in against the embedded stack, plus the form's SPEC §5 messages.
import { expect, signInThroughForm, STRONG_PASSWORD, test, uniqueEmail, waitForAuthSettled } from './fixtures';

test('a new user signs up, is signed in, signs out and signs back in', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await waitForAuthSettled(page);

  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Account' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText(email)).toBeVisible();

  await banner.getByRole('button', { name: 'Sign Out' }).click();
  await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

  await signInThroughForm(page, email, STRONG_PASSWORD);
  await expect(banner.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  // The session survives a reload (tokens in IndexedDB).
  await page.reload();
  await waitForAuthSettled(page);
  await expect(banner.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('client-side validation shows the SPEC messages', async ({ page }) => {
  await page.goto('/auth?tab=signup');
  const submit = page.locator('form').getByRole('button', { name: 'Create Account' });
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await submit.click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();
  await page.getByLabel('Email').fill('driver@example.com');
  await page.getByLabel('Password', { exact: true }).fill('alllowercase-but-long');
  await submit.click();
  await expect(
    page.getByText('Password must contain uppercase, lowercase, numbers, and special characters'),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('MyPassword!2024');
  await submit.click();
  await expect(page.getByText('Password is too common or contains weak patterns')).toBeVisible();
});

test('wrong password shows the server message; forgot password sends a reset e-mail', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Definitely!Wrong99');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('auth-error')).toHaveText('Invalid login credentials');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email sent!')).toBeVisible();
});

test('network failure maps to the connection message', async ({ page }) => {
  await page.route('**/auth/v1/token**', (route) => route.abort('failed'));
  await page.goto('/auth');
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Shopper!Drive2026');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('auth-error')).toHaveText(
    'Unable to connect to authentication service. Please try again.',
  );
});

test('a reset link without a recovery session explains itself', async ({ page }) => {
  await page.goto('/password-reset');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
});
