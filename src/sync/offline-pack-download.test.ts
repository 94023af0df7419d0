// The offline pack's download in the worker: every band asked at once by its ranks, with the total, progress in
// the pack's record, the 5,000 cap, a listing answered by two bands written once, a failure in words, and a
// replaced pack's listings leaving unless pinned or in a search window.
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
import {
  PACK_BAND_OVERLAP,
  PACK_BAND_ROWS,
  PACK_FIRST_BAND_ROWS,
  downloadOfflinePack,
  packBands,
} from './offline-pack-download';
import type { PackBand, PackSource } from './offline-pack-source';
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
 * A source over `rows` answering as the Data API would: the pack's order is id order here (as if all lay at one
 * distance), capped at 5,000; a band answers the rows ranked after its `from` up to its `to`, and the count is
 * how many the pack holds. Records the bands asked, the ids answered with and how many requests were in flight
 * at most; band request `fail` (1-based) fails.
 */
function source(rows: Row[], fail?: number) {
  const sorted = [...rows].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1)).slice(0, 5000);
  const asked: PackBand[] = [];
  const served = new Set<string>();
  let counts = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const src: PackSource = {
    async count(_postcode, radius) {
      expect(radius).toBeGreaterThan(0);
      counts++;
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return sorted.length;
    },
    async band(_postcode, _radius, band) {
      const nth = asked.push(band);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (nth === fail) throw new TransportError('network', 'Failed to fetch', 0);
        const page = sorted.slice(band.from, band.to);
        for (const r of page) served.add(String(r.id));
        return page;
      } finally {
        inFlight--;
      }
    },
  };
  return { src, asked, served, counts: () => counts, maxInFlight: () => maxInFlight };
}

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
  it('asks every band at once with the total, each overlapping its neighbours, and writes each listing once', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 4800 }, (_, i) => row(i, i % 2 ? 'M1' : 'M4', spreadId));
    const { src, asked, served, counts, maxInFlight } = source(rows);
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(4800);
    expect((await packListingIds(db)).size).toBe(4800);
    expect(served.size).toBe(4800);
    // A page's ids are one record: no put per listing into the pack's listing store.
    expect(await packListings(db).count()).toBe(0);
    expect(await packPages(db).where(':id').startsWith(PACK_PAGE_PREFIX).count()).toBe(6);
    expect(counts()).toBe(1);
    // A small first band (the nearest), then bands of PACK_BAND_ROWS (six in all for 5,000), each reaching
    // PACK_BAND_OVERLAP ranks into the next and the one before, and none past 5,000.
    const O = PACK_BAND_OVERLAP;
    const F = PACK_FIRST_BAND_ROWS;
    const R = PACK_BAND_ROWS;
    expect(asked).toEqual([
      { from: 0, to: F + O },
      { from: F - O, to: F + R + O },
      { from: F + R - O, to: F + 2 * R + O },
      { from: F + 2 * R - O, to: F + 3 * R + O },
      { from: F + 3 * R - O, to: F + 4 * R + O },
      { from: F + 4 * R - O, to: 5000 },
    ]);
    // Within the Data API's 1,000 rows a request.
    expect(Math.max(...asked.map((b) => b.to - b.from))).toBeLessThanOrEqual(1000);
    // Every band and the total on the wire at once: no request waits for another's answer.
    expect(maxInFlight()).toBe(7);
    const pack = await readPack(db);
    expect(pack).toMatchObject({ status: 'ready', done: 4800, total: 4800, error: null });
    expect(pack?.outcodes).toEqual(expect.arrayContaining(['M1', 'M4']));
    expect(pack?.cursor?.id).toBe(spreadId(4799));
  });

  it('loses no listing when the ranks shift between two bands (a listing sold as they are asked)', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 3000 }, (_, i) => row(i));
    const { src } = source(rows);
    // The listing ranked 10th is sold after the first band is read: every later rank moves up by one.
    let sold = false;
    const shifting: PackSource = {
      count: src.count,
      band: async (postcode, radius, band) => {
        if (band.from === 0) {
          const page = await src.band(postcode, radius, band);
          sold = true;
          return page;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect(sold).toBe(true);
        const after = rows.filter((_, i) => i !== 10);
        return after.slice(band.from, band.to);
      },
    };
    await download(db, shifting);
    // Every listing unsold when its band was read is on the device (the sold one too: it was in the first band).
    expect(await db.vehicle_listings.count()).toBe(3000);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 3000 });
  });

  it('a band of the plan as packBands cuts it: every rank once, the overlaps aside', () => {
    const bands = packBands(4500);
    expect(bands.at(-1)).toEqual({ from: PACK_FIRST_BAND_ROWS + 4 * PACK_BAND_ROWS - PACK_BAND_OVERLAP, to: 4500 });
    const covered = new Set<number>();
    for (const b of bands) for (let r = b.from; r < b.to; r++) covered.add(r);
    expect(covered.size).toBe(4500);
  });

  it('keeps 5,000 listings at most and waits for no band still on its way once it holds them', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    // A source answering more than asked (the server answers at most the ranks asked, up to 5,000): each band
    // here 1,000 ranks more, so five bands hold 5,000 and over; the sixth never answers.
    const rows = Array.from({ length: 7200 }, (_, i) => row(i));
    const asked: PackBand[] = [];
    const wide: PackSource = {
      count: async () => 5000,
      band: async (_postcode, _radius, band) => {
        asked.push(band);
        if (band.from >= PACK_FIRST_BAND_ROWS + 4 * PACK_BAND_ROWS - PACK_BAND_OVERLAP)
          return new Promise<Row[]>(() => {});
        return rows.slice(band.from, band.to + 1000);
      },
    };
    await download(db, wide);
    expect(asked).toHaveLength(6);
    expect(await db.vehicle_listings.count()).toBe(5000);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 5000, total: 5000 });
    expect((await packListingIds(db)).size).toBe(5000);
  });

  it('does not wait for a total still on its way once every band is in, and a late total changes nothing', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 1200 }, (_, i) => row(i));
    const { src } = source(rows);
    let answer: (n: number) => void = () => {};
    const slowTotal: PackSource = { ...src, count: () => new Promise<number>((resolve) => (answer = resolve)) };
    await download(db, slowTotal);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 1200, total: 1200 });
    answer(4000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 1200, total: 1200 });
  });

  it('says what the server said when the pack is refused (a 400)', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const refused = Object.assign(new TransportError('client', 'bad', 400), {
      detail: 'No UK postcode area matches that postcode',
    });
    await download(db, {
      count: () => Promise.reject(refused),
      band: () => Promise.reject(refused),
    });
    expect(await readPack(db)).toMatchObject({ status: 'failed', done: 0, error: refused.detail });
  });

  it('says why a download failed and keeps what it wrote, to be removed', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 2500 }, (_, i) => row(i, 'M1', spreadId));
    // The second band's request fails; the others, asked with it, are written.
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
