// Test hook for bench/catalogue.ts: runs the indexed search and the full-scan baseline in the page,
// against the downloaded catalogue. Loaded only by VITE_TEST_HOOKS=1 builds; installed only when the
// page URL carries ?bench=1.
import { db } from '../db';
import { createSyncStore } from '../sync-store';
import { dropIndexSnapshot, indexStats, type IndexStats } from './listing-index';
import { scanListings, searchListings, type ListingSearch } from './listing-search';

export interface BenchApi {
  count(): Promise<number>;
  /**
   * A realtime change: a new listing, a price cut, a sale or a delete (by `n` mod 4), written the way
   * the sync worker writes a realtime change (sync/realtime.ts: applyPulled / applyDeleted of the sync store).
   */
  change(n: number): Promise<void>;
  /** How often this tab's in-memory listing indexes were read whole and patched. */
  stats(): IndexStats;
  run(
    search: ListingSearch,
    mode: 'indexed' | 'scan' | 'indexed-cold',
  ): Promise<{ ms: number; total: number; ids: string[] }>;
}

export function installBenchHook(): void {
  if (typeof window === 'undefined' || new URLSearchParams(window.location.search).get('bench') !== '1') return;
  const api: BenchApi = {
    count: () => db.vehicle_listings.count(),
    change: (n) => liveChange(n),
    stats: () => indexStats(db),
    async run(search, mode) {
      // 'indexed-cold': the in-memory orders are read whole again (as after a change no event names).
      if (mode === 'indexed-cold') dropIndexSnapshot(db);
      const t0 = performance.now();
      const page = await (mode === 'scan' ? scanListings(db, search) : searchListings(db, search));
      return { ms: performance.now() - t0, total: page.total, ids: page.rows.map((r) => r.id) };
    },
  };
  Object.assign(window, { __motorlyBench: api });
}

async function liveChange(n: number): Promise<void> {
  const L = db.vehicle_listings;
  const store = createSyncStore(db);
  const now = new Date().toISOString();
  // The first active listing from a position in primary-key order (status has no IndexedDB index).
  const rows = await L.offset((n * 7919) % 5000)
    .limit(50)
    .toArray();
  const row = rows.find((r) => r.status === 'active');
  if (!row) return;
  const put = async (changed: typeof row) => {
    await store.applyPulled('vehicle_listings', [changed as unknown as Record<string, unknown>]);
  };
  switch (n % 4) {
    case 0:
      return put({ ...row, id: crypto.randomUUID(), listed_at: now, updated_at: now });
    case 1:
      return put({ ...row, price: Math.round(row.price * 0.95), updated_at: now });
    case 2:
      return put({ ...row, status: 'sold', updated_at: now });
    default:
      await store.applyDeleted('vehicle_listings', [row.id]);
  }
}
