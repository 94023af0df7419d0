// /recommended's data: the server's cached rows (unexpired, best first, top 10), the same scoring run on
// the device over the local catalogue, profile and behaviour, and the feedback writes (outbox).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../supabase/seed/catalogue';
import { MotorlyDb } from './db';
import { loadRecommendations, RECOMMENDATIONS_SHOWN, storeServerRecommendations } from './recommendations';
import { incrementRecommendationShown, markRecommendationClicked } from './repositories/activity';
import { addBookmark } from './repositories/bookmarks';
import { saveProfile } from './repositories/preferences';
import { setSessionUser } from './session';
import type { PersonalizedRecommendation } from './types';

const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '44444444-4444-4444-8444-444444444444';
const NOW = Date.parse('2026-11-25T12:00:00Z');
const cat = generateCatalogue();
const models = cat.car_models;

let db: MotorlyDb;
let n = 0;

const rec = (i: number, score: number, o: Partial<PersonalizedRecommendation> = {}): PersonalizedRecommendation => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_id: USER,
  car_model_id: models[i]!.id,
  recommendation_score: score,
  reasons: [`reason ${i}`],
  expires_at: new Date(NOW + 3_600_000).toISOString(),
  clicked: false,
  shown_count: 0,
  created_at: new Date(NOW - 60_000).toISOString(),
  updated_at: new Date(NOW - 60_000).toISOString(),
  ...o,
});

beforeEach(async () => {
  db = new MotorlyDb(`test-recommendations-${++n}`);
  await setSessionUser(db, USER);
  await db.brands.bulkPut(cat.brands);
  await db.car_models.bulkPut(models);
  await db.reviews.bulkPut(cat.reviews);
});
afterEach(async () => {
  await db.delete();
});

describe('loadRecommendations: the cached server rows', () => {
  it('shows only unexpired rows, best score first, at most 10', async () => {
    const fresh = Array.from({ length: 13 }, (_, i) => rec(i, 40 + ((i * 7) % 13)));
    const expired = [13, 14].map((i) => rec(i, 99, { expires_at: new Date(NOW - 1).toISOString() }));
    const atNow = rec(15, 98, { expires_at: new Date(NOW).toISOString() });
    const someoneElses = rec(16, 97, { user_id: OTHER });
    await db.personalized_recommendations.bulkPut([...fresh, ...expired, atNow, someoneElses]);

    const view = await loadRecommendations(db, USER, NOW);
    const best = [...fresh].sort((a, b) => b.recommendation_score - a.recommendation_score).slice(0, 10);
    expect(view.cached).toHaveLength(RECOMMENDATIONS_SHOWN);
    expect(view.cached.map((c) => c.rowId)).toEqual(best.map((r) => r.id));
    expect(view.cached.map((c) => c.score)).toEqual(best.map((r) => r.recommendation_score));
    expect(view.cached[0]!.model.id).toBe(best[0]!.car_model_id);
    expect(view.cached[0]!.brand?.id).toBe(models.find((m) => m.id === best[0]!.car_model_id)!.brand_id);
    expect(view.cached[0]!.reasons).toEqual(best[0]!.reasons);
    expect(view.stale).toBe(false);
  });

  it('is stale (ask the function) when nothing unexpired is cached', async () => {
    expect((await loadRecommendations(db, USER, NOW)).stale).toBe(true);
    await db.personalized_recommendations.bulkPut(
      [0, 1].map((i) => rec(i, 80, { expires_at: '2026-11-25T11:00:00Z' })),
    );
    const view = await loadRecommendations(db, USER, NOW);
    expect(view.cached).toEqual([]);
    expect(view.stale).toBe(true);
    // Once the clock is before expiry the same rows count again.
    expect((await loadRecommendations(db, USER, Date.parse('2026-11-25T10:00:00Z'))).stale).toBe(false);
  });

  it('skips a cached row whose model is not in the local catalogue (yet)', async () => {
    await db.personalized_recommendations.bulkPut([
      rec(0, 70),
      { ...rec(1, 90), car_model_id: '99999999-9999-4999-8999-999999999999' },
    ]);
    expect((await loadRecommendations(db, USER, NOW)).cached.map((c) => c.rowId)).toEqual([rec(0, 70).id]);
  });

  it('is stale after the profile changes, and says when that change has not reached the server', async () => {
    // saveProfile stamps last_updated with the real clock: these rows live around it.
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await db.personalized_recommendations.put(rec(0, 70, { expires_at: soon, updated_at: earlier }));
    await saveProfile(db, { family_size: 7 });
    const view = await loadRecommendations(db, USER, Date.now());
    expect(view.cached).toHaveLength(1);
    expect(view.stale).toBe(true); // the profile is newer than the newest cached row
    expect(view.profilePending).toBe(true);
    await db.outbox.clear(); // uploaded
    expect((await loadRecommendations(db, USER, Date.now())).profilePending).toBe(false);
    // A set the server computed after the change is current again.
    await db.personalized_recommendations.put(
      rec(1, 75, { expires_at: soon, updated_at: new Date(Date.now() + 1000).toISOString() }),
    );
    expect((await loadRecommendations(db, USER, Date.now())).stale).toBe(false);
  });
});

