// One search's answer as it grows: the device's rows first, then the server's pages inserted into them in the
// same order (never reshuffled), loadMore() from the window or the next cursor, and an honest coverage state.
import { reportError } from '@/shared/lib/report-error';
import type { ListingSearch } from '../filters';
import type { ListingRow } from '../types';
import type { LocalAnswer } from './engine';
import type { QueryEngineApi } from './engine-client';
import { serverOrder } from './order';
import { INITIAL_QUERY_STATE, LOCAL_READ_FAILED, firstPageFacts, type ListingQueryState } from './query-state';
import { keepSame } from './same-row';
import { ServerSearchError, type ServerPage } from './server-search';

/**
 * A covered query is asked of the server again (its rows show first) unless it is this fresh: the same
 * search mounted twice in a moment, not a return to it, which should see new and sold cars.
 */
export const REVALIDATE_AFTER_MS = 5_000;

export interface SessionOptions {
  ttlMs: number;
  /** Rows to show at first (restoring the place the user had scrolled to). */
  initialCount?: number;
  online?: () => boolean;
  now?: () => number;
  /** The answer already on screen (answer-cache.ts): the state until the device's own answer replaces it. */
  seed?: ListingQueryState;
}

export class QuerySession {
  state: ListingQueryState = INITIAL_QUERY_STATE;
  private cursor: string | null = null;
  /** The next server page, asked as soon as the one before it landed (a next page within the 300 ms target). */
  private prefetched: { after: string; page: Promise<ServerPage> } | null = null;
  /** The device's answer could not be read (reported): offline there is then nothing honest to count. */
  private localFailed = false;
  /** Rows the device holds beyond those shown (a window's, or offline matches). */
  private localAvailable = 0;
  private windowComplete = false;
  /** Rows the server has returned in this session. */
  private readonly confirmed = new Set<string>();
  private serverAnswered = false;
  private cancelled = false;
  private readonly order: (a: ListingRow, b: ListingRow) => number;
  /** The device's first answer, awaited by a loadMore that comes before it (a seeded session's). */
  private localDone: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly engine: QueryEngineApi,
    private readonly search: ListingSearch,
    private readonly opts: SessionOptions,
    private readonly onChange: (s: ListingQueryState) => void,
  ) {
    this.order = serverOrder(search);
    if (opts.seed) this.state = opts.seed;
  }

  private get pageSize() {
    return this.search.pageSize;
  }

  private online() {
    return this.opts.online ? this.opts.online() : typeof navigator === 'undefined' || navigator.onLine !== false;
  }

  private set(patch: Partial<ListingQueryState>) {
    if (this.cancelled) return;
    const next = { ...this.state, ...patch };
    next.hasMore =
      next.rows.length < this.localAvailable ||
      (this.cursor !== null && next.coverage !== 'offline' && next.coverage !== 'error');
    this.state = next;
    this.onChange(next);
  }

  cancel() {
    this.cancelled = true;
  }

  /**
   * The device's answer and the server's are asked at once: the device's shows first (within a frame), and a
   * busy local store (a sync write in progress) never holds back the server's.
   */
  async start(): Promise<void> {
    const local = this.engine.local(this.search, Math.max(this.pageSize, this.opts.initialCount ?? 0)).then(
      (answer) => {
        if (this.serverAnswered) this.lateLocal(answer);
        else this.applyLocal(answer);
        return answer;
      },
      (err: unknown) => {
        // Offline, "0 cars saved on this phone match" would then be untrue: offline() says it could not read.
        this.localFailed = true;
        reportError(err, { component: 'query-engine', action: 'reading the cars saved on this device' });
        return null;
      },
    );
    this.localDone = local;
    if (!this.online()) {
      await local;
      return this.offline();
    }
    const answer = await Promise.race([local, this.settledSoon(local)]);
    const w = answer?.window;
    // The same search mounted twice in a moment is not asked again.
    if (w && (this.opts.now ?? Date.now)() - w.asOf < REVALIDATE_AFTER_MS) return;
    await this.fromServer(null, local);
  }

  /** Resolves null at once unless `local` has already answered (then with its answer). */
  private settledSoon(local: Promise<LocalAnswer | null>): Promise<LocalAnswer | null> {
    return Promise.race([local, Promise.resolve(null)]);
  }

  /** The device answered after the server: its counts, only if they differ (else a whole re-render for nothing). */
  private lateLocal(answer: LocalAnswer) {
    const marketTotal = this.state.marketTotal ?? answer.marketTotal;
    if (answer.held !== this.state.heldMatches || marketTotal !== this.state.marketTotal)
      this.set({ heldMatches: answer.held, marketTotal });
  }

  private applyLocal(local: LocalAnswer) {
    const w = local.window;
    this.localAvailable = local.held;
    this.windowComplete = Boolean(w?.complete);
    this.cursor = w?.nextCursor ?? null;
    // A window's rows are the server's own answer.
    if (w) for (const r of local.rows) this.confirmed.add(r.id);
    this.set({
      rows: keepSame(this.state.rows, local.rows),
      dealerMiles: local.dealerMiles,
      dealerTowns: local.dealerTowns,
      total: w?.total ?? null,
      estimated: w?.estimated ?? false,
      coverage: w?.complete ? 'complete' : !this.online() ? 'offline' : w ? 'partial' : 'loading',
      heldMatches: local.held,
      marketTotal: local.marketTotal,
      facets: w?.facets ?? null,
      postcodeError: w?.postcodeError,
      answered: true,
    });
  }

  /**
   * The connection came or went while this answer is shown: offline, a partial answer says it is the device's;
   * back online, an offline answer asks the server again.
   */
  connectivityChanged(): void {
    if (this.cancelled || !this.state.answered) return;
    const { coverage } = this.state;
    if (!this.online()) {
      if (coverage === 'partial' || coverage === 'loading') this.offline();
    } else if (coverage === 'offline') void this.fromServer(null);
  }

  private offline() {
    if (this.localFailed && !this.state.answered)
      return this.set({ coverage: 'error', error: LOCAL_READ_FAILED, loadingMore: false });
    this.set({ coverage: this.windowComplete ? 'complete' : 'offline', loadingMore: false });
  }

  /** Inserts a server page into the rows in the server's order; the server's version of a row wins. */
  private merge(page: ServerPage, first: boolean): ListingRow[] {
    if (first) this.confirmed.clear();
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    const last = page.rows.at(-1);
    // A held row the server has passed over no longer matches (sold, changed); rows beyond its page stay
    // while the server has more.
    const kept = this.state.rows.filter(
      (r) =>
        !byId.has(r.id) &&
        (this.confirmed.has(r.id) || (page.nextCursor !== null && last !== undefined && this.order(r, last) > 0)),
    );
    for (const r of page.rows) this.confirmed.add(r.id);
    return [...kept, ...keepSame(this.state.rows, page.rows)].sort(this.order);
  }

  private async fromServer(after: string | null, local?: Promise<unknown>): Promise<void> {
    const first = after === null;
    let page: ServerPage;
    const ahead = after !== null && this.prefetched?.after === after ? this.prefetched.page : null;
    this.prefetched = null;
    // A prefetched page joins the window once shown, so the device holds only what the user has seen.
    try {
      page = await (ahead ?? this.engine.fetch(this.search, after, this.pageSize, this.opts.ttlMs));
    } catch (e) {
      await local;
      if (e instanceof ServerSearchError && e.kind === 'offline') return this.offline();
      return this.set({ coverage: 'error', error: e instanceof Error ? e.message : String(e), loadingMore: false });
    }
    if (this.cancelled) return;
    if (ahead) this.engine.record(this.search, after, page, this.opts.ttlMs);
    this.serverAnswered = true;
    const rows = this.merge(page, first);
    // The server hands out a cursor whenever a page is full, so a last page that is exactly full would leave
    // "40 of 40 shown" and a next page with nothing in it: an exact total the server has confirmed ends it.
    const total = first ? page.total : this.state.total;
    const estimated = first ? page.estimated : this.state.estimated;
    const exhausted = total !== null && !estimated && this.confirmed.size >= total;
    this.cursor = exhausted ? null : page.nextCursor;
    this.localAvailable = 0;
    this.set({
      rows,
      dealerMiles: { ...this.state.dealerMiles, ...page.dealerMiles },
      dealerTowns: { ...this.state.dealerTowns, ...page.dealerTowns },
      ...(first ? firstPageFacts(this.search, page) : {}),
      coverage: this.cursor === null ? 'complete' : 'partial',
      error: undefined,
      loadingMore: false,
    });
    this.prefetch();
  }

  /** Asks for the page after the last one now, so loadMore finds it in hand (its failure is loadMore's to show). */
  private prefetch() {
    const after = this.cursor;
    if (after === null || this.cancelled || !this.online()) return;
    const page = this.engine.fetch(this.search, after, this.pageSize, this.opts.ttlMs, false);
    // A loadMore that takes this page shows its failure; one never taken is reported (offline is not news).
    page.catch((err: unknown) => {
      const offline = err instanceof ServerSearchError && err.kind === 'offline';
      if (!offline && this.prefetched?.page === page)
        reportError(err, { component: 'query-engine', action: 'asking for the next page ahead' });
    });
    this.prefetched = { after, page };
  }

  async loadMore(): Promise<void> {
    if (this.state.loadingMore || !this.state.hasMore) return;
    this.set({ loadingMore: true });
    // A seeded answer's cursor and window are the device's to say: wait for its answer first.
    if (this.opts.seed) await this.localDone;
    if (this.cancelled) return;
    if (this.state.rows.length >= this.localAvailable && this.cursor === null) return this.set({ loadingMore: false });
    if (this.state.rows.length < this.localAvailable) {
      const local = await this.engine.local(this.search, this.state.rows.length + this.pageSize);
      if (this.cancelled) return;
      const shown = new Set(this.state.rows.map((r) => r.id));
      const more = local.rows.filter((r) => !shown.has(r.id));
      if (local.window) for (const r of more) this.confirmed.add(r.id);
      const rows = [...this.state.rows, ...more].sort(this.order);
      const dealerMiles = { ...local.dealerMiles, ...this.state.dealerMiles };
      const dealerTowns = { ...local.dealerTowns, ...this.state.dealerTowns };
      return this.set({ rows, dealerMiles, dealerTowns, loadingMore: false });
    }
    if (!this.online()) return this.offline();
    await this.fromServer(this.cursor);
  }
}
