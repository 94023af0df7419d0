// Pull: a first download with progress, then catch-ups by (updated_at, id) cursor per table and for
// the deletion log. Both walk pages through one chain (pullPages): the next page is fetched while
// the current one is written, and the cursor is stored with each page.
import { isOutOfOrder } from '@/data/sync-queue';
import { isSyncTable, type Cursor, type SyncTableName } from '@/data/types';
import type { CycleContext, DownloadProgress, ListingScope, PullScope } from './engine-types';
import { pullHeldListings } from './held-listings-pull';
import { pullHeldHistory } from './price-history-pull';
import { ORIGIN_CURSOR, catchUpStart, fromMicros, maxCursor, toMicros } from './timestamps';
import type { DeletedRow, Row } from './transport';

/** Live queries are told about a download's pages at most this often... */
const NOTIFY_EVERY_MS = 1000;
/**
 * ...and only once the table has grown eight-fold since the last notice (the first page at once): a notice
 * names no rows, so open screens re-read the whole table; geometric steps keep a first download's re-reads
 * linear (about 8/7 of the table) instead of quadratic, and leave the worker the cores (bench:scale).
 */
const NOTIFY_GROWTH = 7;
/**
 * A notice for up to this many written rows names them, so the open page patches those rows instead of
 * re-reading the table; names cost the page per row (live queries copy the key set), so a larger notice
 * names none.
 */
export const NAMED_NOTICE_ROWS = 250;

/** What this device knows of the server's clock: the highest updated_at pulled (µs; 0: nothing yet). */
export interface ServerTime {
  seen: bigint;
}

/** Raises `time.seen` to a cursor's updated_at and its own `seen`, when later. */
export function noteSeen(time: ServerTime, cursor: Cursor | null): void {
  if (!cursor) return;
  for (const ts of [cursor.updated_at, cursor.seen]) {
    if (!ts) continue;
    const us = toMicros(ts);
    if (us > time.seen) time.seen = us;
  }
}

/**
 * After its first page, a table's rows are written this many (whole pages) to one IndexedDB transaction:
 * a write waits for a batch's pages (or the last page). The API returns at most 1,000 rows a page
 * (max_rows, as hosted Supabase), and each transaction has a fixed cost in the browser's IndexedDB
 * backend: putting a 50,000-listing catalogue 1,000 rows a transaction took about 3 s more of its CPU
 * than one transaction, 4,000 rows a transaction about 0.5 s more (same rows, same order, this
 * 2-core machine). Taking just the pages that arrived during the previous write was not enough: the
 * worker and the server, not the store, set the listing pages' pace, so they arrived one by one and the
 * store spent the difference on 1,000-row transactions, on the same two cores. Up to one batch is fetched
 * ahead, so the worker holds at most three batches.
 */
export const WRITE_BATCH_ROWS = 4000;

export interface PageChain<R> {
  /** The stored cursor (null: never pulled). */
  stored: Cursor | null;
  fetch(after: Cursor): Promise<R[]>;
  cursorOf(row: R): Cursor;
  /**
   * Writes one batch of pages; `best` is the highest cursor so far, to be stored with the rows. `after`,
   * when given, is the cursor the batch before leaves stored: that batch's write has not committed yet,
   * and this one must fail (isOutOfOrder) rather than commit if it never does.
   */
  write(rows: R[], best: Cursor | null, after?: Cursor | null): Promise<void>;
  /** Whether a batch's write may be queued while the previous batch's is still committing. */
  pipelined?: boolean;
  /**
   * Up to how many rows one write takes (default: one page): every page that arrived while the previous
   * write was committing, whole pages only, always at least one.
   */
  batchRows?: number;
  /** Between writes (a write made during a long download goes up here). */
  between?(): Promise<void>;
}

/** One or more pages taken together; `last`: the chain's last page is among them. */
interface Batch<R> {
  rows: R[];
  last: boolean;
}

/**
 * Fetches pages one after another from `from` (each page's last row is the next one's cursor) while
 * fewer than `aheadRows` rows wait to be taken, so the network and the server work while the store
 * writes. A fetch's failure is thrown by the take that would have received its page.
 */
