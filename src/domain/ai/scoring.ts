// Scores car models against a user's preference profile and recent behaviour. Pure and deterministic;
// weights add up to 100. ONE module for both sides: the app runs it on the device when offline and the
// ml-recommendations edge function imports it, so relative imports with '.ts' only (Deno has no '@/' alias).
import { formatGBP as formatGbp } from '../../shared/lib/format.ts';
import { DEFAULT_PREFERENCE_PROFILE, type PreferenceProfile } from './preference-profile.ts';

export type Profile = PreferenceProfile;

export interface ModelFacts {
  id: string;
  name: string;
  brand: string;
  brand_id: string;
  body_style: string;
  fuel_type: string;
  price_from: number;
  model_year: number;
  mpg: number | null;
  ev_range_miles: number | null;
  insurance_group: number | null;
  ncap_stars: number | null;
  seats: number;
  boot_litres: number | null;
  zero_to_62: number | null;
  power_bhp: number | null;
  /** Average published expert score out of 10, or null. */
  cs_score: number | null;
}

export interface Behaviour {
  /** Interactions per model id (search result clicks, bookmarks, recommendation clicks). */
  modelHits: Map<string, number>;
  /** Interactions per brand id, through the models above and brands searched for. */
  brandHits: Map<string, number>;
  /** How many interactions the hits came from (the personalisation score caps it at 10). */
  count?: number;
}

/** One behaviour signal: the model it was about (if any) and the brands a search named. */
export interface Signal {
  modelId?: string | null;
  brandNames?: readonly string[];
  /** Bookmarks count double: a stronger signal than a click. */
  weight?: number;
}

/** Behaviour from signals, over the models being scored (unknown ids are ignored). */
export function behaviourFrom(signals: readonly Signal[], models: readonly ModelFacts[]): Behaviour {
  const byId = new Map(models.map((m) => [m.id, m]));
  const brandIdByName = new Map(models.map((m) => [m.brand.toLowerCase(), m.brand_id]));
  const modelHits = new Map<string, number>();
  const brandHits = new Map<string, number>();
  let count = 0;
  for (const s of signals) {
    const w = s.weight ?? 1;
    const model = s.modelId ? byId.get(s.modelId) : undefined;
    let used = false;
    if (model) {
      modelHits.set(model.id, (modelHits.get(model.id) ?? 0) + w);
      brandHits.set(model.brand_id, (brandHits.get(model.brand_id) ?? 0) + w);
      used = true;
    }
    for (const name of s.brandNames ?? []) {
      const id = brandIdByName.get(name.toLowerCase());
      if (!id) continue;
      brandHits.set(id, (brandHits.get(id) ?? 0) + 1);
      used = true;
    }
    if (used) count++;
  }
  return { modelHits, brandHits, count };
}

/** SPEC §9: personalisation score weights basic 20, preferences 30, behaviour 50. */
export const PERSONALISATION_WEIGHTS = { basic: 20, preferences: 30, behaviour: 50 } as const;
export const INTERACTION_CAP = 10;
export const PERSONALISED_ABOVE = 30;

export interface Personalisation {
  score: number;
  basic: number;
  preferences: number;
  behaviour: number;
  interactionCount: number;
  personalised: boolean;
}

/**
 * How much the recommendations know about the user: basic = a stored profile (budget and family
 * size); preferences = a share for each of fuels, body styles, brands, driving style and priorities;
 * behaviour = interactions, capped at 10. Personalised when above 30.
 */
export function personalisationScore(profile: Profile | null, interactionCount: number): Personalisation {
  const W = PERSONALISATION_WEIGHTS;
  const basic = profile && profile.budget_max > 0 && profile.family_size > 0 ? W.basic : 0;
  const filled = profile
    ? [
        profile.preferred_fuel_types.length > 0,
        profile.preferred_body_styles.length > 0,
        profile.preferred_brands.length > 0,
        !!profile.driving_style,
        profile.priority_features.length > 0,
      ].filter(Boolean).length
    : 0;
  const preferences = (W.preferences * filled) / 5;
  const interactions = Math.max(0, Math.min(INTERACTION_CAP, Math.floor(interactionCount)));
  const behaviour = (W.behaviour * interactions) / INTERACTION_CAP;
  const score = Math.round(basic + preferences + behaviour);
  return {
    score,
    basic,
    preferences,
    behaviour,
    interactionCount: interactions,
    personalised: score > PERSONALISED_ABOVE,
  };
}

