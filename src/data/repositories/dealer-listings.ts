// A dealer member's edits of his forecourt: the price (a cut fires the shoppers' price alerts on the
// server) and the status (active, reserved, sold). The server lets members change only these two.
import type { MotorlyDb } from '../db';
import { updateRow } from '../outbox';
import type { ListingStatus, VehicleListing } from '../types';

/** Highest asking price the hub accepts (the dearest car in the catalogue is far below). */
export const MAX_LISTING_PRICE = 5_000_000;

/** Why a typed price cannot be saved, or null when it can. Whole pounds, positive. */
export function listingPriceError(price: number): string | null {
  if (!Number.isFinite(price)) return 'Enter the price in pounds.';
  if (!Number.isInteger(price)) return 'Enter the price in whole pounds.';
  if (price <= 0) return 'The price must be more than £0.';
  if (price > MAX_LISTING_PRICE) return 'The price must be at most £5,000,000.';
  return null;
}

export async function updateListingPrice(
  db: MotorlyDb,
  listingId: string,
  price: number,
): Promise<VehicleListing | undefined> {
  const error = listingPriceError(price);
  if (error) throw new Error(error);
  return updateRow(db, 'vehicle_listings', listingId, { price });
}

export async function setListingStatus(
  db: MotorlyDb,
  listingId: string,
  status: ListingStatus,
): Promise<VehicleListing | undefined> {
  return updateRow(db, 'vehicle_listings', listingId, { status });
}
