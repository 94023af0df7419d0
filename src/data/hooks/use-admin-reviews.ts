// Every review on this device (an admin's pull includes unpublished ones) with its model's name.
import { db } from '../db';
import type { Review } from '../types';
import { useLiveValue } from './use-live-value';

export interface AdminReviewRow extends Review {
  modelName: string;
}

export interface ModelOption {
  id: string;
  name: string;
}

export interface AdminReviewsView {
  reviews: AdminReviewRow[];
  models: ModelOption[];
}

/** Reviews newest first, and the models a review can be about (brand + model, sorted). */
export function useAdminReviews(): AdminReviewsView | undefined {
  return useLiveValue('admin-reviews', async () => {
    const [brands, models, reviews] = await Promise.all([
      db.brands.toArray(),
      db.car_models.toArray(),
      db.reviews.toArray(),
    ]);
    const brandName = new Map(brands.map((b) => [b.id, b.name]));
    const options = models
      .map((m) => ({ id: m.id, name: `${brandName.get(m.brand_id) ?? ''} ${m.name}`.trim() }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const nameOf = new Map(options.map((o) => [o.id, o.name]));
    const rows = reviews
      .map((r) => ({ ...r, modelName: nameOf.get(r.car_model_id) ?? 'Unknown model' }))
      .sort((a, b) => (b.updated_at ?? b.created_at ?? '').localeCompare(a.updated_at ?? a.created_at ?? ''));
    return { reviews: rows, models: options };
  });
}
