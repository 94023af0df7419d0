// The AI search's record: one search_interactions row per search shown, then clicks and time spent,
// each written with its outbox op (the sync engine uploads exactly these ops).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePersonalisationStore } from '@/shared/lib/personalisation';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import { finishSearchInteraction, recordSearchClick, startSearchInteraction } from './search-interactions';

const USER = '11111111-1111-4111-8111-111111111111';
const MODEL = '22222222-2222-4222-8222-222222222222';
const LISTING = '33333333-3333-4333-8333-333333333333';

let db: MotorlyDb;
let n = 0;

const shown = {
  sessionId: 'session-1',
  query: 'family SUV under £25k',
  filters: { bodyStyles: ['suv'], budgetMax: 25000 },
  resultsShown: 12,
  relaxed: ['Budget'],
};

beforeEach(async () => {
  db = new MotorlyDb(`test-search-interactions-${++n}`);
  await setSessionUser(db, USER);
});
afterEach(async () => {
  usePersonalisationStore.getState().setEnabled(true);
  await db.delete();
});

const ops = async () => (await db.outbox.orderBy('seq').toArray()).map((o) => ({ type: o.type, data: o.data }));

describe('startSearchInteraction', () => {
  it('stores the query, filters and results shown, and queues the same row for upload', async () => {
    const id = await startSearchInteraction(db, shown);
    expect(id).toEqual(expect.any(String));
    const row = await db.search_interactions.get(id!);
    expect(row).toMatchObject({
      user_id: USER,
      session_id: 'session-1',
      search_query: 'family SUV under £25k',
      interaction_type: 'ai_search',
      search_filters: { bodyStyles: ['suv'], budgetMax: 25000 },
      results_shown: 12,
      results_clicked: 0,
      time_spent_seconds: 0,
      interaction_data: { relaxed: ['Budget'] },
    });
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'create', table: 'search_interactions', row_id: id, user_id: USER });
    expect(op!.data).toMatchObject({
      search_query: 'family SUV under £25k',
      search_filters: { bodyStyles: ['suv'], budgetMax: 25000 },
      results_shown: 12,
    });
  });

  it('keeps at most 500 characters of the query', async () => {
    const id = await startSearchInteraction(db, { ...shown, query: 'x'.repeat(900) });
    expect((await db.search_interactions.get(id!))!.search_query).toHaveLength(500);
  });

  it('records nothing signed out or with personalisation switched off', async () => {
    usePersonalisationStore.getState().setEnabled(false);
    expect(await startSearchInteraction(db, shown)).toBeNull();
    usePersonalisationStore.getState().setEnabled(true);
    await setSessionUser(db, null);
    expect(await startSearchInteraction(db, shown)).toBeNull();
    expect(await db.search_interactions.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('recordSearchClick and finishSearchInteraction', () => {
  it('counts each click with "$inc" and remembers the car, the listing and the time to click', async () => {
    const id = (await startSearchInteraction(db, shown))!;
    await recordSearchClick(db, id, MODEL, 7, LISTING);
    await recordSearchClick(db, id, MODEL, 11);
    const row = await db.search_interactions.get(id);
    expect(row).toMatchObject({ results_clicked: 2, target_car_id: MODEL, time_spent_seconds: 11 });
    const [, first, second] = await ops();
    expect(first).toEqual({
      type: 'update',
      data: expect.objectContaining({ target_car_id: MODEL, time_spent_seconds: 7, $inc: { results_clicked: 1 } }),
    });
    // An increment, not the local total: a replayed batch cannot count a click twice.
    expect(second!.data).toMatchObject({ time_spent_seconds: 11, $inc: { results_clicked: 1 } });
  });

  it('keeps what the search recorded (relaxed filters, the listing opened) when a click is added', async () => {
    const id = (await startSearchInteraction(db, shown))!;
    await recordSearchClick(db, id, MODEL, 3, LISTING);
    await recordSearchClick(db, id, MODEL, 5);
    const row = await db.search_interactions.get(id);
    expect(row!.interaction_data).toEqual({ relaxed: ['Budget'], listing_id: LISTING });
    const last = (await ops()).at(-1)!;
    expect(last.data.interaction_data).toEqual({ relaxed: ['Budget'], listing_id: LISTING });
  });

  it('stores the time spent when the search is left, through the outbox', async () => {
    const id = (await startSearchInteraction(db, shown))!;
    await finishSearchInteraction(db, id, 42);
    expect((await db.search_interactions.get(id))!.time_spent_seconds).toBe(42);
    expect((await ops()).at(-1)).toEqual({ type: 'update', data: { time_spent_seconds: 42 } });
  });
});
