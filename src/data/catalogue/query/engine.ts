// The query engine: the device's answer to a search (a covered query's window, else the held rows that
// match, in the server's order), and server pages recorded as windows under the catalogue budget. It runs in
// the query worker (query.worker.ts); tests and worker-less contexts run it in the page.
import { reportError } from '@/shared/lib/report-error';
import { locatePostcode, milesBetween } from '@/domain/uk';
import type { MotorlyDb } from '../../db';
import {
  emptyListingSearch,
  listingMatcher,
  matchContext,
  queryKey,
  toRpcFilters,
  type ListingSearch,
} from '../filters';
import type { ListingRow } from '../types';
import { takeEarlyPage } from './early-page';
import { CoverageLedger } from './ledger';
import { serverOrder } from './order';
import type { RpcClient } from './rpc-client';
import { searchServer, type SearchFacets, type ServerPage } from './server-search';
import { savedSearchKeys, windowTtl } from './saved-ttl';
import { MARKET_TOTAL_KEY, PASSING_TTL_MS, type QueryWindowRow } from './window-types';

/** What a window says about its query (its ids stay in the worker). */
export type WindowSummary = Omit<QueryWindowRow, 'ids' | 'dealerMiles' | 'dealerTowns' | 'bytes'> & { held: number };

export interface LocalAnswer {
  /** The query's window, when the device holds one. */
  window: WindowSummary | null;
  /** The first `limit` rows: the window's, else the held rows that match, in the server's order. */
  rows: ListingRow[];
  dealerMiles: Record<string, number>;
  /** The window's towns of its rows' dealers (none for held matches: the dealers store has theirs). */
  dealerTowns: Record<string, string>;
  /** How many rows the device has for this query (window rows, or held matches). */
  held: number;
  /** The last known total of the unfiltered market (null until the server has said). */
  marketTotal: number | null;
}

export interface EngineOptions {
  client?: RpcClient;
  budgetBytes?: number;
  now?: () => number;
}

/** The last known size of the whole market, and when the server said so. */
interface MarketTotal {
  total: number;
  asOf: number;
}
const MARKET_TOTAL_MAX_AGE_MS = 24 * 60 * 60_000;

function summary(w: QueryWindowRow): WindowSummary {
  const { ids, dealerMiles: _miles, dealerTowns: _towns, bytes: _bytes, ...rest } = w;
  return { ...rest, held: ids.length };
}

export class QueryEngine {
  readonly ledger: CoverageLedger;
  private readonly now: () => number;

  constructor(
    private readonly db: MotorlyDb,
    private readonly opts: EngineOptions = {},
  ) {
    this.ledger = new CoverageLedger(db, { budgetBytes: opts.budgetBytes });
    this.now = opts.now ?? Date.now;
  }

  async local(search: ListingSearch, limit: number): Promise<LocalAnswer> {
    const key = queryKey(search);
    const [window, market] = await Promise.all([this.ledger.read(key), this.db.sync_state.get(MARKET_TOTAL_KEY)]);
    const marketTotal = (market?.value as MarketTotal | undefined)?.total ?? null;
    if (window) {
      await this.ledger.touch(key, this.now());
      const rows = (await this.db.vehicle_listings.bulkGet(window.ids.slice(0, limit))).filter(
        (r): r is ListingRow => r !== undefined,
      );
      return {
        window: summary(window),
        rows,
        dealerMiles: window.dealerMiles,
        dealerTowns: window.dealerTowns ?? {},
        held: window.ids.length,
        marketTotal,
      };
    }
    const [brands, models] = await Promise.all([this.db.brands.toArray(), this.db.car_models.toArray()]);
    const matches = listingMatcher(search, matchContext(brands, models));
    const held = (await this.db.vehicle_listings.filter(matches).toArray()).sort(serverOrder(search));
    const rows = held.slice(0, limit);
    const dealerMiles = milesByDealer(search, rows);
    return { window: null, rows, dealerMiles, dealerTowns: {}, held: held.length, marketTotal };
  }

  /**
   * A server page for `search` after `after`, recorded in its window and kept within the budget. The first page
   * of the head script's early request (a first visit to /marketplace) is taken instead of asking again.
   */
  async fetch(
    search: ListingSearch,
    after: string | null,
    limit: number,
    ttlMs = PASSING_TTL_MS,
    store = true,
  ): Promise<ServerPage & { facets: SearchFacets | null }> {
    const page =
      (await takeEarlyPage(search, after, limit)) ??
      (await searchServer(search, after, limit, this.opts.client, after === null));
    if (store) this.record(search, after, page, ttlMs);
    return page;
  }

  /**
   * Stores a server page as fetch does (its window, its rows, the market's size), after the writes before it:
   * the page goes back at once, a next page extends its window only once the first is recorded, and a busy
   * store never delays an answer. The page adopts the early request's answer through this (query.worker.ts).
   */
  record(search: ListingSearch, after: string | null, page: ServerPage, ttlMs = PASSING_TTL_MS): void {
    const key = queryKey(search);
    const now = this.now();
    // The offline message's market size (at most once a day), asked beside the page's storing rather than after
    // it: a user who loses signal a moment after a first search still gets "Search all N".
    const marketTotal =
      after === null
        ? this.rememberMarketTotal(search, page).catch((err: unknown) =>
            reportError(err, { component: 'query-engine', action: 'learning the size of the market' }),
          )
        : null;
    this.chore = this.chore.then(async () => {
      // A saved search's window lives a day, whether or not the screen knew it was one.
      await this.ledger.record(key, after, page, await windowTtl(this.db, search, ttlMs), now);
      await this.ledger.enforceBudget(key);
      await marketTotal;
    });
    // A page not stored is asked of the server again next time: reported, and the chain goes on.
    this.chore = this.chore.catch((err: unknown) =>
      reportError(err, { component: 'query-engine', action: 'storing a search page on this device' }),
    );
  }

  /** The background writes, in order (tests wait for them). */
  chore: Promise<void> = Promise.resolve();

  private async rememberMarketTotal(search: ListingSearch, page: ServerPage): Promise<void> {
    const put = (total: number) =>
      this.db.sync_state.put({ key: MARKET_TOTAL_KEY, value: { total, asOf: this.now() } satisfies MarketTotal });
    if (Object.keys(toRpcFilters(search).filters).length === 0) {
      if (page.total !== null) await put(page.total);
      return;
    }
    const known = (await this.db.sync_state.get(MARKET_TOTAL_KEY))?.value as MarketTotal | undefined;
    if (known && this.now() - known.asOf < MARKET_TOTAL_MAX_AGE_MS) return;
    const all = await searchServer(emptyListingSearch(1), null, 1, this.opts.client, true);
    if (all.total !== null) await put(all.total);
  }

  /** Open time passed (the app visible): windows past their TTL go (a search saved since keeps its window a day). */
  async tick(elapsedMs: number): Promise<string[]> {
    return this.ledger.advanceOpenTime(elapsedMs, await savedSearchKeys(this.db));
  }
}

/** Miles from the searched postcode to each row's place, by dealer id (as the server's distance_miles). */
function milesByDealer(search: ListingSearch, rows: ListingRow[]): Record<string, number> {
  const place = search.postcode ? locatePostcode(search.postcode) : undefined;
  if (!place?.ok) return {};
  const out: Record<string, number> = {};
  for (const r of rows) {
    if (r.lat !== null && r.lng !== null) out[r.dealer_id] = milesBetween(place.point, { lat: r.lat, lng: r.lng });
  }
  return out;
}
