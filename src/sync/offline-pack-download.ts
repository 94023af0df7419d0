// The offline pack's download, in the sync worker (off the page's main thread): the pack's id slices are
// all asked at once (offline_pack_slice: the server finds how far the nearest listings reach, then reads the
// slice by id inside that distance) and paged by keyset (offline-pack-lanes.ts); offline_pack_reach, asked
// for the progress total once a page has landed, is waited for by none of them.
// Each page is written as it lands (the raw bulk-write path, the page's ids as one record and the progress in
// the rows' own transaction; IndexedDB commits them in the order the pages landed); the card on the page watches the
// pack's record, in any tab, and it survives a reload. A pack asked for again replaces the old one: listings
// only the old one held go.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MotorlyDb } from '@/data/db';
import { pullSelect, type AlongsideWrite, type SyncStore } from '@/data/sync-queue';
import type { Cursor } from '@/data/types';
import {
  MAX_PACK_LISTINGS,
  PACK_ID,
  PACK_PAGE_PREFIX,
  areaOutcodes,
  dropUnkeptListings,
  packListingIds,
  packListings,
  packMeta,
  readPack,
  updatePack,
  type OfflinePack,
} from '@/data/offline-pack';
import { PACK_CONCURRENCY, nextInLane, packSlices, type PackRange } from './offline-pack-lanes';
import { maxCursor } from './timestamps';
import { toTransportError } from './supabase-transport';
import type { Row } from './transport';

export const PACK_PAGE_ROWS = 1000;

/** How far the pack reaches (miles) and how many listings lie within that (offline_pack_reach). */
export interface PackReach {
  within: number;
  listings: number;
}

/** Where the pack comes from (the Data API, or a fake in tests). */
export interface PackSource {
  reach(postcode: string, radius: number): Promise<PackReach>;
  /** Up to PACK_PAGE_ROWS of the pack's listings in `range`, by id. */
  page(postcode: string, radius: number, range: PackRange): Promise<Row[]>;
}

export function supabasePackSource(client: SupabaseClient): PackSource {
  const failed = (status: number, error: { message: string }) =>
    Object.assign(toTransportError(status, error), { detail: error.message });
  return {
    async reach(postcode, radius) {
      const { data, error, status } = await client
        .rpc('offline_pack_reach', { postcode, radius, max_rows: MAX_PACK_LISTINGS })
        .single<PackReach>()
        .retry(false);
      if (error) throw failed(status, error);
      return { within: Number(data.within), listings: Number(data.listings) };
    },
    async page(postcode, radius, range) {
      const { data, error, status } = await client
        .rpc('offline_pack_slice', {
          postcode,
          radius,
          max_rows: MAX_PACK_LISTINGS,
          after_id: range.after,
          before_id: range.before,
          page_rows: PACK_PAGE_ROWS,
        })
        .select(pullSelect('vehicle_listings'))
        .retry(false)
        // The select string is built at run time, so supabase-js cannot infer the row type from it.
        .overrideTypes<Row[], { merge: false }>();
      if (error) throw failed(status, error);
      return data ?? [];
    },
  };
}

/** The pack's own store (its record and pages of ids), announced after each page (the card's progress). */
const PACK_STORES = ['offline_pack'];

/**
 * A page's ids, as one record, and its progress into the pack's record, in the rows' transaction. One put
 * a page: a put per listing into offline_pack_listings made the pack's writes some 40% slower than a
 * raw put of the same rows (4,395 listings, in-page probe: 1.0-1.3 s against 0.6-0.7 s).
 */
