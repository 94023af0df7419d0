// The store's bulk write path for pulled pages: one transaction with the cursor, pending rows kept,
// and live queries woken only when the engine says so.
import { describe, expect, it } from 'vitest';
import { liveQuery } from 'dexie';
import { MotorlyDb } from './db';
import { addBookmark } from './repositories/bookmarks';
import { isOutOfOrder } from './raw-bulk-write';
import { createSyncStore, type QueueCounts } from './sync-store';
import { withTestDb } from './testing/test-db';

let db: MotorlyDb;
const USER = '11111111-1111-4111-8111-111111111111';
const brand = (i: number) => ({
  id: `b${i}`,
  slug: `brand-${i}`,
  name: `Brand ${i}`,
  updated_at: `2026-01-0${i}T00:00:00Z`,
});

withTestDb('test-sync-store', (d) => (db = d), USER);

/** Emissions of a live count of brands, and a way to wait for the next one. */
function watchBrandCount() {
  const seen: number[] = [];
  let wake: (() => void) | null = null;
  const sub = liveQuery(() => db.brands.count()).subscribe({
    next: (v) => {
      seen.push(v);
      wake?.();
    },
  });
  const next = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve(true);
      };
    });
  return { seen, next, stop: () => sub.unsubscribe() };
}

describe('applyPulled', () => {
  it('stores the rows and the cursor together', async () => {
    const store = createSyncStore(db);
    const cursor = { updated_at: '2026-01-02T00:00:00Z', id: 'b2' };
    expect(await store.applyPulled('brands', [brand(1), brand(2)], { cursor })).toBe(2);
    expect(await db.brands.count()).toBe(2);
    expect(await store.getCursor('brands')).toEqual(cursor);
  });

  it('stores a page over the page before it only (`after`), whatever the write path', async () => {
    const store = createSyncStore(db);
    const first = { updated_at: '2026-01-01T00:00:00Z', id: 'x1' };
    const second = { updated_at: '2026-01-02T00:00:00Z', id: 'x2' };
    for (const table of ['brands', 'car_models'] as const) {
      const row = { ...brand(1), id: `${table}-1`, brand_id: 'b1', price_from: 20000 };
      const early = store.applyPulled(table, [row], { cursor: second, after: first });
      await expect(early).rejects.toSatisfy(isOutOfOrder);
      expect(await db.table(table).count()).toBe(0);
      expect(await store.getCursor(table)).toBeNull();
      expect(await store.applyPulled(table, [row], { cursor: first, after: null })).toBe(1);
      expect(
        await store.applyPulled(table, [{ ...row, id: `${table}-2`, slug: 'another' }], {
          cursor: second,
          after: first,
        }),
      ).toBe(1);
      expect(await store.getCursor(table)).toEqual(second);
    }
  });

  it('never overwrites rows with queued ops, whatever the write path', async () => {
    const store = createSyncStore(db);
    const mine = await addBookmark(db, { listingId: 'l1' }, 'mine');
    const written = await store.applyPulled('bookmarks', [{ ...mine, note: 'server' }], { notify: false });
    expect(written).toBe(0);
    expect((await db.bookmarks.get(mine.id))?.note).toBe('mine');
  });

  it('gives pulled listings the derived, indexed fields the marketplace filters on', async () => {
    const store = createSyncStore(db);
    await store.applyPulled('car_models', [
      { id: 'm1', brand_id: 'b1', slug: 'm1', name: 'M1', price_from: 30000, updated_at: '2026-01-01T00:00:00Z' },
    ]);
    await store.applyPulled(
      'vehicle_listings',
      [
        {
          id: 'l1',
          car_model_id: 'm1',
          brand_id: 'b1',
          price: 20000,
          colour: 'Metallic Grey',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ],
      { notify: false },
    );
    const row = await db.vehicle_listings.get('l1');
    expect(row).toMatchObject({ colour_key: 'grey' });
    expect([0, 1]).toContain(Reflect.get(row ?? {}, 'ulez'));
    expect(typeof Reflect.get(row ?? {}, 'annual_tax')).toBe('number');
    expect(await db.vehicle_listings.filter((l) => Reflect.get(l, 'colour_key') === 'grey').count()).toBe(1);
  });

  it('wakes live queries at once by default, and only on notifyChanged with notify: false', async () => {
    const store = createSyncStore(db);
    const watch = watchBrandCount();
    try {
      await watch.next(1000); // initial value
      expect(watch.seen).toEqual([0]);

      await store.applyPulled('brands', [brand(1)]);
      expect(await watch.next(1000)).toBe(true);
      expect(watch.seen.at(-1)).toBe(1);

      await store.applyPulled('brands', [brand(2), brand(3)], { notify: false });
      expect(await watch.next(200)).toBe(false); // nobody was told yet
      expect(watch.seen.at(-1)).toBe(1);

      store.notifyChanged(['brands']);
      expect(await watch.next(1000)).toBe(true);
      expect(watch.seen.at(-1)).toBe(3);
    } finally {
      watch.stop();
    }
  });
});

describe('observeQueue', () => {
  /** Calls of an observeQueue callback, and a way to wait for a given number of them. */
  function watchQueue(delayMs: number) {
    const seen: QueueCounts[] = [];
    let wake: (() => void) | null = null;
    const stop = createSyncStore(db).observeQueue(
      (c) => {
        seen.push(c);
        wake?.();
      },
      { delayMs },
    );
    const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const next = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${seen.length} calls`)), 2000);
        const check = () => {
          if (seen.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        wake = check;
        check();
      });
    return { seen, next, settle, stop };
  }

  it('reports the counts now, then once per burst of queue changes, with the highest seq', async () => {
    const w = watchQueue(100);
    try {
      await w.next(1);
      expect(w.seen).toEqual([{ queued: 0, parked: 0, lastSeq: 0 }]);
      // Three writes within the delay: one report, after all of them.
      await Promise.all([
        addBookmark(db, { listingId: 'l1' }),
        addBookmark(db, { listingId: 'l2' }),
        addBookmark(db, { listingId: 'l3' }),
      ]);
      await w.next(2);
      await w.settle(80);
      expect(w.seen).toEqual([
        { queued: 0, parked: 0, lastSeq: 0 },
        { queued: 3, parked: 0, lastSeq: 3 },
      ]);
      // An ack lowers the count; the highest seq left is reported.
      const ops = await db.outbox.orderBy('seq').toArray();
      await createSyncStore(db).ackOps([ops[2].id]);
      await w.next(3);
      expect(w.seen[2]).toEqual({ queued: 2, parked: 0, lastSeq: 2 });
    } finally {
      w.stop();
    }
  });

  it('ignores writes to other tables, and stops after unsubscribing', async () => {
    const w = watchQueue(0);
    try {
      await w.next(1);
      await createSyncStore(db).applyPulled('brands', [brand(1)]);
      await db.table('brands').put(brand(2));
      await w.settle(60);
      expect(w.seen).toHaveLength(1);
      w.stop();
      await addBookmark(db, { listingId: 'l1' });
      await w.settle(60);
      expect(w.seen).toHaveLength(1);
    } finally {
      w.stop();
    }
  });

  it('sees ops moving to "needs attention"', async () => {
    const w = watchQueue(0);
    try {
      await w.next(1);
      await addBookmark(db, { listingId: 'l1' });
      await w.next(2);
      const [op] = await db.outbox.toArray();
      const store = createSyncStore(db);
      for (let i = 0; i < 3; i++)
        await store.recordFailure(op.id, { code: '42501', message: 'no', nextAttemptAt: 0, failure: 'permanent' });
      await w.settle(60);
      expect(w.seen.at(-1)).toEqual({ queued: 0, parked: 1, lastSeq: 0 });
    } finally {
      w.stop();
    }
  });
});
