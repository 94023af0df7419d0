// A listing's price history leaves the device with the listing (issue 32): whatever deletes a stored listing
// (a search window evicted, the offline pack removed, a tombstone, a dealer deleting a car) deletes its
// listing_price_history rows in the same transaction. A Dexie middleware, so no caller can forget it: every
// read-write transaction on vehicle_listings also takes listing_price_history.
import type { DBCore, DBCoreKeyRange, DBCoreRangeType, DBCoreTable, DBCoreTransaction, Dexie } from 'dexie';

const LISTINGS = 'vehicle_listings';
const HISTORY = 'listing_price_history';

/** Deletes the history rows of these listings (their ids) in `trans`. */
async function deleteHistoryOf(history: DBCoreTable, trans: DBCoreTransaction, listingIds: unknown[]): Promise<void> {
  const index = history.schema.getIndexByKeyPath('vehicle_listing_id');
  if (!index || listingIds.length === 0) return;
  const keys: unknown[] = [];
  for (const id of new Set(listingIds)) {
    if (typeof id !== 'string') continue;
    const range: DBCoreKeyRange = { type: 1 as DBCoreRangeType, lower: id, upper: id };
    const found = await history.query({ trans, values: false, query: { index, range } });
    keys.push(...found.result);
  }
  if (keys.length) await history.mutate({ type: 'delete', trans, keys });
}

function cascadingListings(listings: DBCoreTable, history: DBCoreTable): DBCoreTable {
  return {
    ...listings,
    async mutate(req) {
      let gone: unknown[] = [];
      if (req.type === 'delete') gone = req.keys;
      else if (req.type === 'deleteRange') {
        const query = { index: listings.schema.primaryKey, range: req.range };
        gone = (await listings.query({ trans: req.trans, values: false, query })).result;
      }
      const res = await listings.mutate(req);
      if (gone.length) await deleteHistoryOf(history, req.trans, gone);
      return res;
    },
  };
}

export function registerListingHistoryCascade(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'listing-history-cascade',
    create(down: DBCore): DBCore {
      // Every version of the store has the history table; a test's bare Dexie may not.
      const hasHistory = () => down.schema.tables.some((t) => t.name === HISTORY);
      return {
        ...down,
        transaction(stores, mode, options) {
          const widen = mode === 'readwrite' && stores.includes(LISTINGS) && !stores.includes(HISTORY) && hasHistory();
          return down.transaction(widen ? [...stores, HISTORY] : stores, mode, options);
        },
        table(name: string) {
          const table = down.table(name);
          return name === LISTINGS && hasHistory() ? cascadingListings(table, down.table(HISTORY)) : table;
        },
      };
    },
  });
}
