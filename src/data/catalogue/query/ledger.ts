// The coverage ledger: which queries' first pages the device holds (query_windows), for how long, and the
// catalogue budget. A window dies when its open-time TTL runs out or, least recently used first, when the
// catalogue would pass its budget; a listing row goes with it only when nothing else refers to it.
import type { MotorlyDb } from '../../db';
import type { ListingRow } from '../types';
import { keptListingIds } from '../../offline-pack/held';
import { withListingDerived } from '../listing-derived';
import { sameStored } from './same-row';
import type { ServerPage } from './server-search';
import { isSavedWindow } from './saved-ttl';
import { CATALOGUE_BUDGET_BYTES, SAVED_TTL_MS, WINDOW_MAX_IDS, type QueryWindowRow } from './window-types';

/** IndexedDB bytes for a row: about twice its JSON (the serialised value, keys and index entries). */
export const rowBytes = (row: ListingRow): number => JSON.stringify(row).length * 2;
const DEFAULT_ROW_BYTES = 3000;

export interface LedgerOptions {
  budgetBytes?: number;
}

export class CoverageLedger {
  readonly budgetBytes: number;

  constructor(
    private readonly db: MotorlyDb,
    opts: LedgerOptions = {},
  ) {
    this.budgetBytes = opts.budgetBytes ?? CATALOGUE_BUDGET_BYTES;
  }

  read(key: string): Promise<QueryWindowRow | undefined> {
    return this.db.query_windows.get(key);
  }

  async touch(key: string, now: number): Promise<void> {
    await this.db.query_windows.update(key, { lastUsed: now });
  }

  /**
   * Records a server page: a first page (`after` null) starts the window afresh, a next page extends it when
   * it continues the window. Returns the rows it stored (the window's share of the page).
   */
  async record(key: string, after: string | null, page: ServerPage, ttlMs: number, now: number): Promise<ListingRow[]> {
    const { db } = this;
    return db.transaction('rw', [db.query_windows, db.vehicle_listings, db.outbox], async () => {
      const old = await db.query_windows.get(key);
      const extending = after !== null && old !== undefined && old.nextCursor === after;
      if (after !== null && !extending) return [];
      const base = extending ? old.ids : [];
      const seen = new Set(base);
      const fresh = page.rows.filter((r) => !seen.has(r.id)).slice(0, Math.max(0, WINDOW_MAX_IDS - base.length));
      // A listing with the user's own change still waiting to be sent keeps the local version.
      const pending = new Set(
        (
          await db.outbox
            .where('[table+row_id]')
            .anyOf(fresh.map((r) => ['vehicle_listings', r.id]))
            .toArray()
        ).map((op) => op.row_id),
      );
      const stored = fresh.filter((r) => !pending.has(r.id));
      // Rows the device holds as they are (another search's, an earlier visit's) are not written again: each
      // write is announced to every tab, whose live queries and answer caches then read them back.
      const held = await db.vehicle_listings.bulkGet(stored.map((r) => r.id));
      const derive = (r: ListingRow) => withListingDerived(db, r);
      await db.vehicle_listings.bulkPut(stored.filter((r, i) => !sameStored(held[i], r, derive)));
      const ids = [...base, ...fresh.map((r) => r.id)];
      const cut = fresh.length < page.rows.filter((r) => !seen.has(r.id)).length;
      const window: QueryWindowRow = {
        key,
        ids,
        dealerMiles: { ...(extending ? old.dealerMiles : {}), ...page.dealerMiles },
        dealerTowns: { ...(extending ? old.dealerTowns : {}), ...page.dealerTowns },
        total: extending ? old.total : page.total,
        estimated: extending ? old.estimated : page.estimated,
        // A window cut at its cap continues from the server where the screen's own cursor left off.
        nextCursor: cut ? null : page.nextCursor,
        complete: !cut && page.nextCursor === null,
        facets: extending ? old.facets : page.facets,
        ...(page.postcodeError ? { postcodeError: page.postcodeError } : {}),
        asOf: extending ? old.asOf : now,
        lastUsed: now,
        ttlMs: Math.max(ttlMs, extending ? old.ttlMs : 0),
        openMs: extending ? old.openMs : 0,
        bytes: (extending ? old.bytes : 0) + fresh.reduce((n, r) => n + rowBytes(r), 0),
      };
      await db.query_windows.put(window);
      return stored;
    });
  }

  /**
   * Counts open time against every window's TTL; expired ones are dropped. Returns their keys. A window of
   * one of the `saved` searches (saved-search keys, saved-ttl.ts) lives at least SAVED_TTL_MS.
   */
  async advanceOpenTime(elapsedMs: number, saved: ReadonlySet<string> = new Set()): Promise<string[]> {
    const { db } = this;
    const expired: QueryWindowRow[] = [];
    await db.transaction('rw', db.query_windows, async () => {
      await db.query_windows.toCollection().modify((w) => {
        if (w.ttlMs < SAVED_TTL_MS && isSavedWindow(w.key, saved)) w.ttlMs = SAVED_TTL_MS;
        w.openMs += elapsedMs;
        if (w.openMs >= w.ttlMs) expired.push(w);
      });
    });
    await this.drop(expired);
    return expired.map((w) => w.key);
  }

  /** The catalogue's estimated IndexedDB bytes: stored listings at the windows' mean row size. */
  async catalogueBytes(): Promise<number> {
    const windows = await this.db.query_windows.toArray();
    const ids = windows.reduce((n, w) => n + w.ids.length, 0);
    const perRow = ids > 0 ? windows.reduce((n, w) => n + w.bytes, 0) / ids : DEFAULT_ROW_BYTES;
    return (await this.db.vehicle_listings.count()) * perRow;
  }

  /** Evicts least recently used windows (never `keep`) until the catalogue fits its budget. Returns their keys. */
  async enforceBudget(keep?: string): Promise<string[]> {
    const evicted: string[] = [];
    while ((await this.catalogueBytes()) > this.budgetBytes) {
      const lru = await this.db.query_windows
        .orderBy('lastUsed')
        .filter((w) => w.key !== keep)
        .first();
      if (!lru) break;
      await this.drop([lru]);
      evicted.push(lru.key);
    }
    return evicted;
  }

  /**
   * Deletes windows and the listing rows only they referred to: not kept (pinned or the offline pack's,
   * offline-pack/held.ts, the one definition the sync worker follows too), not in another window.
   */
  async drop(windows: QueryWindowRow[]): Promise<void> {
    if (windows.length === 0) return;
    const { db } = this;
    const kept = await keptListingIds(db);
    await db.transaction('rw', db.query_windows, db.vehicle_listings, async () => {
      await db.query_windows.bulkDelete(windows.map((w) => w.key));
      await db.query_windows.each((w) => w.ids.forEach((id) => kept.add(id)));
      const orphans = [...new Set(windows.flatMap((w) => w.ids))].filter((id) => !kept.has(id));
      await db.vehicle_listings.bulkDelete(orphans);
    });
  }
}
