// Recommendation feedback (shown_count, clicked) on rows the server no longer has (issue 34): /recommended
// counted every card as shown on every visit; when the cached rows were ones the server had replaced or
// never had (a re-ranking elsewhere, a reset database), each write came back 42501, parked in "needs
// attention" and kept the stale row on the device, so the next visit wrote (and parked) ten more.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createSyncStore, setSessionUser } from '@/data/sync-queue';
import type { PersonalizedRecommendation } from '@/data/types';
import { updateRow } from '@/data/outbox';
import { incrementRecommendationShown } from '@/data/repositories/activity';
import { SyncEngine, type SyncEvent } from './engine';
import { FakeClock, FakeServer } from './testing/fake-server';

const USER = '55555555-5555-4555-8555-555555555555';
let n = 0;
let db: MotorlyDb;
let server: FakeServer;
let clock: FakeClock;
let engine: SyncEngine;
let events: SyncEvent[];

const settle = () => engine.whenIdle();

const rec = (i: number): PersonalizedRecommendation => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_id: USER,
  car_model_id: `model-${i}`,
  recommendation_score: 90 - i,
  reasons: [],
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  clicked: false,
  shown_count: 0,
  updated_at: '2026-11-25T12:00:00.000000+00:00',
});

/** A row this device cached that the server no longer has: updating it is refused as apply_mutations does. */
async function staleCachedRow(i: number): Promise<PersonalizedRecommendation> {
  const row = rec(i);
  await db.personalized_recommendations.put(row);
  server.forbiddenRows.add(row.id);
  return row;
}

function newEngine(): SyncEngine {
  return new SyncEngine({
    store: createSyncStore(db),
    transport: server.transport(),
    clock,
    isOnline: () => true,
    onEvent: (e) => events.push(e),
    catalogueTables: [],
    userTables: [],
  });
}

beforeEach(async () => {
  db = new MotorlyDb(`recommendation-feedback-${++n}`);
  await setSessionUser(db, USER);
  server = new FakeServer();
  clock = new FakeClock();
  events = [];
  engine = newEngine();
});
afterEach(async () => {
  engine.stop();
  await db.delete();
});

describe('issue 34: /recommended feedback the server refuses never reaches "needs attention"', () => {
  it('drops a refused "shown" write and removes the stale row, so the next visit writes nothing for it', async () => {
    const gone = await staleCachedRow(1);
    const kept = rec(2);
    server.upsertRow('personalized_recommendations', { ...kept });
    await db.personalized_recommendations.put(kept);
    await incrementRecommendationShown(db, gone.id);
    await incrementRecommendationShown(db, kept.id);
    engine.start();
    await settle();
    for (let i = 0; i < 3; i++) await clock.advance(5000, settle);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.needs_attention.count()).toBe(0);
    expect(events.filter((e) => e.type === 'sync-failed')).toEqual([]);
    expect(await db.personalized_recommendations.get(gone.id)).toBeUndefined();
    expect(await db.personalized_recommendations.get(kept.id)).toMatchObject({ shown_count: 1 });
    expect(server.table('personalized_recommendations').get(kept.id)).toMatchObject({ shown_count: 1 });
  });

  it('clears refused recommendation writes an older version parked, and the rows they kept', async () => {
    const gone = await staleCachedRow(3);
    const store = createSyncStore(db);
    await incrementRecommendationShown(db, gone.id);
    const [op] = await db.outbox.toArray();
    for (let i = 0; i < 3; i++)
      await store.recordFailure(op.id, { code: '42501', message: 'no', nextAttemptAt: 0, failure: 'permanent' });
    expect(await db.needs_attention.count()).toBe(1);
    engine.start();
    await settle();
    await clock.advance(5000, settle);
    expect(await db.needs_attention.count()).toBe(0);
    expect(await db.personalized_recommendations.get(gone.id)).toBeUndefined();
  });

  it('still parks a refused write the user can act on (a bookmark)', async () => {
    const id = crypto.randomUUID();
    server.forbiddenRows.add(id);
    await db.bookmarks.put({ id, user_id: USER, vehicle_listing_id: 'l1', car_model_id: null, note: '' } as never);
    await updateRow(db, 'bookmarks', id, { note: 'x' } as never);
    engine.start();
    await settle();
    for (let i = 0; i < 3; i++) await clock.advance(5000, settle);
    expect(await db.needs_attention.count()).toBe(1);
  });
});
