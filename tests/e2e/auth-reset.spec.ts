// Password reset end to end: request from /auth, read the e-mail from the local mailbox (service role
// only), follow the recovery link to /password-reset, set a new password, and sign in with it.
import {
  ANON_KEY,
  API_URL,
  expect,
  SERVICE_ROLE_KEY,
  signInThroughForm,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
  waitForAuthSettled,
} from './fixtures';

interface Mail {
  to: string;
  text: string;
  html: string;
  template?: string;
}

const headers = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' };
const mailboxHeaders = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };

test('a user resets a forgotten password from the e-mailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  const signup = await fetch(`${API_URL}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  expect(signup.ok).toBe(true);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email sent!')).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const res = await fetch(`${API_URL}/mailbox/v1/messages?to=${encodeURIComponent(email)}`, {
        headers: mailboxHeaders,
      });
      const mails = (await res.json()) as Mail[];
      const mail = mails.find((m) => m.template === 'password_recovery');
      link = mail?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // The stack redirects to its configured site URL; keep the fragment and open it on the app under test.
  const verify = await fetch(link, { redirect: 'manual' });
  const location = verify.headers.get('location') ?? '';
  const fragment = location.slice(location.indexOf('#'));
  expect(fragment).toContain('type=recovery');
  await page.goto(`/password-reset${fragment}`);
  await expect(page).not.toHaveURL(/access_token/);

  const newPassword = 'Fresh-Start#Leeds77';
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await waitForAuthSettled(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await banner.getByRole('button', { name: 'Sign Out' }).click();
  await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await signInThroughForm(page, email, newPassword);
});
