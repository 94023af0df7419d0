// The offline pack's download in the worker: its plan asked once and its bands all at once, progress in
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
import {
  PACK_BAND_ROWS,
  PACK_CONCURRENCY,
  downloadOfflinePack,
  type PackBand,
  type PackSource,
} from './offline-pack-download';
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
 * A source over `rows` answering as the Data API would: the plan cuts them (in id order here, as if all lay
 * at one distance; uncapped, unlike the server's) into bands of PACK_BAND_ROWS, a band answers the rows
 * after its `after` up to its `upto`, and the nearest `count` are the first band. Records the plans and
 * bands asked, the ids answered with and how many requests were in flight at most; band request `fail`
 * (1-based) fails.
 */
function source(rows: Row[], fail?: number) {
  const sorted = [...rows].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  const asked: PackBand[] = [];
  const served = new Set<string>();
  let plans = 0;
  let nearests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const src: PackSource = {
    async plan(_postcode, radius) {
      expect(radius).toBeGreaterThan(0);
      plans++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      const bands: PackBand[] = [];
      for (let i = 0; i < sorted.length; i += PACK_BAND_ROWS) {
        const last = sorted[Math.min(i + PACK_BAND_ROWS, sorted.length) - 1];
        bands.push({
          after: i ? String(sorted[i - 1].id) : null,
          upto: String(last.id),
          listings: Math.min(PACK_BAND_ROWS, sorted.length - i),
        });
      }
      return bands;
    },
    async nearest(_postcode, _radius, count) {
      nearests++;
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const page = sorted.slice(0, count);
        for (const r of page) served.add(String(r.id));
        return page;
      } finally {
        inFlight--;
      }
    },
    async band(_postcode, band) {
      const nth = asked.push(band);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (nth === fail) throw new TransportError('network', 'Failed to fetch', 0);
        const page = sorted.filter(
          (r) => (band.after === null || String(r.id) > band.after) && String(r.id) <= band.upto,
        );
        for (const r of page) served.add(String(r.id));
        return page;
      } finally {
        inFlight--;
      }
    },
  };
  return { src, asked, served, plans: () => plans, nearests: () => nearests, maxInFlight: () => maxInFlight };
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
  it('asks the plan and its first band at once, then every other band at once', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 4800 }, (_, i) => row(i, i % 2 ? 'M1' : 'M4', spreadId));
    const { src, asked, plans, nearests, maxInFlight } = source(rows);
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(4800);
    expect((await packListingIds(db)).size).toBe(4800);
    // A page's ids are one record: no put per listing into the pack's listing store.
    expect(await packListings(db).count()).toBe(0);
    expect(await packPages(db).where(':id').startsWith(PACK_PAGE_PREFIX).count()).toBe(6);
    expect(plans()).toBe(1);
    expect(nearests()).toBe(1);
    // The first band came with the plan: the other five (900 each, the last 300) all on the wire at once.
    expect(asked.map((b) => b.listings)).toEqual([900, 900, 900, 900, 300]);
    expect(maxInFlight()).toBe(PACK_CONCURRENCY - 1);
    const pack = await readPack(db);
    expect(pack).toMatchObject({ status: 'ready', done: 4800, total: 4800, error: null });
    expect(pack?.outcodes).toEqual(expect.arrayContaining(['M1', 'M4']));
    expect(pack?.cursor?.id).toBe(spreadId(4799));
  });

  it('keeps 5,000 listings at most and waits for no band still on its way once it holds them', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    // A plan naming 7,200 (the server's names at most 5,000): bands after the sixth never answer here.
    const { src, asked } = source(Array.from({ length: 7200 }, (_, i) => row(i)));
    const held: PackSource = {
      plan: src.plan,
      nearest: src.nearest,
      band: (postcode, band) =>
        asked.length < PACK_CONCURRENCY - 1 ? src.band(postcode, band) : new Promise<Row[]>(() => {}),
    };
    await download(db, held);
    expect(asked).toHaveLength(PACK_CONCURRENCY - 1);
    expect(await db.vehicle_listings.count()).toBe(5000);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 5000, total: 5000 });
    expect((await packListingIds(db)).size).toBe(5000);
  });

  it('says what the server said when the plan is refused (a 400)', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const refused = Object.assign(new TransportError('client', 'bad', 400), {
      detail: 'No UK postcode area matches that postcode',
    });
    await download(db, {
      plan: () => Promise.reject(refused),
      nearest: () => Promise.reject(refused),
      band: () => Promise.resolve([]),
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