export interface Scored {
  model: ModelFacts;
  score: number;
  reasons: string[];
}

export const DEFAULT_PROFILE: Readonly<Profile> = DEFAULT_PREFERENCE_PROFILE;

const WEIGHTS = {
  budget: 25,
  fuel: 12,
  body: 12,
  brand: 8,
  family: 8,
  style: 10,
  features: 10,
  review: 10,
  behaviour: 5,
};

const label = (s: string) =>
  s === 'suv' ? 'SUV' : s === 'plugin_hybrid' ? 'Plug-in hybrid' : s.charAt(0).toUpperCase() + s.slice(1);
const withArticle = (s: string) => `${/^[aeiou]/i.test(s) || s === 'SUV' ? 'An' : 'A'} ${s}`;
const isEco = (m: ModelFacts) => m.fuel_type === 'electric' || (m.mpg ?? 0) >= 55;
const isQuick = (m: ModelFacts) => (m.zero_to_62 ?? 99) <= 6.5 || (m.power_bhp ?? 0) >= 250;

function budgetScore(m: ModelFacts, p: Profile): [number, string | null] {
  const price = m.price_from;
  if (price >= p.budget_min && price <= p.budget_max) {
    return [WEIGHTS.budget, `Within your ${formatGbp(p.budget_min)}–${formatGbp(p.budget_max)} budget`];
  }
  if (price < p.budget_min) {
    // Cheaper than asked is fine, but the shopper signalled a higher class of car.
    const gap = (p.budget_min - price) / Math.max(p.budget_min, 1);
    return [WEIGHTS.budget * Math.max(0.4, 1 - gap), `Under budget from ${formatGbp(price)}`];
  }
  const over = (price - p.budget_max) / Math.max(p.budget_max, 1);
  return [WEIGHTS.budget * Math.max(0, 1 - over * 4), null];
}

function styleScore(m: ModelFacts, style: string | null): [number, string | null] {
  switch (style) {
    case 'economical':
      if (m.fuel_type === 'electric') return [WEIGHTS.style, `Electric with ${m.ev_range_miles ?? 0} miles of range`];
      return isEco(m)
        ? [WEIGHTS.style, `Economical at ${m.mpg} mpg`]
        : [(m.mpg ?? 0) >= 45 ? WEIGHTS.style / 2 : 0, null];
    case 'performance':
      return isQuick(m)
        ? [WEIGHTS.style, `Quick: 0-62 mph in ${m.zero_to_62 ?? '?'} s`]
        : [(m.zero_to_62 ?? 99) <= 8 ? WEIGHTS.style / 2 : 0, null];
    case 'comfort':
      return m.body_style === 'suv' || m.body_style === 'sedan' || m.body_style === 'wagon'
        ? [WEIGHTS.style, `Comfortable ${label(m.body_style)} for long journeys`]
        : [WEIGHTS.style / 3, null];
    case 'practical':
      return (m.boot_litres ?? 0) >= 450 || m.seats >= 7
        ? [WEIGHTS.style, `Practical: ${m.boot_litres ?? '?'} litre boot`]
        : [(m.boot_litres ?? 0) >= 350 ? WEIGHTS.style / 2 : 0, null];
    default:
      return [WEIGHTS.style / 2, null];
  }
}

