// Price history, live (issue 32): a held listing whose price changes by realtime gets its new
// listing_price_history row at once, not on the next sync cycle (history does not stream: the device holds
// only the history of the listings it holds, price-history-pull.ts). The listing changes of a burst are
// gathered for `delayMs` and fetched together, at most 100 listings a request; while one fetch runs, the
// next changes wait for it. A listing whose newest history row already has the price it now shows (a
// status change, a repeated event) costs no request. A fetch that fails leaves nothing lost: the realtime
// write is past the listing pull's cursor, so the next catch-up pulls the listing and its history again.
import type { SyncStore } from '@/data/sync-queue';
import type { Cursor } from '@/data/types';
import { chunked } from './held-listings-pull';
import { ORIGIN_CURSOR } from './timestamps';
import type { Row, SyncTransport } from './transport';

const TABLE = 'listing_price_history';
/** Long enough to gather a storm's events (one realtime batch), short enough to feel live. */
export const LIVE_HISTORY_DELAY_MS = 250;

/** The history the device holds for a listing: its rows' ids and the price of the newest one. */
export interface ListingHistoryOnDevice {
  rowIds: readonly string[];
  latestPrice: number | null;
}

/** Reads the device's price history for listings (data/offline-pack/scope.ts implements it on Dexie). */
export interface HistoryOnDevice {
  historyOf(listingIds: readonly string[]): Promise<Map<string, ListingHistoryOnDevice>>;
}

export interface LivePriceHistoryOptions {
  transport: Pick<SyncTransport, 'pullPage'>;
  store: Pick<SyncStore, 'applyPulled' | 'applyDeleted'>;
  history: HistoryOnDevice;
  /** Rows per history request (the pull's page size). */
  pageSize?: number;
  delayMs?: number;
  onError(err: unknown): void;
}

const cursorOf = (row: Row): Cursor => ({ updated_at: String(row.updated_at), id: String(row.id) });

export class LivePriceHistory {
  /** Listing id -> the price the listing now has, gathered since the last fetch. */
  private due = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly opts: LivePriceHistoryOptions) {}

  /** Listing rows realtime just wrote: those whose price the device's history does not show yet are fetched. */
  note(rows: readonly Record<string, unknown>[]): void {
    if (this.closed) return;
    for (const row of rows)
      if (typeof row.id === 'string' && typeof row.price === 'number') this.due.set(row.id, row.price);
    this.schedule();
  }

  /** Resolves when nothing is waiting or being fetched (tests, and a clean close). */
  async settled(): Promise<void> {
    while (this.timer || this.running) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.start();
      }
      await this.running;
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.due.clear();
  }

  private schedule(): void {
    if (this.timer || this.running || !this.due.size) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, this.opts.delayMs ?? LIVE_HISTORY_DELAY_MS);
  }

  private start(): void {
    const due = this.due;
    this.due = new Map();
    this.running = this.fetch(due)
      .catch((err: unknown) => this.opts.onError(err))
      .finally(() => {
        this.running = null;
        this.schedule();
      });
  }

  private async fetch(due: ReadonlyMap<string, number>): Promise<void> {
    if (!due.size || this.closed) return;
    const held = await this.opts.history.historyOf([...due.keys()]);
    const wanted = [...due]
      .filter(([id, price]) => held.get(id)?.latestPrice !== price)
      .map(([id]) => id)
      .sort();
    const pageSize = this.opts.pageSize ?? 1000;
    for (const listingIds of chunked(wanted)) {
      if (this.closed) return;
      const where = { column: 'vehicle_listing_id', values: listingIds };
      const returned = new Set<string>();
      let after = ORIGIN_CURSOR;
      for (;;) {
        const rows = await this.opts.transport.pullPage(TABLE, after, pageSize, where);
        if (rows.length) await this.opts.store.applyPulled(TABLE, rows);
        for (const row of rows) returned.add(String(row.id));
        if (rows.length < pageSize) break;
        after = cursorOf(rows[rows.length - 1]);
      }
      // A row the server replaced (two prices at one instant merge into one row) leaves with the re-read.
      const stale = listingIds.flatMap((id) => (held.get(id)?.rowIds ?? []).filter((row) => !returned.has(row)));
      if (stale.length) await this.opts.store.applyDeleted(TABLE, stale);
    }
  }
}
