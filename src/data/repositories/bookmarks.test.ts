// The bookmark toggle is one transaction (row + op commit together or not at all) and keeps the
// client's sequence numbers unique and in commit order, also when toggles overlap.
import { describe, expect, it } from 'vitest';
import { liveQuery } from 'dexie';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import { getClientId } from '../sync-state';
import { findBookmark, toggleBookmark } from './bookmarks';
import { withTestDb } from '../testing/test-db';

let db: MotorlyDb;
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

withTestDb('test-bookmarks', (d) => (db = d), USER);

describe('toggleBookmark', () => {
  it('alternates create and delete ops for the same row target, seq 1, 2, 3 ...', async () => {
    const target = { listingId: 'l1' };
    const states: boolean[] = [];
    for (let i = 0; i < 4; i++) states.push(await toggleBookmark(db, target));
    expect(states).toEqual([true, false, true, false]);
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.seq, o.type, o.table])).toEqual([
      [1, 'create', 'bookmarks'],
      [2, 'delete', 'bookmarks'],
      [3, 'create', 'bookmarks'],
      [4, 'delete', 'bookmarks'],
    ]);
    // Each delete removes the row its create added; a new create is a new row.
    expect(ops[1].row_id).toBe(ops[0].row_id);
    expect(ops[3].row_id).toBe(ops[2].row_id);
    expect(ops[2].row_id).not.toBe(ops[0].row_id);
    expect(ops[0].data).toMatchObject({
      id: ops[0].row_id,
      user_id: USER,
      vehicle_listing_id: 'l1',
      car_model_id: null,
      note: '',
    });
    expect(new Set(ops.map((o) => o.client_id))).toEqual(new Set([await getClientId(db)]));
    expect(await db.bookmarks.count()).toBe(0);
    expect((await db.sync_state.get('seq'))?.value).toBe(4);
  });

  it('overlapping toggles get unique seqs in the order their transactions commit', async () => {
    const targets = Array.from({ length: 12 }, (_, i) => (i % 2 ? { carModelId: `m${i}` } : { listingId: `l${i}` }));
    const results = await Promise.all(targets.map((t) => toggleBookmark(db, t)));
    expect(results.every(Boolean)).toBe(true);
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => o.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(ops.map((o) => o.row_id)).size).toBe(12);
    // Timestamps follow seq: a later seq was never written before an earlier one.
    for (let i = 1; i < ops.length; i++) expect(ops[i].timestamp).toBeGreaterThanOrEqual(ops[i - 1].timestamp);
    // Now the other way round, again overlapping: every row gone, 12 delete ops after the creates.
    await Promise.all(targets.map((t) => toggleBookmark(db, t)));
    const all = await db.outbox.orderBy('seq').toArray();
    expect(all.slice(12).map((o) => o.type)).toEqual(Array(12).fill('delete'));
    expect(all.map((o) => o.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(await db.bookmarks.count()).toBe(0);
  });

  it('keeps the row when its op cannot be written (one transaction)', async () => {
    await toggleBookmark(db, { listingId: 'l1' });
    const [created] = await db.outbox.toArray();
    // Make the next op's id collide with the existing op so outbox.add fails inside the toggle.
    const original = crypto.randomUUID.bind(crypto);
    crypto.randomUUID = () => created.id as `${string}-${string}-${string}-${string}-${string}`;
    try {
      await expect(toggleBookmark(db, { listingId: 'l1' })).rejects.toThrow();
    } finally {
      crypto.randomUUID = original;
    }
    expect(await db.bookmarks.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.sync_state.get('seq'))?.value).toBe(1);
    expect(await findBookmark(db, { listingId: 'l1' })).toBeDefined();
  });

  it("signed out: a local row and no op; another account's row is not this user's bookmark", async () => {
    await setSessionUser(db, null);
    expect(await toggleBookmark(db, { listingId: 'l1' })).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.bookmarks.toArray()).map((b) => b.user_id)).toEqual([null]);
    expect(await toggleBookmark(db, { listingId: 'l1' })).toBe(false);
    expect(await db.bookmarks.count()).toBe(0);

    await setSessionUser(db, USER);
    await db.bookmarks.put({
      id: 'x',
      user_id: OTHER,
      car_model_id: null,
      vehicle_listing_id: 'l2',
      note: '',
      created_at: '',
    });
    expect(await findBookmark(db, { listingId: 'l2' })).toBeUndefined();
    expect(await toggleBookmark(db, { listingId: 'l2' })).toBe(true);
    expect(
      (await db.bookmarks.where('vehicle_listing_id').equals('l2').toArray()).map((b) => b.user_id).sort(),
    ).toEqual([USER, OTHER].sort());
  });
});

describe('findBookmark in a live query', () => {
  it('answers again when the bookmark or the signed-in user changes', async () => {
    const seen: boolean[] = [];
    let wake: (() => void) | null = null;
    const sub = liveQuery(async () => (await findBookmark(db, { listingId: 'l1' })) !== undefined).subscribe({
      next: (v) => {
        seen.push(v);
        wake?.();
      },
    });
    const next = (count: number) =>
      new Promise<void>((resolve) => {
        if (seen.length >= count) return resolve();
        wake = () => seen.length >= count && resolve();
      });
    try {
      await next(1);
      await toggleBookmark(db, { listingId: 'l1' });
      await next(2);
      // Another account signs in: the user's rows are cleared and the answer follows the new user.
      await setSessionUser(db, OTHER);
      await next(3);
      expect(seen).toEqual([false, true, false]);
    } finally {
      sub.unsubscribe();
    }
  });
});
