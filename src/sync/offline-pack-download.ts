// The offline pack's download, in the sync worker (off the page's main thread): pages of 1,000 whole
// listings from offline_pack_listings, the next page fetched while the last is written through the raw
// bulk-write path, progress kept in the pack's record (the card on the page watches it, in any tab, and
// it survives a reload). A pack asked for again replaces the old one: listings only the old one held go.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MotorlyDb } from '@/data/db';
import { pullSelect, type SyncStore } from '@/data/sync-queue';
import type { Cursor } from '@/data/types';
import {
  MAX_PACK_LISTINGS,
  PACK_ID,
  areaOutcodes,
  dropUnkeptListings,
  packListingIds,
  packListings,
  packMeta,
  readPack,
  updatePack,
} from '@/data/offline-pack';
import { maxCursor } from './timestamps';
import { toTransportError } from './supabase-transport';
import type { Row } from './transport';

export const PACK_PAGE_ROWS = 1000;

export interface PackPage {
  rows: Row[];
  /** Listings in the whole pack (asked with the first page only). */
  total: number | null;
}

/** Where the pack's pages come from (the Data API, or a fake in tests). */
export interface PackSource {
  page(postcode: string, radius: number, afterId: string | null, withTotal: boolean): Promise<PackPage>;
}

export function supabasePackSource(client: SupabaseClient): PackSource {
  return {
    async page(postcode, radius, afterId, withTotal) {
      let query = client
        .rpc(
          'offline_pack_listings',
          { postcode, radius, max_rows: MAX_PACK_LISTINGS },
          withTotal ? { count: 'exact' } : undefined,
        )
        .select(pullSelect('vehicle_listings'))
        .order('id')
        .limit(PACK_PAGE_ROWS);
      if (afterId) query = query.gt('id', afterId);
      // The select string is built at run time, so supabase-js cannot infer the row type from it.
      const { data, error, status, count } = await query.retry(false).overrideTypes<Row[], { merge: false }>();
      if (error) throw Object.assign(toTransportError(status, error), { detail: error.message });
      return { rows: data ?? [], total: count ?? null };
    },
  };
}

/** Words for the card when a download fails. */
function failureText(err: unknown): string {
  const detail = (err as { detail?: unknown }).detail;
  const kind = (err as { kind?: unknown }).kind;
  if (kind === 'client' && typeof detail === 'string') return detail;
  if (kind === 'network') return 'The download stopped: the connection dropped. Try again when you are back online.';
  return 'The download failed. Try again in a moment.';
}

export interface PackDownload {
  db: MotorlyDb;
  store: SyncStore;
  source: PackSource;
  postcode: string;
  radius: number;
  /** Listings the query engine's search windows hold: a replaced pack's listings there stay. */
  windowIds(): Promise<Set<string>>;
  now?: () => number;
}

/** Downloads (or replaces) the pack; resolves when its record says ready or failed. */
export async function downloadOfflinePack(opts: PackDownload): Promise<void> {
  const { db, store, source, postcode, radius } = opts;
  const now = opts.now ?? Date.now;
  const previous = await packListingIds(db);
  await db.transaction('rw', packMeta(db), packListings(db), async () => {
    await packListings(db).clear();
    await packMeta(db).put({
      id: PACK_ID,
      postcode,
      radius,
      status: 'downloading',
      done: 0,
      total: null,
      outcodes: [],
      started_at: now(),
      finished_at: null,
      error: null,
      cursor: null,
    });
  });
  const ids = new Set<string>();
  const outcodes = new Set<string>();
  let cursor: Cursor | null = null;
  try {
    let next: Promise<PackPage> | null = source.page(postcode, radius, null, true);
    let total: number | null = null;
    while (next) {
      const page: PackPage = await next;
      const { rows, total: counted } = page;
      total ??= counted;
      const last: boolean = rows.length < PACK_PAGE_ROWS || ids.size + rows.length >= MAX_PACK_LISTINGS;
      // The next page is on the wire while this one is written.
      next = last ? null : source.page(postcode, radius, String(rows[rows.length - 1].id), false);
      // Its failure is thrown when it is awaited, after this page's write (not reported as unhandled before).
      next?.catch(() => undefined);
      if (rows.length) {
        await store.applyPulled('vehicle_listings', rows, { notify: false });
        await packListings(db).bulkPut(rows.map((r) => ({ id: String(r.id) })));
      }
      for (const r of rows) {
        ids.add(String(r.id));
        if (typeof r.outcode === 'string') outcodes.add(r.outcode);
        cursor = maxCursor(cursor, { updated_at: String(r.updated_at), id: String(r.id) });
      }
      await updatePack(db, { done: ids.size, total: total ?? ids.size });
    }
    await updatePack(db, {
      status: 'ready',
      total: ids.size,
      outcodes: areaOutcodes(postcode, radius, outcodes),
      cursor,
      finished_at: now(),
    });
  } catch (err) {
    await updatePack(db, { status: 'failed', error: failureText(err), finished_at: now() });
  } finally {
    store.notifyChanged(['vehicle_listings']);
  }
  // Listings only the replaced pack held leave the device (unless pinned or in a search window).
  const stillHeld = await packListingIds(db);
  const dropped = [...previous].filter((id) => !stillHeld.has(id));
  if (dropped.length) await dropUnkeptListings(db, dropped, await opts.windowIds());
}

/** A download the worker was doing when the app closed starts again when the leader starts. */
export async function unfinishedPack(db: MotorlyDb): Promise<{ postcode: string; radius: number } | null> {
  const pack = await readPack(db);
  return pack?.status === 'downloading' ? { postcode: pack.postcode, radius: pack.radius } : null;
}
