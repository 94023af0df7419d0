import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { MotorlyDb, SCHEMA_V1 } from './db';
import { createRow, deleteRow, NotSignedInError, updateRow } from './outbox';
import { addBookmark, toggleBookmark } from './repositories/bookmarks';
import { incrementRecommendationShown, SEARCH_INTERACTION_DEFAULTS } from './repositories/activity';
import { recordErrorReport } from './repositories/error-reports';
import { claimSignedOutBookmarks, pendingCountForUser, setSessionUser } from './session';
import { createSyncStore } from './sync-store';
import { priceAlertDraft } from './testing/fixtures';
import { discardParkedOp, retryParkedOp } from './needs-attention';
import { getClientId } from './sync-state';
import { withTestDb } from './testing/test-db';

let db: MotorlyDb;
let n = 0;
const USER = '11111111-1111-4111-8111-111111111111';

withTestDb('test-outbox', (d) => (db = d), USER);

describe('repositories write the row and its op atomically', () => {
  it('create/update/delete append typed ops with increasing seq and one client id', async () => {
    const alert = await createRow(db, 'price_alerts', priceAlertDraft());
    await updateRow(db, 'price_alerts', alert.id, { is_active: false });
    await deleteRow(db, 'price_alerts', alert.id);
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.type, o.table, o.row_id])).toEqual([
      ['create', 'price_alerts', alert.id],
      ['update', 'price_alerts', alert.id],
      ['delete', 'price_alerts', alert.id],
    ]);
    expect(ops.map((o) => o.seq)).toEqual([1, 2, 3]);
    expect(new Set(ops.map((o) => o.client_id)).size).toBe(1);
    expect(ops[0].data).toMatchObject({ id: alert.id, user_id: USER, target_price: 9000 });
    expect(ops[0].data).not.toHaveProperty('updated_at');
    expect(ops[1].data).toEqual({ is_active: false });
    expect(ops.every((o) => o.retries === 0 && o.last_error === null && o.user_id === USER)).toBe(true);
    expect(await db.price_alerts.get(alert.id)).toBeUndefined();
  });

  it('rolls back the row when the op cannot be written (one transaction)', async () => {
    // A duplicate op id makes outbox.add fail inside the transaction.
    const original = crypto.randomUUID.bind(crypto);
    const fixed = '22222222-2222-4222-8222-222222222222';
    await db.outbox.add({
      id: fixed,
      seq: 0,
      client_id: 'x',
      user_id: USER,
      type: 'create',
      table: 'bookmarks',
      row_id: fixed,
      data: {},
      timestamp: 0,
      retries: 0,
      last_error: null,
      last_error_code: null,
      next_attempt_at: 0,
    });
    await getClientId(db); // so the 2nd UUID drawn is the op id (1st: the row id)
    let calls = 0;
    crypto.randomUUID = () =>
      (++calls === 2 ? fixed : original()) as `${string}-${string}-${string}-${string}-${string}`;
    try {
      await expect(addBookmark(db, { carModelId: 'm1' })).rejects.toThrow();
    } finally {
      crypto.randomUUID = original;
    }
    expect(await db.bookmarks.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('increments are applied locally and sent as $inc', async () => {
    await db.personalized_recommendations.put({
      id: 'r1',
      user_id: USER,
      car_model_id: 'm1',
      recommendation_score: 1,
      reasons: [],
      expires_at: '',
      clicked: false,
      shown_count: 2,
    });
    await incrementRecommendationShown(db, 'r1');
    expect((await db.personalized_recommendations.get('r1'))?.shown_count).toBe(3);
    const [op] = await db.outbox.toArray();
    expect(op.data).toEqual({ $inc: { shown_count: 1 } });
  });

  it('refuses user-table writes when signed out, but keeps signed-out bookmarks locally without ops', async () => {
    await setSessionUser(db, null);
    await expect(
      createRow(db, 'search_interactions', {
        ...SEARCH_INTERACTION_DEFAULTS,
        search_query: 'x',
        interaction_type: 'search',
      }),
    ).rejects.toBeInstanceOf(NotSignedInError);
    expect(await toggleBookmark(db, { listingId: 'l1' })).toBe(true);
    expect((await db.bookmarks.toArray())[0].user_id).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sign-in, sign-out', () => {
  it('claims signed-out bookmarks (skipping ones the user already has) and clears on switch', async () => {
    await setSessionUser(db, null);
    await addBookmark(db, { listingId: 'l1' });
    await addBookmark(db, { carModelId: 'm1' });
    await db.bookmarks.put({ id: 'srv', user_id: USER, car_model_id: 'm1', vehicle_listing_id: null, note: '' });
    await setSessionUser(db, USER);
    expect(await claimSignedOutBookmarks(db, USER)).toBe(1);
    const rows = await db.bookmarks.toArray();
    expect(rows).toHaveLength(2);
    expect(rows.every((b) => b.user_id === USER)).toBe(true);
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ type: 'create', table: 'bookmarks', user_id: USER });
    expect(await pendingCountForUser(USER, db)).toBe(1);
    // A queued error report is not one of the user's changes.
    await recordErrorReport(db, { message: 'Offline crash', severity: 'low' });
    expect(await db.outbox.count()).toBe(2);
    expect(await pendingCountForUser(USER, db)).toBe(1);

    await setSessionUser(db, '33333333-3333-4333-8333-333333333333');
    expect(await db.bookmarks.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('needs attention', () => {
  it('parks after the third failure; Retry re-queues with fresh tries; Discard asks for a re-read', async () => {
    const store = createSyncStore(db);
    const b = await addBookmark(db, { listingId: 'l9' });
    const [op] = await db.outbox.toArray();
    const info = { code: '42501', message: 'no', nextAttemptAt: 5, failure: 'permanent' as const };
    expect(await store.recordFailure(op.id, info)).toBe('retry');
    expect(await store.recordFailure(op.id, info)).toBe('retry');
    expect(await store.recordFailure(op.id, info)).toBe('parked');
    expect(await db.outbox.count()).toBe(0);
    expect(await store.parkedRowKeys()).toEqual(new Set([`bookmarks:${b.id}`]));
    expect(await store.resumeTransient()).toBe(0); // permanent ones wait for the user
    await retryParkedOp(db, op.id);
    expect(await db.outbox.get(op.id)).toMatchObject({ retries: 0, seq: op.seq });
    for (let i = 0; i < 3; i++) await store.recordFailure(op.id, info);
    await discardParkedOp(db, op.id);
    expect(await db.needs_attention.count()).toBe(0);
    expect(await store.takeRefetch()).toEqual(new Map([['bookmarks', [b.id]]]));
  });

  it('pulled rows never overwrite rows with pending ops', async () => {
    const store = createSyncStore(db);
    const b = await addBookmark(db, { listingId: 'l1' }, 'mine');
    const written = await store.applyPulled('bookmarks', [
      { ...b, note: 'server' },
      { id: 'other', user_id: USER, car_model_id: 'm2', vehicle_listing_id: null, note: 'server' },
    ]);
    expect(written).toBe(1);
    expect((await db.bookmarks.get(b.id))?.note).toBe('mine');
    expect(await store.applyDeleted('bookmarks', [b.id, 'other'])).toBe(1);
    expect(await db.bookmarks.get(b.id)).toBeDefined();
  });
});

describe('schema upgrade', () => {
  it('v1 -> v2 moves exhausted ops to needs attention and adds compound indexes', async () => {
    const name = `test-upgrade-${++n}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('outbox').bulkAdd([
      { id: 'a', seq: 1, table: 'bookmarks', row_id: 'r1', user_id: USER, retries: 3 },
      { id: 'b', seq: 2, table: 'bookmarks', row_id: 'r2', user_id: USER, retries: 0 },
    ]);
    await v1.table('vehicle_listings').bulkAdd([
      { id: 'l1', brand_id: 'b1', price: 20000 },
      { id: 'l2', brand_id: 'b1', price: 10000 },
    ]);
    v1.close();
    const v2 = new MotorlyDb(name, 2);
    expect((await v2.outbox.toArray()).map((o) => o.id)).toEqual(['b']);
    expect(await v2.needs_attention.get('a')).toMatchObject({ failure: 'transient' });
    const cheap = await v2.vehicle_listings.where('[brand_id+price]').between(['b1', 0], ['b1', 15000]).toArray();
    expect(cheap.map((l) => l.id)).toEqual(['l2']);
    v2.close();
    await Dexie.delete(name);
  });
});
