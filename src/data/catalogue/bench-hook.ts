// Test hook for bench/catalogue.ts: runs the indexed search and the full-scan baseline in the page,
// against the downloaded catalogue. Loaded only by VITE_TEST_HOOKS=1 builds; installed only when the
// page URL carries ?bench=1.
import { db } from '../db';
import { dropIndexSnapshot } from './listing-index';
import { scanListings, searchListings, type ListingSearch } from './listing-search';

export interface BenchApi {
  count(): Promise<number>;
  run(
    search: ListingSearch,
    mode: 'indexed' | 'scan' | 'indexed-cold',
  ): Promise<{ ms: number; total: number; ids: string[] }>;
}

export function installBenchHook(): void {
  if (typeof window === 'undefined' || new URLSearchParams(window.location.search).get('bench') !== '1') return;
  const api: BenchApi = {
    count: () => db.vehicle_listings.count(),
    async run(search, mode) {
      // 'indexed-cold' is the first query after a catalogue change: the index orders are read again.
      if (mode === 'indexed-cold') dropIndexSnapshot(db);
      const t0 = performance.now();
      const page = await (mode === 'scan' ? scanListings(db, search) : searchListings(db, search));
      return { ms: performance.now() - t0, total: page.total, ids: page.rows.map((r) => r.id) };
    },
  };
  Object.assign(window, { __motorlyBench: api });
}
