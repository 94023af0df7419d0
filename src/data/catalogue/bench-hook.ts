// Test hook for bench/catalogue.ts: runs the indexed search and the full-scan baseline in the page,
// against the downloaded catalogue. Loaded only by VITE_TEST_HOOKS=1 builds; installed only when the
// page URL carries ?bench=1.
import { db } from '../db';
import { dropIndexSnapshot } from './listing-index';
import { scanListings, searchListings, type ListingSearch } from './listing-search';

export interface BenchApi {
  count(): Promise<number>;
  /** A realtime-like listing change: a new listing, a price cut, a sale or a delete (by `n` mod 4). */
  change(n: number): Promise<void>;
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

async function liveChange(n: number): Promise<void> {
  const L = db.vehicle_listings;
  const now = new Date().toISOString();
  const rows = await L.where('status')
    .equals('active')
    .offset((n * 7919) % 5000)
    .limit(1)
    .toArray();
  const row = rows[0];
  if (!row) return;
  switch (n % 4) {
    case 0:
      await L.put({ ...row, id: crypto.randomUUID(), listed_at: now, updated_at: now });
      return;
    case 1:
      await L.update(row.id, { price: Math.round(row.price * 0.95), updated_at: now });
      return;
    case 2:
      await L.update(row.id, { status: 'sold', updated_at: now });
      return;
    default:
      await L.delete(row.id);
  }
}