class PageFetcher<R> {
  private readonly pages: R[][] = [];
  private waiting = 0;
  private fetching = false;
  private ended = false;
  private closed = false;
  private failure: { err: unknown } | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly ctx: CycleContext,
    private readonly chain: PageChain<R>,
    private cursor: Cursor,
    private readonly aheadRows: number,
  ) {
    this.pump();
  }

  private pump(): void {
    if (this.fetching || this.ended || this.closed || this.failure || this.waiting >= this.aheadRows) return;
    if (this.ctx.isStopped()) return;
    this.fetching = true;
    const pageSize = this.ctx.settings.pageSize;
    this.chain.fetch(this.cursor).then(
      (rows) => {
        this.fetching = false;
        if (this.closed) return;
        this.pages.push(rows);
        this.waiting += rows.length;
        if (rows.length) this.cursor = this.chain.cursorOf(rows[rows.length - 1]);
        if (rows.length < pageSize) this.ended = true;
        this.pump();
        this.wake?.();
      },
      (err: unknown) => {
        this.fetching = false;
        this.failure = { err };
        this.wake?.();
      },
    );
  }

  /**
   * Waits until `minRows` rows have arrived (or the last page, or a failed fetch after them), then takes
   * whole pages up to `maxRows` (always at least one). A failed fetch is thrown once the pages before
   * it are taken.
   */
  async take(maxRows: number, minRows: number): Promise<Batch<R>> {
    for (;;) {
      if (this.pages.length && (this.waiting >= minRows || this.ended || this.failure)) break;
      if (!this.pages.length && this.failure) throw this.failure.err;
      if (!this.fetching) this.pump();
      if (!this.fetching) {
        // Stopped meanwhile (the caller checks isStopped), or nothing more to fetch.
        if (this.pages.length) break;
        return { rows: [], last: true };
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    const taken: R[][] = [this.pages.shift()!];
    let count = taken[0].length;
    while (this.pages.length && count + this.pages[0].length <= maxRows) {
      const page = this.pages.shift()!;
      taken.push(page);
      count += page.length;
    }
    this.waiting -= count;
    const last = this.ended && !this.pages.length;
    this.pump();
    return { rows: taken.length === 1 ? taken[0] : taken.flat(), last };
  }

  /** No more fetches; a fetch in flight is dropped. */
  close(): void {
    this.closed = true;
  }
}

/**
 * Pages through rows after the stored cursor (less the overlap window, which catches rows committed
 * out of timestamp order: timestamps.catchUpStart). Returns the highest cursor seen, or 'stopped'.
 * The cursors it hands to `write` carry `seen`: the server time known when this visit began reading.
 *
 * Pages are fetched ahead while batches are written (network and IndexedDB overlap), and in a
 * pipelined chain a batch's write is queued while the previous batch's is still committing: IndexedDB
 * runs the two transactions in the order they were made, the store always has the next batch waiting,
 * and the worker prepares one batch while the store writes the other (one write at a time left the
 * store idle between pages, for the round trips of a commit and of the next page's transaction). Each
 * write still stores its rows and cursor together, and checks in the same transaction that the batch
 * before it is stored.
 */
export async function pullPages<R>(
  ctx: CycleContext,
  time: ServerTime,
  chain: PageChain<R>,
): Promise<Cursor | null | 'stopped'> {
  const { pageSize, overlapMs } = ctx.settings;
  const batchRows = Math.max(pageSize, chain.batchRows ?? pageSize);
  // Read before the first page is asked for: every row pulled so far had committed by then.
  const seen = time.seen > 0n ? fromMicros(time.seen) : undefined;
  const stamp = (c: Cursor): Cursor => (seen ? { updated_at: c.updated_at, id: c.id, seen } : c);
  let best = chain.stored && stamp(chain.stored);
  const pages = new PageFetcher(
    ctx,
    chain,
    chain.stored ? catchUpStart(chain.stored, overlapMs) : ORIGIN_CURSOR,
    batchRows,
  );
  /** The previous batch's write, queued and not awaited yet (pipelined chains only). */
  let writing: Promise<void> | null = null;
  /** The cursor stored once every queued write has committed. */
  let storedAfter = chain.stored;
  let first = true;
  try {
    for (;;) {
      // The first page is written (and shown) at once; then whole batches, fewer transactions.
      const { rows, last } = await pages.take(batchRows, first ? 1 : batchRows);
      first = false;
      if (ctx.isStopped()) {
        await writing; // the batch before: a failed write is the cycle's error (reported, pulled again)
        return 'stopped';
      }
      if (rows.length) {
        const cursor = chain.cursorOf(rows[rows.length - 1]);
        noteSeen(time, cursor);
        best = maxCursor(best, stamp(cursor));
      }
      const more = !last;
      const pageBest = best;
      if (!chain.pipelined) await chain.write(rows, pageBest);
      else {
        let write = chain.write(rows, pageBest, writing ? storedAfter : undefined);
        if (rows.length) storedAfter = pageBest;
        if (writing) {
          write.catch(() => undefined); // not swallowed: awaited below, or failed with the batch before
          await writing; // the batch before: its failure is thrown here (this batch's write then stores nothing)
          // The batch before took its checked path (a row with a pending op), so its write committed after
          // this one checked: write this batch again, now in order.
          write = write.catch((err: unknown) => {
            if (isOutOfOrder(err)) return chain.write(rows, pageBest);
            throw err;
          });
        }
        writing = write;
        if (!more) await write;
      }
      if (!more) return best;
      await chain.between?.();
    }
  } finally {
    pages.close();
  }
}

/** How often a pull held for the shopper's searches looks again (and pushes writes queued meanwhile). */
const HOLD_STEP_MS = 250;

export class Puller {
  /** Grows as pages arrive, and from the stored cursors at the start of each pull. */
  private readonly time: ServerTime = { seen: 0n };
  /** Listings the scoped listing pull wrote (id -> updated_at) whose price history was not checked since. */
  private readonly changedListings = new Map<string, string>();

  constructor(
    private readonly ctx: CycleContext,
    /** Pushes queued writes (called between download pages when a write arrived). */
    private readonly pushQueued: () => Promise<void>,
  ) {}

  async pull(scope: PullScope): Promise<void> {
    const { ctx } = this;
    const signedIn = (await ctx.store.sessionUserId()) !== null;
    const { catalogueTables, userTables } = ctx.settings;
    // The user's own tables first: they are small, and the bell, alerts and preferences should not
    // wait behind a first catalogue download of 10,000+ listings.
    const tables: SyncTableName[] = [...(signedIn ? userTables : []), ...(scope === 'all' ? catalogueTables : [])];
    const started = ctx.clock.now();
    // First download: count rows of never-pulled tables for a real progress bar.
    const fresh: SyncTableName[] = [];
    for (const t of tables) {
      const stored = await ctx.store.getCursor(t);
      // A scoped vehicle_listings (and its price history) counts its own never-pulled rows, not the table's.
      if (stored === null && !this.scoped(t)) fresh.push(t);
      noteSeen(this.time, stored);
    }
    noteSeen(this.time, await ctx.store.getDeletedCursor());
    let progress: DownloadProgress | null = null;
    if (fresh.some((t) => catalogueTables.includes(t))) {
      // Asked together: one after another they held the first page back a round trip per table.
      const counts = await Promise.all(fresh.map((t) => ctx.transport.count(t)));
      progress = { done: 0, total: counts.reduce((sum, n) => sum + n, 0) };
    }
    ctx.update({ phase: 'pulling', download: progress ? { ...progress } : null });
    for (const table of tables) {
      // Held while the shopper searches (it returns early on a stop or going offline, handled just below).
      if (catalogueTables.includes(table)) await this.giveWay(started, progress);
      if (ctx.isStopped()) return;
      if (!ctx.isOnline()) {
        // Gone offline mid-pull: the rest waits for the reconnect (which pushes queued writes first).
        ctx.state.pullDue = scope === 'all' ? 'all' : (ctx.state.pullDue ?? 'user');
        ctx.update({ phase: 'offline', download: null });
        return;
      }
      // Writes queued while the table before was pulled go up before the next table, not after the
      // whole pull: a catch-up of a dozen small tables (one page each, so no `between` pages) that
      // was under way when the connection dropped would otherwise hold the writes queued offline.
      await this.pushIfQueued(progress);
      if (this.scoped(table) && ctx.scope) {
        if (table === 'vehicle_listings')
          for (const [id, at] of await pullHeldListings(ctx, this.time, ctx.scope, progress))
            this.changedListings.set(id, at);
        else await this.pullHistory(ctx.scope, progress);
      } else await this.pullTable(table, fresh.includes(table) ? progress : null);
    }
    await this.pushIfQueued(progress);
    await this.pullDeletions();
    await ctx.store.setLastSyncedAt(ctx.clock.now());
    ctx.update({ download: null, lastSyncedAt: ctx.clock.now(), lastError: null });
  }

  /**
   * vehicle_listings is pulled for the held listings only, when the engine has a scope (the app does), and
   * listing_price_history for those listings, when the scope says what the device holds.
   */
  private scoped(table: SyncTableName): boolean {
    const { scope } = this.ctx;
    if (table === 'vehicle_listings') return scope !== undefined;
    return table === 'listing_price_history' && scope?.heldHistory !== undefined;
  }

  /** The held listings' price history (price-history-pull.ts), after the listings of this cycle. */
  private async pullHistory(scope: ListingScope, progress: DownloadProgress | null): Promise<void> {
    if (!scope.heldHistory) return;
    const changed = new Map(this.changedListings);
    // Kept until their history is in: a pull stopped between the two asks for it next time.
    if (await pullHeldHistory(this.ctx, this.time, await scope.heldHistory(), changed, progress))
      for (const [id, at] of changed) if (this.changedListings.get(id) === at) this.changedListings.delete(id);
  }

  /**
   * Waits while the shopper is searching (foreground.ts), pushing any write queued meanwhile; returns early when
   * the engine stops or goes offline (the loop after it handles both).
   */
  private async giveWay(started: number, progress: DownloadProgress | null): Promise<void> {
    const { ctx } = this;
    if (!ctx.foreground) return;
    for (let wait = ctx.foreground.holdFor(started); wait > 0; wait = ctx.foreground.holdFor(started)) {
      await new Promise<void>((resolve) => ctx.clock.setTimeout(resolve, Math.min(wait, HOLD_STEP_MS)));
      if (ctx.isStopped() || !ctx.isOnline()) return;
      await this.pushIfQueued(progress);
    }
  }

  /** Pushes the queue when a trigger (a write, say) arrived during this cycle. */
  private async pushIfQueued(progress: DownloadProgress | null): Promise<void> {
    const { ctx } = this;
    if (!ctx.state.again) return;
    await this.pushQueued();
    ctx.update({ phase: 'pulling', download: progress ? { ...progress } : null });
  }

  private async pullTable(table: SyncTableName, progress: DownloadProgress | null): Promise<void> {
    const { ctx } = this;
    // Live queries hear about pulled pages at most once a second (and when the table is done):
    // re-running every screen query after every page of a first download doubled its time.
    let announcedAt = -Infinity;
    let unannounced = false;
    /** The rows written since the last notice, while there are few enough to name (else null). */
    let unannouncedIds: string[] | null = [];
    let written = 0;
    let writtenAtNotice = 0;
    let best: Cursor | null | 'stopped';
    const stored = await ctx.store.getCursor(table);
    const announce = () => {
      if (unannouncedIds) ctx.store.notifyRowsChanged(table, unannouncedIds);
      else ctx.store.notifyChanged([table]);
      unannounced = false;
      unannouncedIds = [];
    };
    try {
      best = await pullPages<Row>(ctx, this.time, {
        stored,
        fetch: (after) => ctx.transport.pullPage(table, after, ctx.settings.pageSize),
        cursorOf: (row) => ({ updated_at: String(row.updated_at), id: String(row.id) }),
        pipelined: true,
        batchRows: WRITE_BATCH_ROWS,
        write: async (rows, pageBest, after) => {
          // Rows and cursor in one local transaction.
          const count = await ctx.store.applyPulled(table, rows, {
            notify: false,
            cursor: rows.length && pageBest ? pageBest : undefined,
            after,
            // A catch-up starts an overlap before its cursor (timestamps.catchUpStart): rows held already.
            onlyChanged: stored !== null,
          });
          if (count > 0) {
            unannounced = true;
            if (unannouncedIds && unannouncedIds.length + rows.length <= NAMED_NOTICE_ROWS)
              for (const row of rows) unannouncedIds.push(String(row.id));
            else unannouncedIds = null;
          }
          written += count;
          if (
            unannounced &&
            ctx.clock.now() - announcedAt >= NOTIFY_EVERY_MS &&
            written - writtenAtNotice >= NOTIFY_GROWTH * writtenAtNotice
          ) {
            announce();
            announcedAt = ctx.clock.now();
            writtenAtNotice = written;
          }
          if (count > 0) ctx.emit({ type: 'pulled', table, count });
          if (progress) {
            progress.done = Math.min(progress.total, progress.done + rows.length);
            ctx.update({ download: { ...progress } });
          }
        },
        // A write made during a long download goes up between pages, not after the whole catalogue.
        between: () => this.pushIfQueued(progress),
      });
    } finally {
      if (unannounced) announce();
    }
    if (best === null) await ctx.store.setCursor(table, { ...ORIGIN_CURSOR }); // pulled: empty table
  }

  private async pullDeletions(): Promise<void> {
    const { ctx } = this;
    await pullPages<DeletedRow>(ctx, this.time, {
      stored: await ctx.store.getDeletedCursor(),
      fetch: (after) => ctx.transport.pullDeleted(after, ctx.settings.pageSize),
      cursorOf: (row) => ({ updated_at: row.updated_at, id: row.id }),
      write: async (rows, best) => {
        const byTable = new Map<SyncTableName, string[]>();
        for (const r of rows)
          if (isSyncTable(r.table_name)) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.row_id]);
        for (const [table, ids] of byTable) await ctx.store.applyDeleted(table, ids);
        if (rows.length && best) await ctx.store.setDeletedCursor(best);
      },
    });
  }
}
