// The fake server of the price-history tests: listings, each with one history row at its price, and a record of
// the history pages the engine asks for.
import type { Cursor } from '@/data/types';
import type { ColumnIn, SyncTransport } from '../transport';
import type { FakeServer } from './fake-server';

export const HISTORY = 'listing_price_history';
export const listingId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
export const historyId = (i: number, n: number) =>
  `00000000-0000-4000-9${String(n).padStart(3, '0')}-${String(i).padStart(12, '0')}`;

/** Listings 0..count-1 at £1,000 + i, each with its one history row. */
export function seedListingsWithHistory(server: FakeServer, count: number): void {
  for (let i = 0; i < count; i++) {
    server.upsertRow('vehicle_listings', { id: listingId(i), price: 1000 + i, outcode: 'LS1', status: 'active' });
    server.upsertRow(HISTORY, {
      id: historyId(i, 0),
      vehicle_listing_id: listingId(i),
      price: 1000 + i,
      changed_at: '2026-11-01T00:00:00Z',
    });
  }
}

/** Every history page the transport is asked for, with its cursor and condition, from now on. */
export function recordHistoryPages(transport: SyncTransport): { after: Cursor; where?: ColumnIn }[] {
  const pages: { after: Cursor; where?: ColumnIn }[] = [];
  const pullPage = transport.pullPage.bind(transport);
  transport.pullPage = (table, after, limit, where) => {
    if (table === HISTORY) pages.push({ after, where });
    return pullPage(table, after, limit, where);
  };
  return pages;
}
