// A listing's price history leaves the device with it, whichever way the listing is deleted.
import { describe, expect, it } from 'vitest';
import type { MotorlyDb } from './db';
import { withTestDb } from './testing/test-db';

let db: MotorlyDb;
withTestDb('history-cascade', (d) => (db = d));

const listing = (id: string, dealer = 'd1') => ({ id, car_model_id: 'm1', dealer_id: dealer, price: 1000 }) as never;
const history = (listingId: string, n: number) =>
  ({
    id: `${listingId}-h${n}`,
    vehicle_listing_id: listingId,
    price: 1000 - n,
    changed_at: `2026-11-0${n + 1}`,
  }) as never;

async function seed(ids: string[]) {
  await db.vehicle_listings.bulkPut(ids.map((id) => listing(id, id === 'd' ? 'd2' : 'd1')));
  await db.listing_price_history.bulkPut(ids.flatMap((id) => [history(id, 0), history(id, 1)]));
}

const historyOf = async () =>
  [...new Set((await db.listing_price_history.toArray()).map((h) => h.vehicle_listing_id))].sort();

describe('listing history cascade', () => {
  it('deletes the history of a listing deleted by key, by keys, by query, or in a wider transaction', async () => {
    await seed(['a', 'b', 'c', 'd', 'e']);
    await db.vehicle_listings.delete('a');
    expect(await historyOf()).toEqual(['b', 'c', 'd', 'e']);
    await db.vehicle_listings.bulkDelete(['b', 'zz']);
    expect(await historyOf()).toEqual(['c', 'd', 'e']);
    await db.vehicle_listings.where('dealer_id').equals('d2').delete();
    expect(await historyOf()).toEqual(['c', 'e']);
    // As the coverage ledger evicts a window: its own transaction, which names only the listings.
    await db.transaction('rw', db.query_windows, db.vehicle_listings, async () => {
      await db.vehicle_listings.bulkDelete(['c']);
    });
    expect(await historyOf()).toEqual(['e']);
    expect(await db.listing_price_history.count()).toBe(2);
  });

  it('clears the history with the table, and leaves it alone when listings are only written', async () => {
    await seed(['a', 'b']);
    await db.vehicle_listings.put({ ...(await db.vehicle_listings.get('a'))!, price: 900 });
    expect(await db.listing_price_history.count()).toBe(4);
    await db.vehicle_listings.clear();
    expect(await db.listing_price_history.count()).toBe(0);
  });
});
