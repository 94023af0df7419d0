// Helpers for the enquiry and Dealer Hub specs: the demo dealer's listings, sign-in per context.
import { expect, type Page } from '@playwright/test';
import { DEMO, signIn } from './fixtures';
import { serviceRest } from './sync-helpers';

export const DEMO_DEALER_SLUG = 'aberystwyth-car-centre';
export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again later.';

export interface DemoListing {
  id: string;
  title: string;
  price: number;
  dealer_id: string;
}

/** Active listings of the demo dealer (Aberystwyth Car Centre), in a stable order. */
export async function demoDealerListings(): Promise<DemoListing[]> {
  const [dealer] = await serviceRest<{ id: string }[]>(`/dealers?select=id&slug=eq.${DEMO_DEALER_SLUG}`);
  const rows = await serviceRest<DemoListing[]>(
    `/vehicle_listings?select=id,title,price,dealer_id&dealer_id=eq.${dealer.id}&status=eq.active&order=id`,
  );
  // Only the seeded cars: a car dealer-add-car.spec.ts added has a random id, so it would land anywhere in
  // this order and change which car a spec picks.
  const seeded = rows.filter((r) => !r.title.includes('Test Edition'));
  if (seeded.length < 4) throw new Error('The demo dealer has too few listings: is the catalogue seeded?');
  return seeded;
}

/** Signs the demo dealer in and opens the hub once his dealership has arrived in the local store. */
export async function openHubAsDealer(page: Page): Promise<void> {
  await signIn(page, DEMO.dealer.email, DEMO.dealer.password, { to: '/dealer/dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'Aberystwyth Car Centre' })).toBeVisible({
    timeout: 120_000,
  });
}

/** Opens a listing and waits until it is in the local store (the first catalogue download may still run). */
export async function openListing(page: Page, listingId: string): Promise<void> {
  await page.goto(`/marketplace/${listingId}`);
  await expect(page.getByTestId('listing-price')).toBeVisible({ timeout: 120_000 });
}
