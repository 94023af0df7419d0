// A dealer's stock editor: add a car, edit its fields, withdraw it (repository calls bound to the app's store).
import { useMemo } from 'react';
import { db } from '../db';
import { bound } from '../hooks/bound';
import { useLiveQuery } from '../hooks/use-live-query';
import { createStockListing, updateStockListing, withdrawStockListing } from './stock-listings';

export { changedStockFields, StockListingError, type StockListingValues } from './stock-listings';

/** The stock editor's writes: each is a row change and its outbox op. */
export function useStockWrites() {
  return useMemo(
    () => ({
      create: bound(createStockListing),
      update: bound(updateStockListing),
      withdraw: bound(withdrawStockListing),
    }),
    [],
  );
}

/**
 * The server's latest refusal of a change to this listing (a parked op's message), or null: the stock
 * editor shows it by the field it is about. Live.
 */
export function useListingRefusal(listingId: string): string | null {
  return (
    useLiveQuery(
      async () => {
        const parked = await db.needs_attention
          .where('[table+row_id]')
          .equals(['vehicle_listings', listingId])
          .toArray();
        return parked.sort((a, b) => b.seq - a.seq)[0]?.last_error ?? null;
      },
      [listingId],
      null,
    ) ?? null
  );
}
