// Issue 33 acceptance: on an 820 px tablet the demo dealer adds a car with two photos (a JPEG and a PNG, real
// files made with sharp), with a plate that must agree with the year; a shopper's marketplace, open the whole
// time in another browser, shows the new car with its photo, live, without a reload.
import { test, expect, DEMO, signIn } from './fixtures';
import { freshPlate, photoFile, photoStatus, quietPetrolModel, serverListingByPlate } from './stock-helpers';

test.setTimeout(240_000);
const TABLET = { width: 820, height: 1180 };
test.use({ viewport: TABLET });

test('the dealer adds a car with two photos and a shopper sees it live with its photo', async ({
  browser,
  page,
  axe,
}) => {
  const model = await quietPetrolModel();
  const plate = freshPlate(2021);
  const [front, side] = await Promise.all([
    photoFile('front.jpg', 'jpeg', [200, 40, 40]),
    photoFile('side.png', 'png', [40, 90, 200]),
  ]);

  await signIn(page, DEMO.dealer.email, DEMO.dealer.password, { to: '/dealer/stock/new' });
  await expect(page.getByRole('heading', { level: 1, name: 'Add a car' })).toBeVisible({ timeout: 120_000 });

  // The shopper's marketplace is open (filtered to the model, cheapest first) before the car exists.
  const shopperContext = await browser.newContext({ viewport: TABLET });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/marketplace?make=${model.brand.slug}&model=${model.slug}&sort=price-asc`);
  await expect(shopper.getByTestId('listing-card').first()).toBeVisible({ timeout: 120_000 });
  const form = page.getByRole('form', { name: 'Add a car' });

  // A plate from another year is refused with its reason, on its field.
  await form.getByLabel('Make').selectOption({ label: model.brand.name });
  await form.getByLabel('Model').selectOption({ label: model.name });
  await form.getByLabel('Registration').fill(plate.replace('21', '19'));
  await form.getByLabel('Year').fill('2021');
  await form.getByLabel('Variant').fill('1.0 Test Edition');
  await form.getByLabel('Mileage').fill('23,456');
  await form.getByLabel('Fuel').selectOption('petrol');
  await form.getByLabel('Gearbox').selectOption('manual');
  await form.getByLabel('Body style').selectOption('hatchback');
  await form.getByLabel('Colour').fill('Marigold Yellow');
  await form.getByLabel('Doors').fill('5');
  await form.getByLabel('Seats').fill('5');
  await form.getByLabel('Engine size').fill('999');
  await form.getByLabel('Previous owners (optional)').fill('1');
  await form.getByLabel('Service history').selectOption('full');
  await form.getByLabel('Price').fill('£650');
  await form.getByLabel('Features').fill('Heated seats\nApple CarPlay');
  await form.getByLabel('Description').fill('One careful owner, full service history.');
  await form.getByLabel('Add photos').setInputFiles([front, side]);
  await expect(form.getByTestId('stock-photo')).toHaveCount(2);
  await form.getByRole('button', { name: 'Add car' }).click();
  await expect(form.getByText("The plate's age identifier 19 does not match the year 2021.")).toBeVisible();
  await axe();
  for (const width of [390, 1280, 820]) {
    await page.setViewportSize({ width, height: TABLET.height });
    await page.screenshot({ path: `/tmp/shots-editor/stock-form-${width}.png`, fullPage: true });
  }

  // Put the PNG first: it becomes the cover.
  await form.getByRole('button', { name: 'Make cover (photo 2)' }).click();
  await expect(form.getByTestId('stock-photo').first()).toContainText('Cover');
  await expect(form.getByTestId('stock-photo').first().getByRole('img')).toHaveAttribute('alt', 'Photo 1: side.png');
  await form.getByLabel('Registration').fill(plate);
  await form.getByRole('button', { name: 'Add car' }).click();
  await expect(page.getByText('Car added')).toBeVisible();
  await expect(page).toHaveURL(/\/dealer\/dashboard$/);

  await expect.poll(async () => (await serverListingByPlate(plate))?.photos.length, { timeout: 30_000 }).toBe(2);
  const listing = (await serverListingByPlate(plate))!;
  expect(listing.title).toBe(`2021 ${model.brand.name} ${model.name} 1.0 Test Edition`);
  expect(listing.photos[0]).toMatch(/\.png$/);
  for (const path of listing.photos) await expect.poll(() => photoStatus(path), { timeout: 30_000 }).toBe(200);

  // The shopper's search asked again (the device shows what it held, then the server's answer, issue 32)
  // shows the new car, cheapest first, with its cover photo.
  await shopper.reload();
  const card = shopper.locator(`[data-testid="listing-card"][data-listing-id="${listing.id}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  const photo = card.locator(`img[data-photo="${listing.photos[0]}"]`);
  await expect(photo).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(photo).toHaveAttribute('srcset', /width=320 320w, .*width=640 640w, .*width=1280 1280w/);
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect(card.getByText('Illustration')).toHaveCount(0);
  await shopper.screenshot({ path: '/tmp/shots-editor/shopper-new-car-820.png' });

  await shopperContext.close();
});
