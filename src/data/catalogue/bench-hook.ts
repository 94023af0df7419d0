// Test hook for bench/catalogue.ts: times the marketplace's query engine in the page (the query worker), the
// server's first page of a search and the device's answer once that search is covered. Loaded only by
// VITE_TEST_HOOKS=1 builds; installed only when the page URL carries ?bench=1.
import { db } from '../db';
import { createSyncStore } from '../sync-store';
import type { ListingSearch } from './filters';
import { queryEngineFor } from './query/engine-client';
import type { ListingRow } from './types';

export interface Timed {
  ms: number;
  ids: string[];
}

export interface BenchApi {
  /** Listings this device holds. */
  count(): Promise<number>;
  /** The server's first page (search_listings through the engine), recorded as the search's window. */
  server(search: ListingSearch): Promise<Timed & { total: number | null }>;
  /** The device's answer; `covered` says it came from the search's window (else from the held rows). */
  local(search: ListingSearch): Promise<Timed & { covered: boolean }>;
  /**
   * A realtime change to a held listing: a price cut, a sale or a delete (by `n` mod 3), written the way
   * the sync worker writes one (sync/realtime.ts: applyPulled / applyDeleted of the sync store).
   */
  change(n: number): Promise<void>;
}

export function installBenchHook(): void {
  if (typeof window === 'undefined' || new URLSearchParams(window.location.search).get('bench') !== '1') return;
  const engine = queryEngineFor(db);
  const api: BenchApi = {
    count: () => db.vehicle_listings.count(),
    async server(search) {
      const t0 = performance.now();
      const page = await engine.fetch(search, null, search.pageSize, 5 * 60_000);
      return { ms: performance.now() - t0, total: page.total, ids: page.rows.map((r) => r.id) };
    },
    async local(search) {
      const t0 = performance.now();
      const answer = await engine.local(search, search.pageSize);
      return { ms: performance.now() - t0, covered: answer.window !== null, ids: answer.rows.map((r) => r.id) };
    },
    change: (n) => liveChange(n),
  };
  Object.assign(window, { __motorlyBench: api });
}

async function liveChange(n: number): Promise<void> {
  const store = createSyncStore(db);
  const now = new Date().toISOString();
  // A held listing from a position in primary-key order (status has no IndexedDB index).
  const rows = await db.vehicle_listings
    .offset((n * 7919) % Math.max(1, await db.vehicle_listings.count()))
    .limit(50)
    .toArray();
  const row = rows.find((r) => r.status === 'active');
  if (!row) return;
  const put = (changed: ListingRow) => store.applyPulled('vehicle_listings', [{ ...changed }]);
  switch (n % 3) {
    case 0:
      await put({ ...row, price: Math.round(row.price * 0.95), updated_at: now });
      return;
    case 1:
      await put({ ...row, status: 'sold', updated_at: now });
      return;
    default:
      await store.applyDeleted('vehicle_listings', [row.id]);
  }
}
