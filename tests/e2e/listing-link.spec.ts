// A listing link shared by a friend, opened on a device that has never downloaded the catalogue: the car
// shows after one round trip, not after the whole download (nor as "not found" meanwhile).
import { expect, test } from './fixtures';
import { serviceRest } from './sync-helpers';

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
  // The catalogue download (cursor pages of listings) never answers during this test.
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
  // The download did start (and is held), so the car above came from the one-car fetch.
  await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: car.title })).toBeVisible();
});

test('a link to a car that does not exist says so once the server has answered', async ({ page }) => {
  await page.goto('/marketplace/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText("We couldn't find this car")).toBeVisible({ timeout: 15_000 });
});
