// The offline pack's download in the worker: pages by id, progress in the pack's record, the 5,000 cap,
// a failure in words, and a replaced pack's listings leaving unless pinned or in a search window.
import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import { packListingIds, readPack, recordListingOpened, removePack } from '@/data/offline-pack';
import { PACK_PAGE_ROWS, downloadOfflinePack, type PackSource } from './offline-pack-download';
import { TransportError, type Row } from './transport';

let n = 0;
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const row = (i: number, outcode = 'M1'): Row => ({
  id: id(i),
  price: 1000 + i,
  outcode,
  updated_at: `2026-11-22T00:00:00.${String(i).padStart(6, '0')}Z`,
});

/** A source over `rows` (sorted by id), recording the progress seen when each page is asked. */
function source(rows: Row[], db: MotorlyDb, fail?: number) {
  const seen: (number | null)[] = [];
  const src: PackSource = {
    async page(_postcode, _radius, afterId, withTotal) {
      seen.push((await readPack(db))?.done ?? null);
      if (fail !== undefined && seen.length === fail) throw new TransportError('network', 'Failed to fetch', 0);
      const after = rows.filter((r) => afterId === null || String(r.id) > afterId);
      return { rows: after.slice(0, PACK_PAGE_ROWS), total: withTotal ? rows.length : null };
    },
  };
  return { src, seen };
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
  it('writes every page, shows progress, and records the area', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const rows = Array.from({ length: 2500 }, (_, i) => row(i, i % 2 ? 'M1' : 'M4'));
    const { src, seen } = source(rows, db);
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(2500);
    expect((await packListingIds(db)).size).toBe(2500);
    // The next page is asked while the page before is written: progress 0, then 0 or 1,000, then 1,000 or 2,000.
    expect(seen).toHaveLength(3);
    const pack = await readPack(db);
    expect(pack).toMatchObject({ status: 'ready', done: 2500, total: 2500, error: null });
    expect(pack?.outcodes).toEqual(expect.arrayContaining(['M1', 'M4']));
    expect(pack?.cursor?.id).toBe(id(2499));
  });

  it('stops at 5,000 listings', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const { src } = source(
      Array.from({ length: 6200 }, (_, i) => row(i)),
      db,
    );
    await download(db, src);
    expect(await db.vehicle_listings.count()).toBe(5000);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 5000 });
  });

  it('says why a download failed and keeps what it wrote, to be removed', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    const { src } = source(
      Array.from({ length: 2500 }, (_, i) => row(i)),
      db,
      2,
    );
    await download(db, src);
    expect(await readPack(db)).toMatchObject({ status: 'failed', done: 1000 });
    expect((await readPack(db))?.error).toMatch(/connection dropped/);
    expect(await removePack(db, new Set())).toBe(1000);
    expect(await db.vehicle_listings.count()).toBe(0);
    expect(await readPack(db)).toBeUndefined();
  });

  it('a new pack replaces the old: listings only the old one held go, unless pinned or in a window', async () => {
    const db = new MotorlyDb(`pack-${++n}`);
    await download(db, source([row(1), row(2), row(3), row(4)], db).src);
    await recordListingOpened(db, id(1));
    await downloadOfflinePack({
      db,
      store: createSyncStore(db),
      source: source([row(4), row(5)], db).src,
      postcode: 'LS1',
      radius: 10,
      windowIds: async () => new Set([id(2)]),
    });
    expect((await db.vehicle_listings.toCollection().primaryKeys()).sort()).toEqual([id(1), id(2), id(4), id(5)]);
    expect([...(await packListingIds(db))].sort()).toEqual([id(4), id(5)]);
  });
});
