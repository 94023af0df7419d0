// Recent answers held in the page, so a repeated search shows its rows in the render that follows the tap:
// no worker round trip and no IndexedDB read first (issue 32: local rows within one frame). The session then
// re-reads the device and re-asks the server as for any search. One cache per query engine, bounded (least
// recently used out first); an answer goes when a listing it shows changes or its window leaves the device.
import Dexie, { RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';
import type { MotorlyDb } from '../../db';
import type { ListingRow } from '../types';
import type { ListingQueryState } from './query-state';
import { reportError } from '@/shared/lib/report-error';
import { sameListing } from './same-row';

/** Answers held: a session's worth of searches, each at most a window's rows (about 1 MB at the cap). */
export const ANSWER_CACHE_SIZE = 40;

/** The cache's key of a search: its normalised query, then its page size (as the hook keys its state). */
export const answerKey = (queryKey: string, pageSize: number): string => `${queryKey}|${pageSize}`;
const queryKeyOf = (key: string): string => key.slice(0, key.lastIndexOf('|'));

/** Only an answer the server or a window stands behind is kept: never loading, offline or refused ones. */
const cacheable = (s: ListingQueryState): boolean =>
  (s.coverage === 'complete' || s.coverage === 'partial') && (s.rows.length > 0 || s.coverage === 'complete');

export class AnswerCache {
  private readonly entries = new Map<string, ListingQueryState>();

  constructor(readonly size = ANSWER_CACHE_SIZE) {}

  /** The answer last shown for `key`, if still held (it becomes the most recently used). */
  get(key: string): ListingQueryState | undefined {
    const s = this.entries.get(key);
    if (s) {
      this.entries.delete(key);
      this.entries.set(key, s);
    }
    return s;
  }

  /** Whether an answer for `key` is held (without making it the most recently used). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps a session's answer as shown; an answer that is not one (loading, offline, error) drops the key's. */
  put(key: string, state: ListingQueryState): void {
    this.entries.delete(key);
    if (!cacheable(state)) return;
    this.entries.set(key, { ...state, loadingMore: false, error: undefined });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
  }

  get keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Cached rows whose id is in `has`, by id (the candidates a storage change may have touched). */
  rowsWhere(has: (id: string) => boolean): Map<string, ListingRow> {
    const out = new Map<string, ListingRow>();
    for (const s of this.entries.values()) for (const r of s.rows) if (has(r.id)) out.set(r.id, r);
    return out;
  }

  /** Drops every answer showing one of these listings. */
  dropListings(ids: ReadonlySet<string>): void {
    if (ids.size === 0) return;
    for (const [key, s] of this.entries) if (s.rows.some((r) => ids.has(r.id))) this.entries.delete(key);
  }

  /** Query keys (without page size) of the held answers for which `has` is true. */
  queriesWhere(has: (queryKey: string) => boolean): string[] {
    return [...new Set(this.keys.map(queryKeyOf))].filter(has);
  }

  /** Drops the answers of these queries (every page size). */
  dropQueries(queryKeys: ReadonlySet<string>): void {
    for (const key of this.keys) if (queryKeys.has(queryKeyOf(key))) this.entries.delete(key);
  }
}

// Field by field (same-row.ts), as a local edit waiting to be sent may change a row without a new updated_at.
const changed = (held: ListingRow | undefined, now: ListingRow | undefined): boolean =>
  held === undefined || now === undefined || !sameListing(held, now);

/**
 * Keeps `cache` honest against the device's store, in whichever worker the writes happen (Dexie's
 * storagemutated reaches every context): an answer goes once a listing it shows was changed (realtime, a pull)
 * or deleted, or once its query's window left the device (TTL, budget). The same rows written again with no
 * change (another search's page) keep it. Returns the unsubscribe.
 */
export function watchStore(db: MotorlyDb, cache: AnswerCache): () => void {
  const prefix = `idb://${db.name}/`;
  const part = (parts: ObservabilitySet, table: string): RangeSet | null => {
    const tree: IntervalTree | undefined = parts[`${prefix}${table}/`];
    return tree ? RangeSet(tree) : null;
  };
  // The checks run in a task of their own: in the notice's task they lengthened the one in which Dexie signals
  // every live query (tasks of 57-92 ms at 4x CPU after each search's window was stored, bench:scale's session).
  let pending: { listings: RangeSet[]; windows: RangeSet[] } | null = null;
  const check = () => {
    const { listings, windows } = pending ?? { listings: [], windows: [] };
    pending = null;
    for (const changed of listings) void checkListings(db, cache, cache.rowsWhere(keyTest(changed)));
    for (const changed of windows) void checkWindows(db, cache, cache.queriesWhere(keyTest(changed)));
  };
  const onChange = (parts: ObservabilitySet) => {
    const listings = part(parts, 'vehicle_listings');
    const windows = part(parts, 'query_windows');
    if (!listings && !windows) return;
    if (!pending) {
      pending = { listings: [], windows: [] };
      setTimeout(check, 0);
    }
    if (listings) pending.listings.push(listings);
    if (windows) pending.windows.push(windows);
  };
  Dexie.on('storagemutated', onChange);
  return () => Dexie.on.storagemutated.unsubscribe(onChange);
}

/** Most notices name single keys: tested in a Set, not by walking the range tree for each held row. */
function keyTest(changed: RangeSet): (key: string) => boolean {
  const keys = new Set<string>();
  for (const range of changed as Iterable<{ from: unknown; to: unknown }>) {
    if (typeof range.from !== 'string' || range.from !== range.to) return (key) => changed.hasKey(key);
    keys.add(range.from);
  }
  return (key) => keys.has(key);
}

/** A store that cannot be read is reported; the cache then drops what it could not check. */
function unreadable(err: unknown): null {
  reportError(err, { component: 'query-engine', action: 'checking cached answers against this device' });
  return null;
}

async function checkListings(db: MotorlyDb, cache: AnswerCache, held: Map<string, ListingRow>): Promise<void> {
  if (held.size === 0) return;
  const ids = [...held.keys()];
  const now = await db.vehicle_listings.bulkGet(ids).catch(unreadable);
  // Unreadable: assume the worst.
  cache.dropListings(new Set(ids.filter((id, i) => now === null || changed(held.get(id), now[i]))));
}

async function checkWindows(db: MotorlyDb, cache: AnswerCache, queryKeys: string[]): Promise<void> {
  if (queryKeys.length === 0) return;
  const now = await db.query_windows.bulkGet(queryKeys).catch(unreadable);
  cache.dropQueries(new Set(queryKeys.filter((_, i) => now === null || now[i] === undefined)));
}

const caches = new WeakMap<object, AnswerCache>();

/** The answer cache of a query engine (made on first use; watching `db` when given). */
export function answersFor(engine: object, db?: MotorlyDb): AnswerCache {
  let cache = caches.get(engine);
  if (!cache) {
    cache = new AnswerCache();
    caches.set(engine, cache);
    if (db) watchStore(db, cache);
  }
  return cache;
}
