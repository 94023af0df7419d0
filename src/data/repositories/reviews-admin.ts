// An admin's review writes (create, edit, publish, delete): catalogue rows every client pulls, so a
// published review reaches open clients by realtime; written through the outbox, so an edit made
// offline syncs later. The server allows them to admins only (RLS reviews_admin_write).
import type { MotorlyDb } from '../db';
import { createRow, deleteRow, updateRow } from '../outbox';
import type { Review, ReviewSections } from '../types';

export const REVIEW_SECTION_KEYS: (keyof ReviewSections)[] = [
  'driving',
  'interior',
  'practicality',
  'running_costs',
  'safety',
];
/** Server limits (schema_checks): title 300, author 200, verdict 10,000, at most 20 pros/cons of 500. */
export const REVIEW_LIMITS = { title: 300, author: 200, verdict: 10_000, points: 20, point: 500, section: 10_000 };

export type ReviewDraft = Pick<
  Review,
  'car_model_id' | 'author' | 'title' | 'cs_score' | 'verdict' | 'pros' | 'cons' | 'sections' | 'published'
>;

export type ReviewFormErrors = Partial<
  Record<'car_model_id' | 'author' | 'title' | 'cs_score' | 'verdict' | 'pros' | 'cons' | 'sections', string>
>;

const points = (list: string[]) => list.map((p) => p.trim()).filter(Boolean);

/** What must be fixed before the draft can be saved (empty when it can). */
export function reviewFormErrors(d: ReviewDraft): ReviewFormErrors {
  const e: ReviewFormErrors = {};
  const L = REVIEW_LIMITS;
  if (!d.car_model_id) e.car_model_id = 'Choose the model this review is about.';
  if (!d.title.trim()) e.title = 'Enter a title.';
  else if (d.title.trim().length > L.title) e.title = `The title must be at most ${L.title} characters.`;
  if (!d.author.trim()) e.author = 'Enter the author.';
  else if (d.author.trim().length > L.author) e.author = `The author must be at most ${L.author} characters.`;
  if (
    !Number.isFinite(d.cs_score) ||
    d.cs_score < 0 ||
    d.cs_score > 10 ||
    Math.round(d.cs_score * 10) !== d.cs_score * 10
  )
    e.cs_score = 'The score must be between 0 and 10, in steps of 0.1.';
  if (!d.verdict.trim()) e.verdict = 'Enter the verdict.';
  else if (d.verdict.length > L.verdict) e.verdict = `The verdict must be at most ${L.verdict} characters.`;
  for (const key of ['pros', 'cons'] as const) {
    const list = points(d[key]);
    if (list.length > L.points) e[key] = `At most ${L.points} ${key}.`;
    else if (list.some((p) => p.length > L.point)) e[key] = `Each of the ${key} must be at most ${L.point} characters.`;
  }
  if (REVIEW_SECTION_KEYS.some((k) => d.sections[k].length > L.section))
    e.sections = `Each section must be at most ${L.section} characters.`;
  return e;
}

function clean(d: ReviewDraft) {
  return {
    car_model_id: d.car_model_id,
    author: d.author.trim(),
    title: d.title.trim(),
    cs_score: d.cs_score,
    verdict: d.verdict.trim(),
    pros: points(d.pros),
    cons: points(d.cons),
    sections: {
      driving: d.sections.driving.trim(),
      interior: d.sections.interior.trim(),
      practicality: d.sections.practicality.trim(),
      running_costs: d.sections.running_costs.trim(),
      safety: d.sections.safety.trim(),
    },
    published: d.published,
  };
}

function check(d: ReviewDraft) {
  const errors = Object.values(reviewFormErrors(d));
  if (errors.length) throw new Error(errors[0]);
}

export async function createReview(db: MotorlyDb, d: ReviewDraft): Promise<Review> {
  check(d);
  const now = new Date().toISOString();
  return createRow(
    db,
    'reviews',
    { ...clean(d), published_at: d.published ? now : null, created_by: null, created_at: now, updated_at: now },
    { ownedByUser: false },
  );
}

export async function updateReview(
  db: MotorlyDb,
  id: string,
  d: ReviewDraft,
  wasPublished: boolean,
): Promise<Review | undefined> {
  check(d);
  const publishedAt = d.published && !wasPublished ? { published_at: new Date().toISOString() } : {};
  return updateRow(db, 'reviews', id, { ...clean(d), ...publishedAt });
}

export async function setReviewPublished(db: MotorlyDb, id: string, published: boolean): Promise<Review | undefined> {
  return updateRow(
    db,
    'reviews',
    id,
    published ? { published, published_at: new Date().toISOString() } : { published },
  );
}

export async function deleteReview(db: MotorlyDb, id: string): Promise<void> {
  await deleteRow(db, 'reviews', id);
}
