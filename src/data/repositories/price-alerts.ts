// Price alerts on listings (SPEC §3, §7): create, enable/disable, delete.
import type { MotorlyDb } from '../db';
import { createRow, deleteRow, updateRow } from '../outbox';
import type { PriceAlert } from '../types';

export const DEFAULT_PRICE_DROP_THRESHOLD = 5;

export interface NewPriceAlert {
  vehicleListingId: string;
  targetPrice: number;
  currentPrice: number;
  priceDropThreshold?: number;
}

export async function createPriceAlert(db: MotorlyDb, input: NewPriceAlert): Promise<PriceAlert> {
  return createRow(db, 'price_alerts', {
    vehicle_listing_id: input.vehicleListingId,
    target_price: input.targetPrice,
    current_price: input.currentPrice,
    price_drop_threshold: input.priceDropThreshold ?? DEFAULT_PRICE_DROP_THRESHOLD,
    is_active: true,
    times_triggered: 0,
    last_triggered_at: null,
  });
}

export async function setPriceAlertActive(db: MotorlyDb, id: string, isActive: boolean): Promise<void> {
  await updateRow(db, 'price_alerts', id, { is_active: isActive });
}

export async function deletePriceAlert(db: MotorlyDb, id: string): Promise<void> {
  await deleteRow(db, 'price_alerts', id);
}
