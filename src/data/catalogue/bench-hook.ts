// Test hook for bench/catalogue.ts: runs the indexed search and the full-scan baseline in the page,
// against the downloaded catalogue. Installed only when the page URL carries ?bench=1.
import { db } from '../db';
import { scanListings, searchListings, type ListingSearch } from './listing-search';

export interface BenchApi {
  count(): Promise<number>;
  run(search: ListingSearch, mode: 'indexed' | 'scan'): Promise<{ ms: number; total: number; ids: string[] }>;
}

export function installBenchHook(): void {
  if (typeof window === 'undefined' || new URLSearchParams(window.location.search).get('bench') !== '1') return;
  const api: BenchApi = {
    count: () => db.vehicle_listings.count(),
    async run(search, mode) {
      const t0 = performance.now();
      const page = await (mode === 'indexed' ? searchListings(db, search) : scanListings(db, search));
      return { ms: performance.now() - t0, total: page.total, ids: page.rows.map((r) => r.id) };
    },
  };
  (window as unknown as { __motorlyBench?: BenchApi }).__motorlyBench = api;
}
