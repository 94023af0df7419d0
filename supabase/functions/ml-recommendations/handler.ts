// ml-recommendations: ranks car models for a user from their preference profile and recent search
// interactions, keeps the top 10 in personalized_recommendations for 24 h, and returns them joined
// with the model, its brand and review scores. Contract: supabase/functions/README.md.
// Reads run as the caller (row level security hides unpublished reviews from shoppers) and only count
// published reviews even for an admin; only the write of the user's set uses the service role.
import { z } from 'zod';
import { adminClient, callerClient, identifyCaller, type FunctionEnv } from '../_shared/caller.ts';
import { describeIssues, errorJson, json, preflight, readJson } from '../_shared/http.ts';
import {
  behaviourFrom,
  DEFAULT_PROFILE,
  personalisationScore,
  rankModels,
  type Behaviour,
  type ModelFacts,
  type Profile,
  type Signal,
} from './scoring.ts';

const requestSchema = z.object({
  userId: z.uuid(),
  forceRefresh: z.boolean().optional().default(false),
});

const TOP_N = 10;
const TTL_MS = 24 * 60 * 60 * 1000;
const PAGE = 1000;

export const RECOMMENDATION_SELECT =
  'id, user_id, car_model_id, recommendation_score, reasons, expires_at, clicked, shown_count, created_at, updated_at, ' +
  'car_models(id, slug, name, body_style, fuel_type, price_from, image_url, brand:brands(name, logo_url), reviews(cs_score))';

type Db = ReturnType<typeof adminClient>;

interface ModelRow extends Omit<ModelFacts, 'brand' | 'cs_score'> {
  brand: { name: string } | null;
  reviews: { cs_score: number | string; published: boolean }[];
}

const num = (v: unknown): number | null => (v == null || v === '' ? null : Number(v));

async function loadModels(db: Db): Promise<ModelFacts[]> {
  const out: ModelFacts[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await db
      .from('car_models')
      .select(
        'id, name, brand_id, body_style, fuel_type, price_from, model_year, mpg, ev_range_miles, insurance_group, ' +
          'ncap_stars, seats, boot_litres, zero_to_62, power_bhp, brand:brands(name), reviews(cs_score, published)',
      )
      .eq('reviews.published', true)
      .order('id')
      .range(from, from + PAGE - 1);
    if (error) throw new Error(error.message);
    const rows = (data ?? []) as unknown as ModelRow[];
    for (const r of rows) {
      const scores = (r.reviews ?? []).filter((v) => v.published).map((v) => Number(v.cs_score));
      out.push({
        ...r,
        price_from: Number(r.price_from),
        mpg: num(r.mpg),
        zero_to_62: num(r.zero_to_62),
        brand: r.brand?.name ?? '',
        cs_score: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null,
      });
    }
    if (rows.length < PAGE) return out;
  }
}

async function loadProfile(db: Db, userId: string): Promise<Profile | null> {
  const { data, error } = await db.from('user_preference_profiles').select('*').eq('user_id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  return {
    budget_min: Number(data.budget_min ?? DEFAULT_PROFILE.budget_min),
    budget_max: Number(data.budget_max ?? DEFAULT_PROFILE.budget_max),
    preferred_brands: data.preferred_brands ?? [],
    preferred_fuel_types: data.preferred_fuel_types ?? [],
    preferred_body_styles: data.preferred_body_styles ?? [],
    family_size: Number(data.family_size ?? DEFAULT_PROFILE.family_size),
    driving_style: data.driving_style ?? null,
    priority_features: data.priority_features ?? [],
  };
}

