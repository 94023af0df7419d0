/**
 * The log of listing writes that the in-memory indexes are patched from (listing-index.ts), and of
 * price-history writes that the reduction map is patched from (listing-search.ts). Every context, this
 * tab, other tabs and the sync worker, fires Dexie's 'storagemutated' event after a write commits
 * (other contexts' events arrive over BroadcastChannel), naming the written primary keys. A write the
 * event does not name key by key (a range delete, a clear, a raw write announced for the whole table)
 * is logged as unnamed: whoever reads past it re-reads the table.
 */
import { cmp, Dexie, RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';

const TABLE = 'vehicle_listings';
/** The tables whose writes are logged. */
export type LoggedTable = 'vehicle_listings' | 'listing_price_history';
const LOGGED: ReadonlySet<string> = new Set<LoggedTable>([TABLE, 'listing_price_history']);
/** Entries kept per database; a reader further behind re-reads the table. */
const KEEP = 1000;

interface Entry {
  readonly seq: number;
  /** The written primary keys, or null when the write cannot be named. */
  readonly keys: readonly string[] | null;
}

interface Log {
  seq: number;
  entries: Entry[];
}

/** By "database/table". */
const logs = new Map<string, Log>();

function logOf(dbName: string, table: LoggedTable = TABLE): Log {
  const name = `${dbName}/${table}`;
  let log = logs.get(name);
  if (!log) logs.set(name, (log = { seq: 0, entries: [] }));
  return log;
}

/** The primary keys in a 'storagemutated' range set, or null when it holds a range, not just keys. */
export function namedKeys(tree: IntervalTree): string[] | null {
  const keys: string[] = [];
  for (const node of RangeSet(tree)) {
    if (typeof node.from !== 'string' || typeof node.to !== 'string' || cmp(node.from, node.to) !== 0) return null;
    keys.push(node.from);
  }
  return keys;
}

/** Logs the listing and price-history writes in one 'storagemutated' event (exported for the tests). */
export function recordListingWrites(parts: ObservabilitySet): void {
  const touched = new Map<string, { dbName: string; table: LoggedTable; tree: IntervalTree | undefined }>();
  for (const [part, tree] of Object.entries(parts)) {
    const m = /^idb:\/\/(.+)\/([^/]+)\/(.*)$/.exec(part);
    if (!m || !LOGGED.has(m[2])) continue;
    const [, dbName, table, index] = m;
    const name = `${dbName}/${table}`;
    if (index === '') touched.set(name, { dbName, table: table as LoggedTable, tree });
    else if (!touched.has(name)) touched.set(name, { dbName, table: table as LoggedTable, tree: undefined });
  }
  for (const { dbName, table, tree } of touched.values()) {
    const log = logOf(dbName, table);
    log.entries.push({ seq: ++log.seq, keys: tree ? namedKeys(tree) : null });
    if (log.entries.length > KEEP) log.entries.splice(0, log.entries.length - KEEP);
  }
}

Dexie.on('storagemutated', recordListingWrites);

/** The log's position now: every write logged up to here has committed. */
export function listingChangeSeq(dbName: string, table: LoggedTable = TABLE): number {
  return logOf(dbName, table).seq;
}

/**
 * The primary keys written after position `seq`, or undefined when one of those writes is unnamed
 * or the log no longer reaches back that far.
 */
export function listingChangesSince(dbName: string, seq: number, table: LoggedTable = TABLE): Set<string> | undefined {
  const log = logOf(dbName, table);
  if (seq === log.seq) return new Set();
  const first = log.entries[0];
  if (seq > log.seq || !first || first.seq > seq + 1) return undefined;
  const keys = new Set<string>();
  for (let i = log.entries.length - 1; i >= 0 && log.entries[i].seq > seq; i--) {
    const named = log.entries[i].keys;
    if (!named) return undefined;
    for (const k of named) keys.add(k);
  }
  return keys;
}
