// The app shell (issue #2): chrome per route, not-found, admin guard, mobile menu, skip link, route
// and app error screens, and axe-core checks.
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, waitForAuthSettled } from './fixtures';

const WITH_CHROME = [
  '/',
  '/browse',
  '/brand/Ford',
  '/brand/Ford/Puma',
  '/models/Ford/Puma',
  '/ai-search',
  '/reviews',
  '/marketplace',
  '/marketplace/00000000-0000-4000-8000-000000000001',
  '/bookmarks',
  '/recommended',
  '/account',
  '/privacy',
  '/privacy-settings',
  '/data-rights',
  '/tech-demo',
  '/performance',
  '/my-leads',
  '/dealer/dashboard',
  '/ai-2026',
  '/ai-assistant',
  '/compare',
];
const WITHOUT_CHROME = ['/auth', '/password-reset'];
const ADMIN = [
  '/admin/dashboard',
  '/admin/reviews',
  '/admin/reviews/add',
  '/admin/reviews/edit/42',
  '/admin/security',
  '/admin/errors',
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('chrome per route', () => {
  test('every main-layout route shows navigation, footer and a page heading', async ({ page }) => {
    for (const path of WITH_CHROME) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(mainNav(page), path).toBeAttached();
      await expect(footer(page), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get Started' }).first(), path).toHaveAttribute('href', '/ai-search');
    }
  });

  test('/auth and /password-reset have no navigation and no footer', async ({ page }) => {
    for (const path of WITHOUT_CHROME) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(mainNav(page), path).toHaveCount(0);
      await expect(footer(page), path).toHaveCount(0);
    }
  });

  test('an unknown path shows not-found without navigation', async ({ page }) => {
    await page.goto('/this/does/not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('footer: only Privacy Policy and Your Data Rights are links; newsletter signs up through the server', async ({
    page,
  }) => {
    await page.goto('/');
    // The footer is prerendered: the form works once the app has taken over the page.
    await waitForAuthSettled(page);
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link')).toHaveCount(2);
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(legal.getByRole('link', { name: 'Your Data Rights' })).toHaveAttribute('href', '/data-rights');
    await expect(legal.getByText('Terms of Service')).toBeVisible();
    const email = page.getByLabel('Email address');
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill('reader@example.co.uk');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText("Thanks — you're on the list.")).toBeVisible();
  });
});

