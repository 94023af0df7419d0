// The service worker: /sw.js controls the page, precaches the shell, and every route loads offline.
import { expect, test } from './fixtures';

test('after one visit, routes load offline from the service worker', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
    return reg.active?.scriptURL;
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  for (const [path, heading] of [
    ['/browse', 'Browse cars'],
    ['/marketplace/abc', "We couldn't find this car"],
    ['/auth', 'Welcome back'],
    ['/nowhere', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }
  await context.setOffline(false);
});
