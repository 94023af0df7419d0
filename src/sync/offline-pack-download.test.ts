// The offline pack's download in the worker: its id slices asked all at once and paged by keyset, its size
// asked once a page has landed, progress in
// the pack's record, the 5,000 cap, a failure in words, and a replaced pack's listings leaving unless pinned
// or in a search window.
import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import {
  PACK_PAGE_PREFIX,
  packListingIds,
  packListings,
  packPages,
  readPack,
  recordListingOpened,
  removePack,
} from '@/data/offline-pack';
import { PACK_PAGE_ROWS, downloadOfflinePack, type PackSource } from './offline-pack-download';
import { PACK_CONCURRENCY, inPackRange, type PackRange } from './offline-pack-lanes';
import { TransportError, type Row } from './transport';

let n = 0;
/** Sequential ids: every one in the first slice. */
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** Ids spread over the whole id space, as random UUIDs are. */
const spreadId = (i: number) =>
  `${((i * 2654435761) % 2 ** 32).toString(16).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`;
const row = (i: number, outcode = 'M1', key = id): Row => ({
  id: key(i),
  price: 1000 + i,
  outcode,
  updated_at: `2026-11-22T00:00:00.${String(i).padStart(6, '0')}Z`,
});

/**
 * A source over `rows` answering each range as the Data API would (by id, at most a page), recording
 * the ranges asked, the ids it answered with and how many requests were in flight at most.
 */
function source(rows: Row[], fail?: number) {
  const sorted = [...rows].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  const asked: PackRange[] = [];
  const served = new Set<string>();
  let reaches = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const src: PackSource = {
    async reach() {
      reaches++;
      // Counted with the pages: a browser opens six connections to a host, the size's request included.
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return { within: 25, listings: rows.length };
    },
    async page(_postcode, radius, range) {
      expect(radius).toBeGreaterThan(0);
      const nth = asked.push(range);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (nth === fail) throw new TransportError('network', 'Failed to fetch', 0);
        const page = sorted.filter((r) => inPackRange(String(r.id), range)).slice(0, PACK_PAGE_ROWS);
        for (const r of page) served.add(String(r.id));
        return page;
      } finally {
        inFlight--;
      }
    },
  };
  return { src, asked, served, reaches: () => reaches, maxInFlight: () => maxInFlight };
}

/** The keyset steps asked (a page's last id), not the slices' own bounds. */
const keysetAfters = (asked: PackRange[]) =>
  asked.map((r) => r.after).filter((a): a is string => a !== null && a.startsWith('00000000-0000-4000'));

async function download(db: MotorlyDb, src: PackSource, postcode = 'M1 1AE', radius = 25) {
  await downloadOfflinePack({
    db,
    store: createSyncStore(db),
    source: src,
    postcode,
    radius,
    windowIds: async () => new Set(),
  });
}

describe('offline pack download', () => {
  it('asks the pack in slices all at once, and its size once, on a connection a landed page freed', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 4800 }, (_, i) => row(i, i % 2 ? 'M1' : 'M4', spreadId));
    const { src, asked, reaches, maxInFlight } = source(rows);
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(4800);
    expect((await packListingIds(db)).size).toBe(4800);
    // A page's ids are one record: no put per listing into the pack's listing store.
    expect(await packListings(db).count()).toBe(0);
    expect(await packPages(db).where(':id').startsWith(PACK_PAGE_PREFIX).count()).toBe(asked.length);
    expect(reaches()).toBe(1);
    // Six slices of about 800, one page each (one more if the spread is uneven).
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(asked.length).toBeLessThanOrEqual(7);
    // All six slices at once, and the size's request only on a connection a landed page has freed.
    expect(maxInFlight()).toBe(PACK_CONCURRENCY);
    const pack = await readPack(db);
    expect(pack).toMatchObject({ status: 'ready', done: 4800, total: 4800, error: null });
    expect(pack?.outcodes).toEqual(expect.arrayContaining(['M1', 'M4']));
    expect(pack?.cursor?.id).toBe(spreadId(4799));
  });

  it('pages a crowded slice by keyset', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const { src, asked } = source(Array.from({ length: 2500 }, (_, i) => row(i)));
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(2500);
    // Sequential ids all fall in the first slice: it goes on after each page's last id.
    expect(keysetAfters(asked)).toEqual([id(999), id(1999)]);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 2500, total: 2500 });
  });

  it('stops at 5,000 listings', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const { src, asked } = source(Array.from({ length: 6200 }, (_, i) => row(i)));
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(5000);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 5000 });
    // No page asked after the 5,000th listing.
    expect(keysetAfters(asked)).toEqual([id(999), id(1999), id(2999), id(3999)]);
  });

  it('at 5,000 listings asks no page it cannot keep and waits for none still on its way', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    // Six slices of some 1,200 listings: each wants a second page, which never answers here.
    const { src, asked } = source(Array.from({ length: 7200 }, (_, i) => row(i, 'M1', spreadId)));
    const firsts = new Set<string | null>();
    let seconds = 0;
    const held: PackSource = {
      reach: src.reach,
      page: (postcode, radius, range) =>
        firsts.size < PACK_CONCURRENCY || firsts.has(range.after)
          ? (firsts.add(range.after), src.page(postcode, radius, range))
          : (seconds++, new Promise<Row[]>(() => {})),
    };
    await download(db, held);
    // The first pages alone fill it: no slice's second page was asked.
    expect(asked.length).toBe(PACK_CONCURRENCY);
    expect(seconds).toBe(0);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 5000, total: 5000 });
    expect((await packListingIds(db)).size).toBe(5000);
  });

  it('says why a download failed and keeps what it wrote, to be removed', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 2500 }, (_, i) => row(i, 'M1', spreadId));
    // The second page request fails; the first, and a slice asked after it, are written.
    const { src, served } = source(rows, 2);
    await download(db, src);
    expect(served.size).toBeGreaterThan(500);
    expect(await readPack(db)).toMatchObject({ status: 'failed', done: served.size });
    expect((await readPack(db))?.error).toMatch(/connection dropped/);
    expect(await removePack(db, new Set())).toBe(served.size);
    expect(await db.vehicle_listings.count()).toBe(0);
    expect(await readPack(db)).toBeUndefined();
  });

  it('a new pack replaces the old: listings only the old one held go, unless pinned or in a window', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    await download(db, source([row(1), row(2), row(3), row(4)]).src);
    await recordListingOpened(db, id(1));
    await downloadOfflinePack({
      db,
      store: createSyncStore(db),
      source: source([row(4), row(5)]).src,
      postcode: 'LS1',
      radius: 10,
      windowIds: async () => new Set([id(2)]),
    });
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual([id(1), id(2), id(4), id(5)]);
    expect([...(await packListingIds(db))].sort()).toEqual([id(4), id(5)]);
  });
});
