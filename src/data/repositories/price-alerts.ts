// Price alerts on listings (SPEC §3, §7): create, enable/disable, delete.
import type { MotorlyDb } from '../db';
import { NotSignedInError, createRow, deleteRow, updateRow } from '../outbox';
import { getSessionUserId } from '../sync-state';
import type { PriceAlert } from '../types';

export const DEFAULT_PRICE_DROP_THRESHOLD = 5;
/** The server's cap (supabase/migrations/20261128000800_client_insert_caps.sql), checked here first. */
export const PRICE_ALERTS_MAX = 50;
export const PRICE_ALERTS_TOO_MANY = `You can set at most ${PRICE_ALERTS_MAX} price alerts. Delete one to set another.`;

export class PriceAlertLimitError extends Error {
  constructor() {
    super(PRICE_ALERTS_TOO_MANY);
    this.name = 'PriceAlertLimitError';
  }
}

export interface NewPriceAlert {
  vehicleListingId: string;
  targetPrice: number;
  currentPrice: number;
  priceDropThreshold?: number;
}

export async function createPriceAlert(db: MotorlyDb, input: NewPriceAlert): Promise<PriceAlert> {
  const userId = await getSessionUserId(db);
  if (!userId) throw new NotSignedInError();
  if ((await db.price_alerts.where('user_id').equals(userId).count()) >= PRICE_ALERTS_MAX) {
    throw new PriceAlertLimitError();
  }
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