describe('loadRecommendations: ranked on the device', () => {
  it('ranks the local catalogue for the stored profile with the shared scoring module', async () => {
    const plain = await loadRecommendations(db, USER, NOW);
    expect(plain.local).toHaveLength(RECOMMENDATIONS_SHOWN);
    expect(plain.local.every((c) => c.rowId === null)).toBe(true);
    expect(plain.personalisation).toMatchObject({ score: 0, personalised: false });

    await saveProfile(db, { family_size: 7, budget_max: 60000, preferred_fuel_types: ['diesel'] });
    const family = await loadRecommendations(db, USER, NOW);
    expect(family.local[0]!.model.seats).toBeGreaterThanOrEqual(7);
    expect(family.local.map((c) => c.model.id)).not.toEqual(plain.local.map((c) => c.model.id));
    expect(family.local[0]!.reasons.length).toBeGreaterThan(0);
    const scores = family.local.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(family.personalisation.preferences).toBeGreaterThan(0);
  });

  it('learns from what this user did on the device (a bookmark counts double)', async () => {
    const before = await loadRecommendations(db, USER, NOW);
    const target = before.local[4]!;
    expect(target.reasons).not.toContain('Similar to cars you have looked at');
    await addBookmark(db, { carModelId: target.model.id });
    const after = await loadRecommendations(db, USER, NOW);
    expect(after.personalisation.interactionCount).toBe(1);
    expect(after.personalisation.behaviour).toBeGreaterThan(before.personalisation.behaviour);
    const card = after.local.find((c) => c.model.id === target.model.id)!;
    expect(card.score).toBeGreaterThan(target.score);
    expect(card.reasons).toContain('Similar to cars you have looked at');
  });
});

describe('recommendation feedback and server rows', () => {
  it('marks a click and counts a showing through the outbox ("$inc", so a replay counts once)', async () => {
    await db.personalized_recommendations.put(rec(0, 70));
    const id = rec(0, 70).id;
    await incrementRecommendationShown(db, id);
    await incrementRecommendationShown(db, id);
    await markRecommendationClicked(db, id);
    expect(await db.personalized_recommendations.get(id)).toMatchObject({ shown_count: 2, clicked: true });
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.type, o.table, o.row_id, o.data])).toEqual([
      ['update', 'personalized_recommendations', id, { $inc: { shown_count: 1 } }],
      ['update', 'personalized_recommendations', id, { $inc: { shown_count: 1 } }],
      ['update', 'personalized_recommendations', id, { clicked: true }],
    ]);
  });

  it('replaces the cached set with the server rows, but keeps a row whose click is still queued', async () => {
    await db.personalized_recommendations.bulkPut([rec(0, 70), rec(1, 60), rec(2, 50)]);
    await markRecommendationClicked(db, rec(1, 60).id);
    await storeServerRecommendations(db, USER, [rec(3, 90), { ...rec(1, 65), clicked: false }]);
    const rows = await db.personalized_recommendations.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([rec(1, 0).id, rec(3, 0).id].sort());
    expect(rows.find((r) => r.id === rec(1, 0).id)).toMatchObject({ clicked: true, recommendation_score: 60 });
  });

  it('issue 34: a row the server dropped goes with its queued and parked feedback (the server would refuse it)', async () => {
    await db.personalized_recommendations.bulkPut([rec(0, 70), rec(1, 60)]);
    await incrementRecommendationShown(db, rec(0, 70).id);
    await incrementRecommendationShown(db, rec(0, 70).id);
    const [first] = await db.outbox.orderBy('seq').toArray();
    await db.transaction('rw', db.outbox, db.needs_attention, async () => {
      await db.outbox.delete(first!.id);
      await db.needs_attention.put({ ...first!, parked_at: NOW, failure: 'permanent' });
    });
    await incrementRecommendationShown(db, rec(1, 60).id);
    await storeServerRecommendations(db, USER, [rec(1, 65), rec(2, 55)]);
    const rows = await db.personalized_recommendations.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([rec(1, 0).id, rec(2, 0).id].sort());
    expect((await db.outbox.toArray()).map((o) => o.row_id)).toEqual([rec(1, 0).id]);
    expect(await db.needs_attention.count()).toBe(0);
  });
});
