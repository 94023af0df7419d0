import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createRow, createSyncStore, setSessionUser, type SyncStore } from '@/data/sync-queue';
import { changeApplier } from './realtime';

let db: MotorlyDb;
let store: SyncStore;
let n = 0;
beforeEach(async () => {
  db = new MotorlyDb(`realtime-${++n}`);
  await setSessionUser(db, null);
  store = createSyncStore(db);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const tombstone = (table_name: string, row_id: string) =>
  ({ eventType: 'INSERT', new: { id: crypto.randomUUID(), table_name, row_id }, old: {} }) as never;

describe('realtime tombstones', () => {
  it('a new tombstone removes the row it names (an unpublished review) and says so', async () => {
    await store.applyPulled('reviews', [{ id: 'r1', updated_at: '2026-01-01T00:00:00Z' }]);
    await store.applyPulled('reviews', [{ id: 'r2', updated_at: '2026-01-01T00:00:00Z' }]);
    const changes: unknown[] = [];
    const apply = changeApplier({
      store,
      onError: (e) => changes.push(e),
      onChange: (table, type, rowId) => changes.push([table, type, rowId]),
    });
    await apply('deleted_rows', tombstone('reviews', 'r1'));
    expect(await db.reviews.get('r1')).toBeUndefined();
    expect(await db.reviews.get('r2')).toBeDefined();
    expect(changes).toEqual([['reviews', 'DELETE', 'r1']]);
  });

  it('ignores tables this device does not sync and keeps rows with pending local ops', async () => {
    await setSessionUser(db, '11111111-1111-4111-8111-111111111111');
    const id = crypto.randomUUID();
    await createRow(db, 'bookmarks', { id, vehicle_listing_id: crypto.randomUUID(), car_model_id: null, note: '' });
    const changes: unknown[] = [];
    const apply = changeApplier({ store, onError: (e) => changes.push(e), onChange: (...c) => changes.push(c) });
    await apply('deleted_rows', tombstone('security_events', crypto.randomUUID()));
    await apply('deleted_rows', tombstone('bookmarks', id));
    expect(await db.bookmarks.get(id)).toBeDefined();
    expect(changes).toEqual([['bookmarks', 'DELETE', id]]);
  });
});

describe('realtime bursts', () => {
  it('writes a burst of tombstones in one store call, and still reports each row', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `r${i}`);
    await store.applyPulled(
      'reviews',
      ids.map((id) => ({ id, updated_at: '2026-01-01T00:00:00Z' })),
    );
    const calls: string[][] = [];
    const counting: SyncStore = {
      ...store,
      applyDeleted: (table, rowIds) => {
        calls.push([...rowIds]);
        return store.applyDeleted(table, rowIds);
      },
    };
    const changes: unknown[] = [];
    const apply = changeApplier({
      store: counting,
      onError: (e) => changes.push(e),
      onChange: (...c) => changes.push(c),
    });
    // Arriving together, as a batch's echo does: not awaited one by one.
    await Promise.all(ids.map((id) => apply('deleted_rows', tombstone('reviews', id))));
    expect(await db.reviews.count()).toBe(0);
    expect(calls.length).toBeLessThanOrEqual(2);
    expect(calls.flat()).toEqual(ids);
    expect(changes).toEqual(ids.map((id) => ['reviews', 'DELETE', id]));
  });

  it('a change that fails to write is reported, asks for a catch-up pull, and the next change still applies', async () => {
    const events: unknown[] = [];
    let failNext = true;
    const failing: SyncStore = {
      ...store,
      applyPulled: (table, rows, o) => {
        if (!failNext) return store.applyPulled(table, rows, o);
        failNext = false;
        return Promise.reject(new Error('IndexedDB write failed'));
      },
    };
    const apply = changeApplier({
      store: failing,
      onError: (e) => events.push(e.type),
      onApplyFailed: () => events.push('catch-up'),
    });
    const row = (id: string) => ({ id, updated_at: '2026-01-01T00:00:00Z', price: 1 });
    await apply('vehicle_listings', { eventType: 'INSERT', new: row('a'), old: {} } as never);
    await apply('vehicle_listings', { eventType: 'INSERT', new: row('b'), old: {} } as never);
    expect(events).toEqual(['sync-error', 'catch-up']);
    expect(await db.vehicle_listings.get('a')).toBeUndefined();
    expect(await db.vehicle_listings.get('b')).toBeDefined();
  });

  it('keeps arrival order across kinds: an insert after a deletion of the same row brings it back', async () => {
    const apply = changeApplier({ store, onError: (e) => expect.fail(String(e.cause)) });
    const row = (id: string, price: number) => ({ id, updated_at: '2026-01-01T00:00:00Z', price });
    await Promise.all([
      apply('vehicle_listings', { eventType: 'INSERT', new: row('a', 1), old: {} } as never),
      apply('vehicle_listings', { eventType: 'UPDATE', new: row('a', 2), old: { id: 'a' } } as never),
      apply('vehicle_listings', { eventType: 'INSERT', new: row('b', 1), old: {} } as never),
      apply('deleted_rows', tombstone('vehicle_listings', 'b')),
      apply('vehicle_listings', { eventType: 'DELETE', new: {}, old: { id: 'a' } } as never),
      apply('vehicle_listings', { eventType: 'INSERT', new: row('a', 3), old: {} } as never),
    ]);
    expect(await db.vehicle_listings.get('a')).toMatchObject({ price: 3 });
    expect(await db.vehicle_listings.get('b')).toBeUndefined();
  });
});
