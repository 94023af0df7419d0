// The offline pack's download, in the sync worker (off the page's main thread): every band of the pack (the
// nearest 5,000 listings, by distance then id) asked at once by its ranks in that order (offline_pack_ranks),
// with the progress total after them (offline_pack_reach): one round trip before the first rows land, where
// asking a plan first cost two.
// Each page is written as it lands (the raw bulk-write path, the page's ids as one record and the progress in
// the rows' own transaction; IndexedDB commits them in the order the pages landed); the card on the page watches
// the pack's record, in any tab, and it survives a reload. A pack asked for again replaces the old one: listings
// only the old one held go.
import type { MotorlyDb } from '@/data/db';
import type { AlongsideWrite, SyncStore } from '@/data/sync-queue';
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
import { maxCursor } from './timestamps';
import type { PackBand, PackSource } from './offline-pack-source';
import type { Row } from './transport';

/**
 * Listings the first band holds: the nearest few, asked first and small, land first, so the writer starts while
 * the larger bands are still being answered (six requests at once share the server).
 */
export const PACK_FIRST_BAND_ROWS = 300;
/**
 * Listings each later band holds: 5,000 is six bands in all, as many requests as a browser opens to one host over
 * HTTP/1.1 (the total is asked after them). With the overlap a band answers at most 960 rows, within the Data
 * API's 1,000.
 */
export const PACK_BAND_ROWS = 940;
/**
 * Ranks each band also asks past its inner edges. Each band's call orders the area afresh: a listing sold, added
 * or moved between two calls shifts the ranks after it by one, and a band asked with no overlap would then miss
 * the listing at its edge. A listing answered twice is written once.
 */
export const PACK_BAND_OVERLAP = 10;

/** Every band of a pack of `max` listings, nearest first, each with its overlap at the inner edges. */
export function packBands(max = MAX_PACK_LISTINGS): PackBand[] {
  const bands: PackBand[] = [];
  for (let at = 0; at < max; at += at ? PACK_BAND_ROWS : PACK_FIRST_BAND_ROWS) {
    const rows = at ? PACK_BAND_ROWS : PACK_FIRST_BAND_ROWS;
    bands.push({
      from: Math.max(0, at - PACK_BAND_OVERLAP),
      to: Math.min(max, at + rows + PACK_BAND_OVERLAP),
    });
  }
  return bands;
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
  /** A request's or a write's failure: the pack then says it failed. */
  const failures: unknown[] = [];
  const fail = (err: unknown) => void failures.push(err);
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
    // A listing that moved between bands while they were asked is written once; the cap holds whatever the source.
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
  /** Set once every band is in: the total, if it comes later, has nothing left to tell. */
  let landed = false;
  /** The total's write into the pack's record, once the total is in. */
  let sizing: Promise<void> | undefined;
  // Every band at once, then the total for the progress (on a browser's sixth connection to the host it would
  // hold a band back); none is waited for once the cap is in.
  const asked = packBands().map((band) =>
    source.band(postcode, radius, band).then((rows) => void writes.push(writePage(rows)), fail),
  );
  source.count(postcode, radius).then(
    (n) => {
      if (landed) return;
      const sized = Math.min(n, MAX_PACK_LISTINGS);
      total = sized;
      sizing = setup.then(() => updatePack(db, { total: sized })).catch(fail);
    },
    (err: unknown) => void (landed || fail(err)),
  );
  await Promise.race([capped, Promise.all(asked)]);
  // The total only sizes the progress bar: once every band is in, the pack does not wait for it (queued behind
  // the bands for a connection, it needs a round trip of its own). One already being written is waited for.
  landed = true;
  await sizing;
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