function featureHit(m: ModelFacts, feature: string): string | null {
  switch (feature) {
    case 'Safety Rating':
      return (m.ncap_stars ?? 0) >= 5 ? '5-star Euro NCAP safety rating' : null;
    case 'Fuel Economy':
      return isEco(m) ? (m.fuel_type === 'electric' ? 'Zero tailpipe emissions' : `${m.mpg} mpg fuel economy`) : null;
    case 'Technology':
      return ['electric', 'hybrid', 'plugin_hybrid'].includes(m.fuel_type)
        ? `Modern ${label(m.fuel_type).toLowerCase()} technology`
        : null;
    case 'Reliability':
    case 'Brand Reputation':
      return (m.cs_score ?? 0) >= 8 ? `Highly rated by our experts (${m.cs_score}/10)` : null;
    case 'Performance':
      return isQuick(m) ? `Strong performance (${m.power_bhp ?? '?'} bhp)` : null;
    case 'Comfort':
      return m.body_style === 'suv' || m.body_style === 'sedan' ? 'Comfortable ride' : null;
    case 'Space':
      return (m.boot_litres ?? 0) >= 500 || m.seats >= 7 ? 'Plenty of space' : null;
    default:
      return null;
  }
}

export function scoreModel(m: ModelFacts, p: Profile, b: Behaviour): Scored {
  const reasons: string[] = [];
  let score = 0;
  const add = (points: number, reason: string | null) => {
    score += points;
    if (reason && points > 0) reasons.push(reason);
  };

  add(...budgetScore(m, p));
  const fuels = p.preferred_fuel_types.map((f) => f.toLowerCase());
  if (fuels.length === 0) add(WEIGHTS.fuel / 2, null);
  else if (fuels.includes(m.fuel_type)) add(WEIGHTS.fuel, `Matches your preferred fuel type (${label(m.fuel_type)})`);
  const bodies = p.preferred_body_styles.map((s) => s.toLowerCase());
  if (bodies.length === 0) add(WEIGHTS.body / 2, null);
  else if (bodies.includes(m.body_style)) add(WEIGHTS.body, `${withArticle(label(m.body_style))}, as you prefer`);
  if (p.preferred_brands.some((br) => br.toLowerCase() === m.brand.toLowerCase())) {
    add(WEIGHTS.brand, `From ${m.brand}, one of your preferred brands`);
  }
  if (m.seats >= p.family_size) {
    add(WEIGHTS.family, p.family_size >= 4 ? `${m.seats} seats for your family of ${p.family_size}` : null);
  } else {
    score -= WEIGHTS.family; // a car the family does not fit in is a poor match
  }
  add(...styleScore(m, p.driving_style));
  const features = p.priority_features.slice(0, 4);
  for (const f of features)
    add((WEIGHTS.features / Math.max(features.length, 1)) * (featureHit(m, f) ? 1 : 0), featureHit(m, f));
  if ((m.insurance_group ?? 50) <= 15 && (p.driving_style === 'economical' || features.includes('Fuel Economy'))) {
    reasons.push(`Low insurance group (${m.insurance_group})`);
  }
  // No review yet is no evidence either way: an unreviewed model gets the middle of the scale, not zero.
  if (m.cs_score != null)
    add((m.cs_score / 10) * WEIGHTS.review, m.cs_score >= 7.5 ? `Expert review score ${m.cs_score}/10` : null);
  else add(WEIGHTS.review / 2, null);
  const hits = (b.modelHits.get(m.id) ?? 0) * 2 + (b.brandHits.get(m.brand_id) ?? 0);
  if (hits > 0) add(Math.min(WEIGHTS.behaviour, hits), 'Similar to cars you have looked at');

  return {
    model: m,
    score: Math.round(Math.max(0, Math.min(100, score)) * 1000) / 1000,
    reasons: [...new Set(reasons)],
  };
}

/** The best `limit` models, best first; ties broken by expert score, then price, then id. */
export function rankModels(models: ModelFacts[], p: Profile, b: Behaviour, limit = 10): Scored[] {
  return models
    .map((m) => scoreModel(m, p, b))
    .sort(
      (x, y) =>
        y.score - x.score ||
        (y.model.cs_score ?? 0) - (x.model.cs_score ?? 0) ||
        x.model.price_from - y.model.price_from ||
        x.model.id.localeCompare(y.model.id),
    )
    .slice(0, limit);
}
