// The one pinned set (issue 32): what the user's own rows point to (bookmarks, enquiries, price alerts, the
// compare list), the recently opened, a dealer's own stock and listings with unsent changes. The sync scope
// follows exactly it, and the query engine's eviction keeps it and the offline pack's listings.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoverageLedger } from '@/data/catalogue/query/ledger';
import type { QueryWindowRow } from '@/data/catalogue/query/window-types';
import { MotorlyDb } from '@/data/db';
import { setSessionUser } from '@/data/sync-queue';
import {
  comparedListings,
  dexieListingScope,
  keptListingIds,
  packListings,
  pinnedListingIds,
  recordListingOpened,
  setComparedListings,
} from '.';

const USER = '11111111-1111-4111-8111-111111111111';
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
let db: MotorlyDb;
let n = 0;

beforeEach(async () => {
  db = new MotorlyDb(`pinned-${++n}`);
  await setSessionUser(db, USER);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const listing = (i: number, dealer = 'd-other') => ({ id: id(i), dealer_id: dealer, car_model_id: 'm1', price: 9000 });

const op = (seq: number, table: string, rowId: string, queue: 'outbox' | 'needs_attention' = 'outbox') =>
  db.table(queue).put({
    id: `op-${seq}`,
    seq,
    table,
    type: 'update',
    row_id: rowId,
    user_id: USER,
    data: {},
    retries: 0,
    created_at: seq,
    ...(queue === 'needs_attention' ? { parked_at: seq, failure: 'transient' } : {}),
  });

/** One of every kind of pin (listing 1 to 8), a pack listing (9) and a window-only listing (10). */
async function pinOneOfEach() {
  await db.bookmarks.put({ id: 'b1', user_id: USER, vehicle_listing_id: id(1), car_model_id: null } as never);
  await db.bookmarks.put({ id: 'b2', user_id: USER, vehicle_listing_id: null, car_model_id: 'm1' } as never);
  await db.leads.put({ id: 'l1', user_id: USER, vehicle_listing_id: id(2), dealer_id: 'd1' } as never);
  await db.price_alerts.put({ id: 'a1', user_id: USER, vehicle_listing_id: id(3) } as never);
  await setComparedListings(db, [id(4)]);
  await recordListingOpened(db, id(5));
  await db.dealer_members.put({ id: 'dm1', user_id: USER, dealer_id: 'd-own' } as never);
  await db.vehicle_listings.bulkPut([listing(6, 'd-own'), listing(9), listing(10)] as never);
  await op(1, 'vehicle_listings', id(7));
  await op(2, 'vehicle_listings', id(8), 'needs_attention');
  await op(3, 'bookmarks', 'b1'); // an op on another table pins no listing
  await packListings(db).put({ id: id(9) });
}

describe('pinnedListingIds: the one definition', () => {
  it("holds the user's rows' listings, the compared, the recently opened, own stock and unsent listings", async () => {
    await pinOneOfEach();
    expect([...(await pinnedListingIds(db))].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(id));
    // The sync worker follows exactly that set; eviction keeps it and the offline pack's.
    expect(await dexieListingScope(db).pinnedIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(id));
    expect([...(await keptListingIds(db))].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(id));
  });

  it('follows the compare list: a listing leaves the set when it leaves the list', async () => {
    await setComparedListings(db, [id(1), id(2)]);
    expect([...(await pinnedListingIds(db))].sort()).toEqual([id(1), id(2)]);
    await setComparedListings(db, [id(2), id(3)]);
    expect(await comparedListings(db).toCollection().primaryKeys()).toEqual([id(2), id(3)]);
    expect([...(await pinnedListingIds(db))].sort()).toEqual([id(2), id(3)]);
    await setComparedListings(db, []);
    expect((await pinnedListingIds(db)).size).toBe(0);
  });
});

describe("the query engine's eviction", () => {
  const window = (key: string, ids: string[]): QueryWindowRow => ({
    key,
    ids,
    dealerMiles: {},
    total: ids.length,
    estimated: false,
    nextCursor: null,
    complete: true,
    facets: null,
    asOf: 0,
    lastUsed: 0,
    ttlMs: 1,
    openMs: 0,
    bytes: 0,
  });

  it('deletes only the rows nothing else keeps: compared, pinned, pack and other windows stay', async () => {
    await pinOneOfEach();
    const shown = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12];
    await db.vehicle_listings.bulkPut(shown.map((i) => listing(i)) as never);
    const gone = window('gone', shown.map(id));
    await db.query_windows.bulkPut([gone, window('other', [id(12)])]);
    await new CoverageLedger(db).drop([gone]);
    const left = (await db.vehicle_listings.toCollection().primaryKeys()).sort();
    expect(left).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12].map(id));
    expect(await db.query_windows.toCollection().primaryKeys()).toEqual(['other']);
  });
});
