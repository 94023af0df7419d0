// A listing link shared by a friend, opened on a device that has never downloaded the catalogue: the car
// shows after one round trip, not after the whole download (nor as "not found" meanwhile).
import { expect, test } from './fixtures';
import { waitForCatalogue } from './catalogue-helpers';
import { serviceRest, settledAndInstalled } from './sync-helpers';

test('a shared listing link opened before the catalogue has downloaded shows the car at once', async ({
  page,
  context,
}) => {
  const [car] = await serviceRest<{ id: string; title: string; dealer: { name: string } }[]>(
    '/vehicle_listings?select=id,title,dealer:dealers(name)&status=eq.active&order=id.desc&limit=1',
  );
  // The car and everything it shows (model, brand, dealer, reviews, price history) come in one request.
  const oneCar: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/') && r.url().includes(car.id)) oneCar.push(r.url());
  });
  // Cursor pages of listings never answer during this test.
  const held: string[] = [];
  await context.route(/\/rest\/v1\/vehicle_listings\?.*\bor=/, (route) => {
    held.push(route.request().url());
  });
  await page.goto(`/marketplace/${car.id}`);
  await expect(page.getByRole('heading', { level: 1, name: car.title })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("We couldn't find this car")).toHaveCount(0);
  await expect(page.getByText(car.dealer.name).first()).toBeVisible();
  expect(oneCar).toHaveLength(1);
  // The head script asks for the car before the app's code is even requested, and for the listing screen's
  // code while the app's own is still downloading (not once the app has run); the app takes the answer.
  const [carAt, appAt, appEnd, screenAt] = await page.evaluate((id) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const find = (test: (url: string) => boolean) => entries.find((e) => test(e.name));
    const app = find((url) => /\/assets\/index-[\w-]+\.js$/.test(url));
    return [
      find((url) => url.includes('/rest/v1/') && url.includes(id))?.startTime ?? NaN,
      app?.startTime ?? NaN,
      app?.responseEnd ?? NaN,
      find((url) => /\/assets\/listing-detail-[\w-]+\.js$/.test(url))?.startTime ?? NaN,
    ];
  }, car.id);
  expect(carAt).toBeLessThan(appAt);
  expect(screenAt).toBeLessThan(appEnd);
  // Nothing downloads the whole table (issue 32): every listing pull names the ids it wants.
  expect(held.filter((url) => !decodeURIComponent(url).includes('id=in.('))).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: car.title })).toBeVisible();
});

test('a link to a car that does not exist says so once the server has answered', async ({ page }) => {
  await page.goto('/marketplace/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText("We couldn't find this car")).toBeVisible({ timeout: 15_000 });
});

test("a shared link's first visit draws the car before the app's code runs, and the app takes over without a blink or a shift", async ({
  page,
}) => {
  const [car] = await serviceRest<{ id: string; title: string }[]>(
    '/vehicle_listings?select=id,title&status=eq.active&order=id.desc&limit=1',
  );
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __gaps: number };
    w.__cls = 0;
    w.__gaps = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // Every frame from the picture's first: it is still there (a frame without it would be a blink).
    let seen = false;
    const frame = () => {
      if (document.querySelector('main .cat-gallery__main img')) seen = true;
      else if (seen) w.__gaps++;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/marketplace/${car.id}`, { waitUntil: 'commit' });
  // No code of the app has run: the head scripts drew the heading and the picture from the early answer.
  const picture = page.locator('main .cat-gallery__main img');
  await expect(page.getByRole('heading', { level: 1, name: car.title })).toBeVisible({ timeout: 15_000 });
  await expect(picture).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  const box = await picture.boundingBox();
  const src = await picture.getAttribute('src');
  release();
  // The app renders the screen over it: the same picture in the same place, then the rest of the page.
  await expect(page.getByTestId('listing-price')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  expect(await picture.boundingBox()).toEqual(box);
  expect(await picture.getAttribute('src')).toBe(src);
  const { cls, gaps } = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __gaps: number };
    return { cls: w.__cls, gaps: w.__gaps };
  });
  expect(gaps).toBe(0);
  expect(cls).toBeLessThanOrEqual(0.02);
});

test("a listing link is answered with the listing's own page, which asks for the early view from its head", async ({
  request,
}) => {
  const [car] = await serviceRest<{ id: string }[]>('/vehicle_listings?select=id&status=eq.active&limit=1');
  const html = await (await request.get(`/marketplace/${car.id}`)).text();
  // Beside the head script, not once it has run: the car's picture then waits only for the car's data.
  expect(html).toMatch(
    /<head>[\s\S]*<script src="\/a11y-boot\.js"><\/script><script async src="\/listing-early-view\.js">/,
  );
  expect(html).toContain('data-early-view-script');
  // Any other page keeps index.html, which does not load it (its inline head script names it, for a listing link).
  expect(await (await request.get('/')).text()).not.toMatch(/<script[^>]*src="\/listing-early-view\.js"/);
});

test("a listing link on a later visit draws the car from the device's own store before the app's code runs", async ({
  page,
}) => {
  await waitForCatalogue(page);
  await settledAndInstalled(page);
  const card = page.getByTestId('listing-card').first();
  const id = (await card.getAttribute('data-listing-id')) ?? '';
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  // The moment the head scripts mark the page as drawn early: its heading, and whether the app owned the page.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!('earlyView' in document.documentElement.dataset)) return;
      observer.disconnect();
      Object.assign(window, {
        __early: {
          title: document.querySelector('main h1')?.textContent ?? null,
          prerendered: document.getElementById('root')?.dataset.prerendered ?? null,
        },
      });
      // The document, not <html>: an init script runs before the parser has made <html>.
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-early-view'] });
  });
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/vehicle_listings') && req.url().includes(id)) asked.push(req.url());
  });
  await page.goto(`/marketplace/${id}`);
  await expect(page.getByTestId('listing-price')).toBeVisible();
  // Drawn by the head scripts from IndexedDB (no request for the car), over the service worker's index.html.
  expect(await page.evaluate(() => (window as unknown as { __early?: unknown }).__early)).toEqual({
    title,
    prerendered: 'home',
  });
  expect(asked).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
