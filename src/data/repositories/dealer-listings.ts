// A dealer member's edits of his forecourt: the price (a cut fires the shoppers' price alerts on the
// server) and the status (active, reserved, sold). The server lets members change only these two.
import type { MotorlyDb } from '../db';
import { updateRow } from '../outbox';
import type { ListingStatus, VehicleListing } from '../types';

/** Lowest and highest asking prices the server accepts (supabase/migrations/*_listing_price_guards.sql). */
export const MIN_LISTING_PRICE = 100;
export const MAX_LISTING_PRICE = 5_000_000;
/** Below this, or more than CONFIRM_CUT_PERCENT under the current price, a price must be confirmed. */
export const CONFIRM_BELOW_PRICE = 500;
export const CONFIRM_CUT_PERCENT = 30;

/** Why a typed price cannot be saved, or null when it can. Whole pounds, £100 to £5,000,000. */
export function listingPriceError(price: number): string | null {
  if (!Number.isFinite(price)) return 'Enter the price in pounds.';
  if (!Number.isInteger(price)) return 'Enter the price in whole pounds.';
  if (price < MIN_LISTING_PRICE || price > MAX_LISTING_PRICE) return 'The price must be between £100 and £5,000,000.';
  return null;
}

/**
 * Whether moving from `current` to `next` needs the dealer's explicit confirmation (the server refuses
 * it otherwise): a cut of more than 30%, or a price under £500. Same integer test as the trigger.
 */
export function priceNeedsConfirmation(current: number | null, next: number): boolean {
  if (next < CONFIRM_BELOW_PRICE) return true;
  return current !== null && next * 100 < current * (100 - CONFIRM_CUT_PERCENT);
}

/**
 * Queues a new price. `confirmed` sends the write-only `confirmed_price` flag the server requires for
 * a price priceNeedsConfirmation() flags; it is never stored locally.
 */
export async function updateListingPrice(
  db: MotorlyDb,
  listingId: string,
  price: number,
  confirmed = false,
): Promise<VehicleListing | undefined> {
  const error = listingPriceError(price);
  if (error) throw new Error(error);
  return updateRow(
    db,
    'vehicle_listings',
    listingId,
    { price },
    {},
    confirmed ? { opOnly: { confirmed_price: price } } : {},
  );
}

export async function setListingStatus(
  db: MotorlyDb,
  listingId: string,
  status: ListingStatus,
): Promise<VehicleListing | undefined> {
  return updateRow(db, 'vehicle_listings', listingId, { status });
}
