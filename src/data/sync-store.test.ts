// The store's bulk write path for pulled pages: one transaction with the cursor, pending rows kept,
// and live queries woken only when the engine says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie, liveQuery } from 'dexie';
import { MotorlyDb } from './db';
import { addBookmark } from './repositories/bookmarks';
import { setSessionUser } from './session';
import { createSyncStore } from './sync-store';

let db: MotorlyDb;
let n = 0;
const USER = '11111111-1111-4111-8111-111111111111';
const brand = (i: number) => ({ id: `b${i}`, slug: `brand-${i}`, name: `Brand ${i}`, updated_at: `2026-01-0${i}T00:00:00Z` });

beforeEach(async () => {
  db = new MotorlyDb(`test-sync-store-${++n}`);
  await setSessionUser(db, USER);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

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

  it('never overwrites rows with queued ops, whatever the write path', async () => {
    const store = createSyncStore(db);
    const mine = await addBookmark(db, { listingId: 'l1' }, 'mine');
    const written = await store.applyPulled('bookmarks', [{ ...mine, note: 'server' }], { notify: false });
    expect(written).toBe(0);
    expect((await db.bookmarks.get(mine.id))?.note).toBe('mine');
  });

  it('gives pulled listings the derived, indexed fields the marketplace filters on', async () => {
    const store = createSyncStore(db);
    await store.applyPulled('car_models', [{ id: 'm1', brand_id: 'b1', slug: 'm1', name: 'M1', price_from: 30000, updated_at: '2026-01-01T00:00:00Z' }]);
    await store.applyPulled('vehicle_listings', [{ id: 'l1', car_model_id: 'm1', brand_id: 'b1', price: 20000, colour: 'Metallic Grey', updated_at: '2026-01-01T00:00:00Z' }], { notify: false });
    const row = (await db.vehicle_listings.get('l1')) as unknown as Record<string, unknown>;
    expect(row.colour_key).toBe('grey');
    expect([0, 1]).toContain(row.ulez);
    expect(typeof row.annual_tax).toBe('number');
    expect(await db.vehicle_listings.where('colour_key').equals('grey').count()).toBe(1);
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
