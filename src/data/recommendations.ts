/**
 * Recommendations on the device: the server's cached rows (personalized_recommendations, unexpired,
 * best first, top 10) and the same scoring module run locally over the local catalogue, the stored
 * profile and local behaviour, for offline use and while a changed profile has not reached the server.
 */
import { useLiveQuery } from './hooks/use-live-query';
import {
  behaviourFrom,
  DEFAULT_PROFILE,
  personalisationScore,
  rankModels,
  type ModelFacts,
  type Personalisation,
  type Profile,
  type Signal,
} from '@/domain/ai/scoring';
import { expertScores } from './catalogue/car-facts';
import type { MotorlyDb } from './db';
import { db as appDb } from './db';
import type { Brand, CarModel, PersonalizedRecommendation, UserPreferenceProfile } from './types';

export const RECOMMENDATIONS_SHOWN = 10;

export interface RecommendationCard {
  /** The server row's id, or null for one worked out on this device. */
  rowId: string | null;
  model: CarModel;
  brand: Brand | undefined;
  score: number;
  reasons: string[];
}

export interface RecommendationsView {
  profile: UserPreferenceProfile | null;
  personalisation: Personalisation;
  /** Unexpired server rows, best first. */
  cached: RecommendationCard[];
  /** The same scoring run here (always available offline). */
  local: RecommendationCard[];
  /** True when the cache is missing or older than the profile. */
  stale: boolean;
  /** The profile has changes the server has not received yet. */
  profilePending: boolean;
}

export function profileOf(p: UserPreferenceProfile | null | undefined): Profile | null {
  if (!p) return null;
  return {
    budget_min: Number(p.budget_min),
    budget_max: Number(p.budget_max),
    preferred_brands: p.preferred_brands ?? [],
    preferred_fuel_types: p.preferred_fuel_types ?? [],
    preferred_body_styles: p.preferred_body_styles ?? [],
    family_size: Number(p.family_size),
    driving_style: p.driving_style,
    priority_features: p.priority_features ?? [],
  };
}

function modelFactsOf(models: CarModel[], brands: Map<string, Brand>, scores: Map<string, number>): ModelFacts[] {
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    brand: brands.get(m.brand_id)?.name ?? '',
    brand_id: m.brand_id,
    body_style: m.body_style,
    fuel_type: m.fuel_type,
    price_from: Number(m.price_from),
    model_year: m.model_year,
    mpg: m.mpg,
    ev_range_miles: m.ev_range_miles,
    insurance_group: m.insurance_group,
    ncap_stars: m.ncap_stars,
    seats: m.seats,
    boot_litres: m.boot_litres,
    zero_to_62: m.zero_to_62,
    power_bhp: m.power_bhp,
    cs_score: scores.get(m.id) ?? null,
  }));
}

/** Behaviour the device knows about: searches, bookmarks and recommendation clicks of this user. */
async function localSignals(store: MotorlyDb, userId: string): Promise<Signal[]> {
  const [searches, bookmarks, recs] = await Promise.all([
    store.search_interactions.where('user_id').equals(userId).toArray(),
    store.bookmarks.where('user_id').equals(userId).toArray(),
    store.personalized_recommendations.where('user_id').equals(userId).toArray(),
  ]);
  const listingModels = new Map(
    (
      await store.vehicle_listings.bulkGet(
        bookmarks.map((b) => b.vehicle_listing_id).filter((id): id is string => !!id),
      )
    )
      .filter((l) => !!l)
      .map((l) => [l!.id, l!.car_model_id]),
  );
  return [
    ...searches.map((s) => ({
      modelId: s.target_car_id,
      brandNames: Array.isArray((s.search_filters as { brands?: unknown }).brands)
        ? (s.search_filters as { brands: string[] }).brands
        : [],
    })),
    ...bookmarks.map((b) => ({
      modelId: b.car_model_id ?? (b.vehicle_listing_id ? listingModels.get(b.vehicle_listing_id) : null),
      weight: 2,
    })),
    ...recs.filter((r) => r.clicked).map((r) => ({ modelId: r.car_model_id })),
  ];
}

