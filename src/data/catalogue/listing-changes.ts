/**
 * Listing keys written recently, from Dexie's 'storagemutated' event, which every context fires: this
 * tab, other tabs and the sync worker (over BroadcastChannel). The in-memory index orders are patched
 * for these keys (listing-patch.ts). A write Dexie reports as a range (a raw bulk write or a delete by
 * range) cannot be named; then the rows with a newer updated_at stand in for it.
 */
import { cmp, Dexie, RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';

interface ChangeLog {
  /** Primary key -> when it was last written (ms). */
  readonly keys: Map<string, number>;
  /** When a write of unnamed rows last happened. */
  rangeAt: number;
}

const KEEP_MS = 60_000;
const logs = new Map<string, ChangeLog>();
let listening = false;

function logOf(dbName: string): ChangeLog {
  let log = logs.get(dbName);
  if (!log) {
    log = { keys: new Map(), rangeAt: -Infinity };
    logs.set(dbName, log);
  }
  return log;
}

function record(dbName: string, tree: IntervalTree): void {
  const log = logOf(dbName);
  const now = Date.now();
  for (const node of RangeSet(tree)) {
    if (typeof node.from === 'string' && cmp(node.from, node.to) === 0) log.keys.set(node.from, now);
    else log.rangeAt = now;
  }
  if (log.keys.size > 5000) for (const [k, at] of log.keys) if (at < now - KEEP_MS) log.keys.delete(k);
}

/** Starts recording; call before the first read of a state whose changes may need naming. */
export function listenForListingWrites(): void {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts: ObservabilitySet) => {
    for (const [part, tree] of Object.entries(parts)) {
      const m = /^idb:\/\/(.+)\/vehicle_listings\/$/.exec(part);
      if (m) record(m[1], tree);
    }
  });
}

/** The listing writes since `since` (ms), or undefined when the log no longer reaches that far back. */
export interface ListingWrites {
  readonly keys: string[];
  /** Rows were also written that the log cannot name. */
  readonly unnamed: boolean;
}

export function listingWritesSince(dbName: string, since: number): ListingWrites | undefined {
  const log = logOf(dbName);
  const from = since - 1000; // slack for a transaction that committed while the state was read
  if (from < Date.now() - KEEP_MS) return undefined;
  const keys: string[] = [];
  for (const [k, at] of log.keys) if (at >= from) keys.push(k);
  return { keys, unnamed: log.rangeAt >= from };
}