/** Searches (brands named, results opened), bookmarks and recommendation clicks, newest first. */
async function loadBehaviour(db: Db, userId: string, models: ModelFacts[]): Promise<Behaviour> {
  const [searches, bookmarks, clicked] = await Promise.all([
    db
      .from('search_interactions')
      .select('target_car_id, search_filters')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(100),
    db
      .from('bookmarks')
      .select('car_model_id, vehicle_listing_id, vehicle_listings(car_model_id)')
      .eq('user_id', userId)
      .limit(100),
    db.from('personalized_recommendations').select('car_model_id').eq('user_id', userId).eq('clicked', true).limit(100),
  ]);
  const error = searches.error ?? bookmarks.error ?? clicked.error;
  if (error) throw new Error(error.message);
  const signals: Signal[] = [];
  for (const row of searches.data ?? []) {
    const filters = (row.search_filters ?? {}) as { brands?: unknown };
    const brandNames = Array.isArray(filters.brands)
      ? filters.brands.filter((b): b is string => typeof b === 'string')
      : [];
    signals.push({ modelId: row.target_car_id as string | null, brandNames });
  }
  for (const row of (bookmarks.data ?? []) as unknown as {
    car_model_id: string | null;
    vehicle_listings: { car_model_id: string } | null;
  }[]) {
    signals.push({ modelId: row.car_model_id ?? row.vehicle_listings?.car_model_id ?? null, weight: 2 });
  }
  for (const row of clicked.data ?? []) signals.push({ modelId: row.car_model_id as string });
  return behaviourFrom(signals, models);
}

async function current(db: Db, userId: string) {
  const { data, error } = await db
    .from('personalized_recommendations')
    .select(RECOMMENDATION_SELECT)
    .eq('user_id', userId)
    .eq('car_models.reviews.published', true)
    .gt('expires_at', new Date().toISOString())
    .order('recommendation_score', { ascending: false })
    .limit(TOP_N);
  if (error) throw new Error(error.message);
  return (data ?? []) as unknown as Record<string, unknown>[];
}

/** Replaces the user's set with the new top N, keeping clicked/shown_count of models that stay. */
async function store(db: Db, userId: string, ranked: ReturnType<typeof rankModels>): Promise<void> {
  const expires = new Date(Date.now() + TTL_MS).toISOString();
  const { data: existing, error } = await db
    .from('personalized_recommendations')
    .select('id, car_model_id')
    .eq('user_id', userId);
  if (error) throw new Error(error.message);
  const byModel = new Map((existing ?? []).map((r) => [r.car_model_id as string, r.id as string]));
  const keep = new Set<string>();
  const inserts: Record<string, unknown>[] = [];
  for (const r of ranked) {
    const id = byModel.get(r.model.id);
    const values = { recommendation_score: r.score, reasons: r.reasons, expires_at: expires };
    if (id) {
      keep.add(id);
      const { error: e } = await db.from('personalized_recommendations').update(values).eq('id', id);
      if (e) throw new Error(e.message);
    } else {
      inserts.push({ ...values, user_id: userId, car_model_id: r.model.id });
    }
  }
  const stale = (existing ?? []).map((r) => r.id as string).filter((id) => !keep.has(id));
  if (stale.length) {
    const { error: e } = await db.from('personalized_recommendations').delete().in('id', stale);
    if (e) throw new Error(e.message);
  }
  if (inserts.length) {
    const { error: e } = await db.from('personalized_recommendations').insert(inserts);
    if (e) throw new Error(e.message);
  }
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return errorJson(405, 'Use POST.');

  const caller = await identifyCaller(req, env);
  if (caller.kind === 'anonymous') return errorJson(401, 'Please sign in to get recommendations.');
  const parsed = requestSchema.safeParse(await readJson(req));
  if (!parsed.success) return errorJson(400, `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const { userId, forceRefresh } = parsed.data;
  if (caller.kind === 'user' && caller.id !== userId) {
    return errorJson(403, 'You can only get recommendations for your own account.');
  }

  try {
    const db = callerClient(caller, env);
    if (!forceRefresh) {
      const cached = await current(db, userId);
      if (cached.length) {
        const generated = cached
          .map((r) => String(r.updated_at ?? r.created_at))
          .sort()
          .at(-1);
        return json({ recommendations: cached, cached: true, generated_at: generated });
      }
    }
    const models = await loadModels(db);
    const [profile, behaviour] = await Promise.all([loadProfile(db, userId), loadBehaviour(db, userId, models)]);
    const ranked = rankModels(models, profile ?? DEFAULT_PROFILE, behaviour, TOP_N);
    const generatedAt = new Date().toISOString();
    await store(adminClient(env), userId, ranked);
    const personalization = personalisationScore(profile, behaviour.count ?? 0);
    return json({
      recommendations: await current(db, userId),
      cached: false,
      generated_at: generatedAt,
      personalization,
    });
  } catch {
    return errorJson(500, 'Could not generate recommendations. Please try again.');
  }
}