function packPageWrite(page: number, rows: Row[], progress: () => Pick<OfflinePack, 'done' | 'total'>): AlongsideWrite {
  const ids = rows.map((r) => String(r.id));
  return {
    stores: PACK_STORES,
    write(tx) {
      const meta = tx.objectStore('offline_pack');
      meta.put({ id: `${PACK_PAGE_PREFIX}${page}`, ids });
      const req = meta.get(PACK_ID);
      req.onsuccess = () => {
        const pack = req.result as OfflinePack | undefined;
        if (pack) meta.put({ ...pack, ...progress() });
      };
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
  // The pack's record is (re)made while its first requests are on the wire; pages are written after it.
  const setup = (async () => {
    const previous = await packListingIds(db);
    await db.transaction('rw', packMeta(db), packListings(db), async () => {
      // The old pack's record, its pages of ids and the listings its area gained.
      await packListings(db).clear();
      await packMeta(db).clear();
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
    return previous;
  })();
  const ids = new Set<string>();
  const outcodes = new Set<string>();
  let cursor: Cursor | null = null;
  let total: number | null = null;
  /** Every page's write: none rejects (a failure is recorded in `failures`, and the pack then fails). */
  const writes: Promise<void>[] = [];
  let writeFailed = false;
  let pages = 0;
  /** Resolved once the pack holds its cap: pages still on their way would add nothing. */
  let full = () => {};
  const capped = new Promise<void>((resolve) => (full = resolve));
  /**
   * A page's write starts as it lands, not once the one before has committed (IndexedDB runs them in the
   * order made); its rows are counted as it lands, so progress only grows and the cap is exact.
   */
  const writePage = async (page: Row[]): Promise<void> => {
    // After a failed write the pack fails: pages still landing are not written (a failed request leaves the
    // pages already asked to be written, and kept until the pack is removed).
    if (writeFailed) return;
    // A listing that moved between slices while they were asked is written once; the cap holds whatever the source.
    const rows = page.filter((r) => !ids.has(String(r.id))).slice(0, MAX_PACK_LISTINGS - ids.size);
    if (ids.size + rows.length >= MAX_PACK_LISTINGS) full();
    for (const r of rows) {
      ids.add(String(r.id));
      if (typeof r.outcode === 'string') outcodes.add(r.outcode);
      cursor = maxCursor(cursor, { updated_at: String(r.updated_at), id: String(r.id) });
    }
    if (!rows.length) return;
    const done = ids.size;
    const pageNo = pages++;
    // Not written without the pack's record (its failure is thrown once the requests are done).
    if (
      !(await setup.then(
        () => true,
        () => false,
      ))
    )
      return;
    // The page's ids and progress commit with the rows, in one transaction: none queued behind them.
    const written = store.applyPulled('vehicle_listings', rows, {
      notify: false,
      alongside: packPageWrite(pageNo, rows, () => ({
        done,
        total: total === null ? null : Math.max(total, done),
      })),
    });
    try {
      await written;
      store.notifyChanged(PACK_STORES);
    } catch (err) {
      writeFailed = true;
      fail(err);
    }
  };
  /** Set once a request or a write failed, or the cap is reached: nothing more is asked. */
  let stopped = false;
  setup.then(
    () => undefined,
    () => (stopped = true),
  );
  let received = 0;
  const failures: unknown[] = [];
  const fail = (err: unknown) => {
    stopped = true;
    failures.push(err);
  };
  /** Set once every slice is asked: the pack then holds all there is, so a size still on its way is moot. */
  let sliced = false;
  /** The progress total, asked once a page has landed (see below); null until then. */
  let sizing: Promise<void> | null = null;
  /** The total's write into the pack's record, once the size has answered (before every slice was in). */
  let sizeWrite: Promise<void> | null = null;
  const askSize = () =>
    source.reach(postcode, radius).then((reach) => {
      if (sliced) return;
      total = Math.min(reach.listings, MAX_PACK_LISTINGS);
      const known = total;
      sizeWrite = setup.then(() => updatePack(db, { total: Math.max(known, ids.size) }));
    });
  /** Asks for one page, queues its write, and returns its slice's next page (null: the slice is done). */
  const ask = async (range: PackRange): Promise<PackRange | null> => {
    const rows = await source.page(postcode, radius, range);
    // The size is asked on the connection this page frees: a browser opens six to a host, so beside the six
    // slices it made one of them wait (that slice landed 0.4 s after the others, bench:scale at load ~9).
    sizing ??= askSize().catch(fail);
    received += rows.length;
    if (received >= MAX_PACK_LISTINGS) stopped = true;
    writes.push(writePage(rows));
    return rows.length >= PACK_PAGE_ROWS ? nextInLane(range, String(rows[rows.length - 1].id)) : null;
  };
  // The slices are cut for a full pack: the total is not known until the reach answers, beside them.
  const slices = packSlices(MAX_PACK_LISTINGS);
  /** Slices whose first page is on the wire, and the wake-up of lanes waiting for one to land. */
  let firsts = 0;
  let wake = () => {};
  let landed = new Promise<void>((resolve) => (wake = resolve));
  const settled = () => {
    firsts--;
    const woken = wake;
    landed = new Promise<void>((resolve) => (wake = resolve));
    woken();
  };
  const worker = async () => {
    for (let slice = slices.shift(); slice && !stopped; slice = slices.shift()) {
      firsts++;
      let range: PackRange | null = await ask(slice).finally(settled);
      while (range && !stopped) {
        // A slice's next page only if the pack could fall short without it: at 450,000 each slice holds some
        // 1,200 (ties at the reach's edge), and the second pages asked at once were all dropped at the cap.
        if (received + firsts * PACK_PAGE_ROWS >= MAX_PACK_LISTINGS) await landed;
        else range = await ask(range);
      }
    }
  };
  // Not waited for once the cap is in: a pack's reach may hold more than the cap (ties at its edge: 7,311
  // listings within 5.87 miles of M1 1AA at 450,000), so each slice wants a second page, and those landed
  // some 80 ms after the last write only to be dropped (bench:scale, PostgreSQL). Late pages write nothing.
  await Promise.race([capped, Promise.all(Array.from({ length: PACK_CONCURRENCY }, () => worker().catch(fail)))]);
  // A size still on its way is not waited for once every slice is in (the pack's total is then what it
  // holds, and it is never written); one being written is, so the final record comes after it.
  sliced = true;
  await (sizeWrite as Promise<void> | null)?.catch(fail);
  // Every write done (a failure is already among `failures`: the pack then says it failed).
  await Promise.all(writes);
  const previous = await setup;
  try {
    if (failures.length) throw failures[0];
    await updatePack(db, {
      status: 'ready',
      done: ids.size,
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
