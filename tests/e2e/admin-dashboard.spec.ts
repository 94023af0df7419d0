// Issue 33 (admin): /admin opens the dashboard, whose range changes its counts and charts; an error report's
// detail is readable (who, route, version, browser, stack); revoking an admin is confirmed first; a shopper
// sent away from an admin route is told why, and a signed-out visitor signs in and comes back. The dashboard
// is captured at 390, 820 and 1280 px (ADMIN_SHOTS_DIR, default test-results/admin-dashboard).
import { DEMO, expect, signIn, test, waitForAuthSettled } from './fixtures';
import { createConfirmedUser, serviceRest } from './sync-helpers';

const SHOTS_DIR = process.env.ADMIN_SHOTS_DIR ?? 'test-results/admin-dashboard';
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('an admin reads the dashboard over 30 and 7 days, an error report in full, and confirms a revoke', async ({
  page,
  axe,
}) => {
  test.setTimeout(90_000);
  const reporter = await createConfirmedUser('reporter');
  const message = `Dashboard check ${Date.now().toString(36)}: cannot read properties of undefined`;
  await serviceRest('/error_reports', {
    method: 'POST',
    body: JSON.stringify({
      user_id: reporter.id,
      message,
      severity: 'high',
      context: {
        component: 'route:marketplace',
        action: 'render',
        route: '/marketplace?make=Ford',
        app_version: '1.4.2',
        user_agent: CHROME_UA,
        metadata: { stack: `TypeError: ${message}\n    at MarketList (market-list.tsx:42:7)` },
      },
    }),
  });

  await signIn(page, DEMO.admin.email, DEMO.admin.password, { to: '/admin' });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  const counts = page.getByTestId('admin-counts');
  await expect(
    counts.getByText('vs previous 30 days').or(counts.getByText('Same as previous 30 days')).first(),
  ).toBeVisible();
  // Each count carries its period and its change against the 30 days before.
  const errorsCard = counts.getByRole('listitem').filter({ hasText: 'Error reports' });
  await expect(errorsCard).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(errorsCard.getByText(/(vs|Same as) previous 30 days/)).toBeVisible();
  const charts = page.getByTestId('admin-charts');
  // Today's report is drawn; every other chart is drawn or says in words that its range has nothing.
  const drawn = (name: string) => charts.getByRole('img', { name: new RegExp(`^${name}: \\d+ in total from `) });
  await expect(drawn('Error reports by severity')).toBeVisible();
  for (const name of ['Sign-ups', 'Listings added and sold', 'Leads', 'Sync failures reported']) {
    const empty = charts.getByRole('region', { name }).getByText(/^No .+ in the last 30 days\.$/);
    await expect(drawn(name).or(empty), name).toHaveCount(1);
  }

  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    await expect(charts.locator('.recharts-surface').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/admin-dashboard-${width}.png`, fullPage: true });
  }
  await axe();

  // A click (not check()): the range is the address's, so the radio turns once the router has navigated.
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page).toHaveURL(/\/admin\/dashboard\?range=7$/);
  await expect(errorsCard.getByText(/(vs|Same as) previous 7 days/)).toBeVisible();
  await expect(page.getByText(/against the 7 days before\.$/)).toBeVisible();

  await page.goto('/admin/errors');
  await page
    .getByTestId('error-groups')
    .getByRole('button', { name: new RegExp(message.slice(0, 30)) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Error report' });
  const fact = (label: string) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(fact('Reported by')).toHaveText(reporter.email);
  await expect(fact('Route')).toHaveText('/marketplace?make=Ford');
  await expect(fact('App version')).toHaveText('1.4.2');
  await expect(fact('Browser')).toHaveText('Chrome 131 on Windows');
  await expect(dialog.getByRole('region', { name: 'Stack trace' })).toContainText(
    'at MarketList (market-list.tsx:42:7)',
  );
  await expect(dialog.getByText('"user_agent"')).toHaveCount(0); // not raw JSON
  await page.keyboard.press('Escape');

  // Revoke asks first; Cancel keeps the role, confirming removes it.
  const colleague = await createConfirmedUser('colleague');
  await serviceRest('/user_roles', { method: 'POST', body: JSON.stringify({ user_id: colleague.id, role: 'admin' }) });
  await page.goto('/admin/security');
  await page.getByLabel('Find a user by e-mail').fill(colleague.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('admin-users').getByRole('listitem').filter({ hasText: colleague.email });
  await row.getByRole('button', { name: 'Revoke admin' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke admin?' });
  await expect(confirm).toContainText(`${colleague.email} will lose access to the admin area`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Revoke admin' }).click();
  await confirm.getByRole('button', { name: 'Revoke admin' }).click();
  await expect(row.getByRole('button', { name: 'Make admin' })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);
});

test('a shopper sent away from an admin route is told why', async ({ page }) => {
  await signIn(page, DEMO.shopper.email, DEMO.shopper.password, { to: '/admin/errors' });
  await expect(page).toHaveURL(/:\d+\/$/, { timeout: 30_000 });
  await expect(page.getByTestId('toast').filter({ hasText: 'Admins only' })).toContainText(
    'Your account does not have admin access',
  );
});

test('a signed-out visitor is asked to sign in and comes back to the admin page', async ({ page }) => {
  await page.goto('/admin?range=7');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fdashboard%3Frange%3D7$/, { timeout: 30_000 });
  await expect(page.getByTestId('toast').filter({ hasText: 'Please sign in' })).toContainText(
    'The admin area needs an admin account',
  );
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await waitForAuthSettled(page);
  await expect(page).toHaveURL(/\/admin\/dashboard\?range=7$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
});
