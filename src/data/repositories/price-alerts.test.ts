// Price alerts: the 50-per-user cap the server enforces (20261128000800) is checked on the device first,
// so a 51st alert never waits in the outbox only to be refused.
import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '../db';
import { withTestDb } from '../testing/test-db';
import type { PriceAlert } from '../types';
import { PRICE_ALERTS_MAX, PRICE_ALERTS_TOO_MANY, createPriceAlert } from './price-alerts';

let db: MotorlyDb;
const USER = '22222222-2222-4222-8222-222222222222';

withTestDb('test-price-alerts', (d) => (db = d), USER);

const alert = (i: number, userId = USER) =>
  ({
    id: `a${userId.slice(0, 4)}${i}`,
    user_id: userId,
    vehicle_listing_id: `l${i}`,
    target_price: 1000,
    current_price: 2000,
    price_drop_threshold: 5,
    is_active: true,
    times_triggered: 0,
    last_triggered_at: null,
  }) as unknown as PriceAlert;

describe('price alerts repository', () => {
  it('refuses a 51st alert of the signed-in user and queues nothing', async () => {
    await db.price_alerts.bulkPut(Array.from({ length: PRICE_ALERTS_MAX }, (_, i) => alert(i)));
    const queued = await db.outbox.count();
    await expect(
      createPriceAlert(db, { vehicleListingId: 'l-new', targetPrice: 900, currentPrice: 1000 }),
    ).rejects.toThrow(PRICE_ALERTS_TOO_MANY);
    expect(await db.outbox.count()).toBe(queued);
  });

  it("counts the user's own alerts only", async () => {
    const other = '33333333-3333-4333-8333-333333333333';
    await db.price_alerts.bulkPut(Array.from({ length: PRICE_ALERTS_MAX }, (_, i) => alert(i, other)));
    await db.price_alerts.bulkPut(Array.from({ length: PRICE_ALERTS_MAX - 1 }, (_, i) => alert(i)));
    const created = await createPriceAlert(db, { vehicleListingId: 'l-new', targetPrice: 900, currentPrice: 1000 });
    expect(created.user_id).toBe(USER);
    expect(await db.price_alerts.where('user_id').equals(USER).count()).toBe(PRICE_ALERTS_MAX);
  });
});
