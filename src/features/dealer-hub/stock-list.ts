// The stock list's pure logic: search, status filter and sort over the dealer's listings with their
// figures, and where each row stands with the server (from the outbox and "needs attention").
import type { ListingStatus, OutboxOp, ParkedOp, VehicleListing } from '@/data/types';

export type StockStatusFilter = 'all' | ListingStatus;
export type StockSort = 'newest' | 'oldest' | 'price-high' | 'price-low' | 'leads' | 'views';

export const STOCK_SORT_LABELS: Record<StockSort, string> = {
  newest: 'Newest listed',
  oldest: 'Longest on sale',
  'price-high': 'Price: high to low',
  'price-low': 'Price: low to high',
  leads: 'Most leads',
  views: 'Most views',
};

export interface StockItem {
  listing: VehicleListing;
  leads: number;
  /** Null until the server's figures arrive (offline, or still loading). */
  views: number | null;
  saves: number | null;
}

export interface StockQuery {
  text: string;
  status: StockStatusFilter;
  sort: StockSort;
}

const compact = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** Whether every word typed appears in the title or the registration (spaces in a plate ignored). */
function matches(l: VehicleListing, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const title = l.title.toLowerCase();
  const plate = compact(l.registration ?? '');
  const all = compact(text);
  if (plate && all.length >= 2 && plate.includes(all)) return true;
  return words.every((w) => title.includes(w) || (plate !== '' && plate.includes(w)));
}

const BY: Record<StockSort, (a: StockItem, b: StockItem) => number> = {
  newest: (a, b) => b.listing.listed_at.localeCompare(a.listing.listed_at),
  oldest: (a, b) => a.listing.listed_at.localeCompare(b.listing.listed_at),
  'price-high': (a, b) => b.listing.price - a.listing.price,
  'price-low': (a, b) => a.listing.price - b.listing.price,
  leads: (a, b) => b.leads - a.leads,
  // unknown view counts last
  views: (a, b) => (b.views ?? -1) - (a.views ?? -1),
};

/** The rows to show, in order; ties by title then id, so the order is stable as figures arrive. */
export function selectStock(items: readonly StockItem[], q: StockQuery): StockItem[] {
  return items
    .filter((i) => (q.status === 'all' || i.listing.status === q.status) && matches(i.listing, q.text))
    .sort(
      (a, b) =>
        BY[q.sort](a, b) || a.listing.title.localeCompare(b.listing.title) || a.listing.id.localeCompare(b.listing.id),
    );
}

/** How many listings have each status. */
export function statusCounts(items: readonly StockItem[]): Record<StockStatusFilter, number> {
  const counts: Record<StockStatusFilter, number> = { all: items.length, active: 0, reserved: 0, sold: 0 };
  for (const i of items) counts[i.listing.status] += 1;
  return counts;
}

/** Where a listing's own edits stand: all sent, some not yet sent, or one refused (with the reason). */
export type RowSync = { state: 'sent' } | { state: 'pending' } | { state: 'refused'; message: string; opId: string };

/** The sync state of every listing with unsent or refused edits (others are 'sent'). */
export function listingSyncStates(queued: readonly OutboxOp[], parked: readonly ParkedOp[]): Map<string, RowSync> {
  const states = new Map<string, RowSync>();
  for (const op of queued) if (op.table === 'vehicle_listings') states.set(op.row_id, { state: 'pending' });
  // A refusal says more than "not yet sent": it wins, the first one parked for the row.
  for (const op of [...parked].sort((a, b) => a.seq - b.seq)) {
    if (op.table !== 'vehicle_listings' || states.get(op.row_id)?.state === 'refused') continue;
    states.set(op.row_id, {
      state: 'refused',
      message: op.last_error ?? 'The server refused this change.',
      opId: op.id,
    });
  }
  return states;
}