export async function loadRecommendations(
  store: MotorlyDb,
  userId: string,
  now = Date.now(),
): Promise<RecommendationsView> {
  const [profileRow, rows, models, brandRows, reviews, pendingOps, signals] = await Promise.all([
    store.user_preference_profiles.where('user_id').equals(userId).first(),
    store.personalized_recommendations.where('user_id').equals(userId).toArray(),
    store.car_models.toArray(),
    store.brands.toArray(),
    store.reviews.toArray(),
    store.outbox
      .where('user_id')
      .equals(userId)
      .filter((op) => op.table === 'user_preference_profiles')
      .count(),
    localSignals(store, userId),
  ]);
  const brands = new Map(brandRows.map((b) => [b.id, b]));
  const byId = new Map(models.map((m) => [m.id, m]));
  const facts = modelFactsOf(models, brands, expertScores(reviews));
  const profile = profileOf(profileRow);
  const behaviour = behaviourFrom(signals, facts);
  const local = rankModels(facts, profile ?? DEFAULT_PROFILE, behaviour, RECOMMENDATIONS_SHOWN).map((s) => ({
    rowId: null,
    model: byId.get(s.model.id)!,
    brand: brands.get(s.model.brand_id),
    score: s.score,
    reasons: s.reasons,
  }));
  const live = rows.filter((r) => Date.parse(r.expires_at) > now && byId.has(r.car_model_id));
  live.sort((a, b) => Number(b.recommendation_score) - Number(a.recommendation_score));
  const cached = live.slice(0, RECOMMENDATIONS_SHOWN).map((r: PersonalizedRecommendation) => {
    const model = byId.get(r.car_model_id)!;
    return {
      rowId: r.id,
      model,
      brand: brands.get(model.brand_id),
      score: Number(r.recommendation_score),
      reasons: (r.reasons ?? []).map(String),
    };
  });
  const newestCache = live.reduce((t, r) => Math.max(t, Date.parse(r.updated_at ?? r.created_at ?? '') || 0), 0);
  const profileChanged = profileRow ? Date.parse(profileRow.last_updated) > newestCache : false;
  return {
    profile: profileRow ?? null,
    personalisation: personalisationScore(profile, behaviour.count ?? 0),
    cached,
    local,
    stale: cached.length === 0 || profileChanged,
    profilePending: pendingOps > 0,
  };
}

export function useRecommendations(userId: string | null): RecommendationsView | null | undefined {
  return useLiveQuery(async () => (userId ? loadRecommendations(appDb, userId) : null), [userId]);
}

/**
 * Server rows from ml-recommendations replace this user's cached set: they are the server's own rows, and
 * a re-ranking deletes the ones it drops. A dropped row goes with its queued or parked feedback (shown,
 * clicked), which the server would refuse; a kept row with feedback still queued stays as it is here.
 */
export async function storeServerRecommendations(
  store: MotorlyDb,
  userId: string,
  rows: PersonalizedRecommendation[],
): Promise<void> {
  const tables = [store.personalized_recommendations, store.outbox, store.needs_attention];
  await store.transaction('rw', tables, async () => {
    const keep = new Set(rows.map((r) => r.id));
    const ofRecommendations = (op: { table: string }) => op.table === 'personalized_recommendations';
    const [queued, parked, old] = await Promise.all([
      store.outbox.where('user_id').equals(userId).filter(ofRecommendations).toArray(),
      store.needs_attention.where('user_id').equals(userId).filter(ofRecommendations).toArray(),
      store.personalized_recommendations.where('user_id').equals(userId).toArray(),
    ]);
    const dropped = (op: { row_id: string }) => !keep.has(op.row_id);
    await Promise.all([
      store.outbox.bulkDelete(queued.filter(dropped).map((op) => op.id)),
      store.needs_attention.bulkDelete(parked.filter(dropped).map((op) => op.id)),
      store.personalized_recommendations.bulkDelete(old.filter((r) => !keep.has(r.id)).map((r) => r.id)),
    ]);
    const pending = new Set(queued.map((op) => op.row_id));
    await store.personalized_recommendations.bulkPut(rows.filter((r) => !pending.has(r.id)));
  });
}
