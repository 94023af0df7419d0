import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import { createReview, deleteReview, reviewFormErrors, setReviewPublished, type ReviewDraft } from './reviews-admin';
import { withTestDb } from '../testing/test-db';

const ADMIN = '11111111-1111-4111-8111-111111111111';
const MODEL = '33333333-3333-4333-8333-333333333333';
let db: MotorlyDb;
withTestDb('reviews-admin', (d) => (db = d));

const draft = (over: Partial<ReviewDraft> = {}): ReviewDraft => ({
  car_model_id: MODEL,
  author: 'Expert',
  title: 'Good car',
  cs_score: 8.5,
  verdict: 'Buy it.',
  pros: ['Quiet', ' '],
  cons: ['Dear'],
  sections: { driving: 'Fine', interior: '', practicality: '', running_costs: '', safety: '' },
  published: false,
  ...over,
});

describe('admin review writes', () => {
  it('validate model, title, score and verdict', () => {
    expect(reviewFormErrors(draft())).toEqual({});
    const e = reviewFormErrors(draft({ car_model_id: '', title: ' ', cs_score: 10.5, verdict: '' }));
    expect(Object.keys(e).sort()).toEqual(['car_model_id', 'cs_score', 'title', 'verdict']);
    expect(reviewFormErrors(draft({ cs_score: 7.25 })).cs_score).toBeDefined();
    expect(reviewFormErrors(draft({ pros: Array.from({ length: 21 }, (_, i) => `p${i}`) })).pros).toBe(
      'At most 20 pros.',
    );
  });

  it('create, publish and delete through the outbox', async () => {
    await setSessionUser(db, ADMIN);
    const r = await createReview(db, draft());
    expect(r.pros).toEqual(['Quiet']);
    await setReviewPublished(db, r.id, true);
    expect((await db.reviews.get(r.id))?.published_at).toBeTruthy();
    await deleteReview(db, r.id);
    const ops = (await db.outbox.orderBy('seq').toArray()).map((op) => [op.type, op.table]);
    expect(ops).toEqual([
      ['create', 'reviews'],
      ['update', 'reviews'],
      ['delete', 'reviews'],
    ]);
    await expect(createReview(db, draft({ title: '' }))).rejects.toThrow('Enter a title.');
  });
});