test.describe('admin guard', () => {
  test('signed-out visitors on admin routes are asked to sign in, to come back there', async ({ page }) => {
    for (const path of ADMIN) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/auth?redirect=${encodeURIComponent(path)}`);
    }
  });

  test('a signed-in non-admin opening /admin/reviews lands on /', async ({ page }) => {
    await signIn(page, DEMO.shopper.email, DEMO.shopper.password, { to: '/admin/reviews' });
    await waitForAuthSettled(page);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an admin sees the Admin link, highlighted on any /admin page', async ({ page }) => {
    // Signed in, the full link bar shows from 1536 px (below that the toggle menu carries the links).
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, DEMO.admin.email, DEMO.admin.password, { to: '/admin/reviews/edit/42' });
    await expect(page.getByRole('heading', { level: 1, name: 'Edit review' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('desktop navigation', () => {
  test('signed out: public links, Sign In, Get Started; no bell', async ({ page }) => {
    await page.goto('/reviews');
    await waitForAuthSettled(page);
    await expect(mainNav(page).getByRole('link')).toHaveText(['AI Search', 'Reviews', 'Marketplace', 'Recommended']);
    await expect(mainNav(page).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
  });

  test('signed in as a dealer: My Leads, Dealer Hub (highlighted under /dealer), bell, Account and Sign Out; no Get Started', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, DEMO.dealer.email, DEMO.dealer.password, { to: '/dealer/dashboard' });
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'AI Search',
      'Reviews',
      'Marketplace',
      'Recommended',
      'My Leads',
      'Dealer Hub',
    ]);
    await expect(mainNav(page).getByRole('link', { name: 'Dealer Hub' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
  });

  test('signed in as a shopper (no dealer): no Dealer Hub and no Get Started (issue 34)', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, DEMO.shopper.email, DEMO.shopper.password, { to: '/reviews' });
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'AI Search',
      'Reviews',
      'Marketplace',
      'Recommended',
      'My Leads',
    ]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  });

  test('a failed sign-out shows an auth error toast and re-enables the button', async ({ page }) => {
    await signIn(page, DEMO.shopper.email, DEMO.shopper.password);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/auth/v1/logout**', async (route) => {
      await held;
      await route.abort('failed');
    });
    const button = page.getByRole('banner').getByRole('button', { name: /Sign Out|Signing Out/ });
    await button.click();
    await expect(button).toHaveText('Signing Out...');
    await expect(button).toBeDisabled();
    release();
    await expect(page.getByText('Sign out failed')).toBeVisible();
    await expect(page.getByText('Unable to connect to authentication service. Please try again.')).toBeVisible();
    await expect(button).toHaveText('Sign Out');
    await expect(button).toBeEnabled();
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const menuItems = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

  test('opens, lists the signed-out items, and closes', async ({ page }) => {
    await page.goto('/');
    await waitForAuthSettled(page);
    await expect(mainNav(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = menuItems(page);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Browse Cars',
      'AI Search',
      'Reviews',
      'Marketplace',
      'Recommended',
      'Value My Car',
      'Bookmarks',
      'Sign In',
      'Get Started',
    ]);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
    // Escape closes it too, and choosing a link navigates and closes.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menuItems(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuItems(page).getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(menuItems(page)).toHaveCount(0);
  });

  test('lists the signed-in items (and Admin Dashboard for admins)', async ({ page }) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = menuItems(page);
    await expect(menu.getByRole('link')).toHaveText([
      'Browse Cars',
      'AI Search',
      'Reviews',
      'Marketplace',
      'Recommended',
      'Value My Car',
      'Admin Dashboard',
      'Account',
      'Bookmarks',
      'Saved searches',
      'My Leads',
      'Become a dealer',
    ]);
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await waitForAuthSettled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menuItems(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menuItems(page).getByRole('link', { name: 'Account' })).toHaveCount(0);
  });
});

test.describe('skip link', () => {
  for (const path of ['/', '/auth']) {
    test(`is the first focusable element on ${path} and moves focus to main`, async ({ page }) => {
      await page.goto(path);
      // Wait for the first render: before it there is nothing to focus.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toHaveText('Skip to main content');
      await expect(focused).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
    });
  }
});

test.describe('error handling', () => {
  test('a screen that throws shows the route error card; Try Again recovers', async ({ page }) => {
    await page.goto('/browse?__throw=route');
    const card = page.getByTestId('route-error');
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'Go Home' })).toBeVisible();
    // The chrome survives a screen error.
    await expect(mainNav(page)).toBeAttached();
    await card.getByRole('button', { name: 'Try Again' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse cars' })).toBeVisible();
  });

  test('the app-wide error screen withholds details after more than 2 errors', async ({ page }) => {
    await page.goto('/?__throw=app');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    for (const name of ['Try Again', 'Reload App', 'Go Home', 'Report Issue']) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    await expect(page.getByTestId('error-details')).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await expect(page.getByTestId('error-details')).toHaveCount(0);
    for (const name of ['Reload', 'Go Home', 'Report']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByLabel('What were you doing when this happened? (optional)').fill('Opened the home page');
    await page.getByRole('button', { name: 'Send Report' }).click();
    await expect(page.getByText('Thanks — the problem has been reported.')).toBeVisible();
    // The report, with the comment, is in the local store (queued for the server through the outbox).
    const comments = await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('motorly');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('error_reports').objectStore('error_reports').getAll();
            req.onsuccess = () =>
              resolve((req.result as { context: { comment?: string } }[]).map((r) => r.context.comment));
            req.onerror = () => reject(req.error);
          };
        }),
    );
    expect(comments).toContain('Opened the home page');
  });
});

test.describe('accessibility (axe-core)', () => {
  // Every route, /, /auth and not-found among them, is checked by axe-sweep.spec.ts; this is the open menu.
  test('no serious or critical violations with the mobile menu open', async ({ page, axe }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await axe();
  });
});
