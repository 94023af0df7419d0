// The query engine: the device's answer to a search (a covered query's window, else the held rows that
// match, in the server's order), and server pages recorded as windows under the catalogue budget. It runs in
// the query worker (query.worker.ts); tests and worker-less contexts run it in the page.
import { locatePostcode, milesBetween } from '@/shared/lib/uk';
import type { MotorlyDb } from '../../db';
import { listingMatcher, matchContext, queryKey, toRpcFilters, type ListingSearch } from '../filters';
import type { ListingRow } from '../types';
import { CoverageLedger } from './ledger';
import { serverOrder } from './order';
import type { RpcClient } from './rpc-client';
import { searchServer, type SearchFacets, type ServerPage } from './server-search';
import { MARKET_TOTAL_KEY, PASSING_TTL_MS, type QueryWindowRow } from './window-types';

/** What a window says about its query (its ids stay in the worker). */
export type WindowSummary = Omit<QueryWindowRow, 'ids' | 'dealerMiles' | 'bytes'> & { held: number };

export interface LocalAnswer {
  /** The query's window, when the device holds one. */
  window: WindowSummary | null;
  /** The first `limit` rows: the window's, else the held rows that match, in the server's order. */
  rows: ListingRow[];
  dealerMiles: Record<string, number>;
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

function summary(w: QueryWindowRow): WindowSummary {
  const { ids, dealerMiles: _miles, bytes: _bytes, ...rest } = w;
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
    const marketTotal = typeof market?.value === 'number' ? market.value : null;
    if (window) {
      await this.ledger.touch(key, this.now());
      const rows = (await this.db.vehicle_listings.bulkGet(window.ids.slice(0, limit))).filter(
        (r): r is ListingRow => r !== undefined,
      );
      return { window: summary(window), rows, dealerMiles: window.dealerMiles, held: window.ids.length, marketTotal };
    }
    const [brands, models] = await Promise.all([this.db.brands.toArray(), this.db.car_models.toArray()]);
    const matches = listingMatcher(search, matchContext(brands, models));
    const held = (await this.db.vehicle_listings.filter(matches).toArray()).sort(serverOrder(search));
    const rows = held.slice(0, limit);
    return { window: null, rows, dealerMiles: milesByDealer(search, rows), held: held.length, marketTotal };
  }

  /** A server page for `search` after `after`, recorded in its window and kept within the budget. */
  async fetch(
    search: ListingSearch,
    after: string | null,
    limit: number,
    ttlMs = PASSING_TTL_MS,
  ): Promise<ServerPage & { facets: SearchFacets | null }> {
    const page = await searchServer(search, after, limit, this.opts.client, after === null);
    const key = queryKey(search);
    await this.ledger.record(key, after, page, ttlMs, this.now());
    if (after === null && page.total !== null && Object.keys(toRpcFilters(search).filters).length === 0) {
      await this.db.sync_state.put({ key: MARKET_TOTAL_KEY, value: page.total });
    }
    await this.ledger.enforceBudget(key);
    return page;
  }

  /** Open time passed (the app visible): windows past their TTL go. */
  tick(elapsedMs: number): Promise<string[]> {
    return this.ledger.advanceOpenTime(elapsedMs);
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
