// The first paint's e2e helpers: the page with its HTML (and head scripts) only, the app's code held back.
import type { Page } from '@playwright/test';

/** Holds the app's scripts (/assets/*.js) back until the returned function is called. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Serves the static marketplace.html (the server's fallback) for the navigation to /marketplace. */
export async function serveStaticPage(page: Page): Promise<void> {
  await page.route(/\/marketplace$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/\/marketplace$/, '/marketplace.html'),
    });
    await route.fulfill({ response: res });
  });
}
