/**
 * The AI search's reads of the local store: the catalogue vocabulary and model facts (live), and
 * marketplace listings for a parsed query through the indexed listing search, relaxed filter by
 * filter when nothing matches. Works offline: it reads only IndexedDB.
 */
import { useEffect, useState } from 'react';
import { useCatalogueQuery } from './use-catalogue-query';
import type { ParsedQuery, QueryField, Vocabulary } from '@/shared/lib/ai/query-types';
import {
  describeFilter,
  rankCars,
  RELAX_ORDER,
  withoutField,
  type CarFacts,
  type RankedCar,
  type Relaxed,
} from '@/shared/lib/ai/rank';
import { db, type MotorlyDb } from '../db';
import { expertScores, listingFacts, modelFacts } from './car-facts';
import { cashPriceForMonthly } from './listing-costs';
import { searchListings, type ListingSearch, type ListingSort } from './listing-search';
import type { BrandRow, CarModelRow } from './types';

export interface AiCatalogue {
  vocabulary: Vocabulary;
  /** One entry per model, priced from its cheapest listing when that is below the list price. */
  models: CarFacts[];
  modelById: Map<string, CarModelRow>;
  brandById: Map<string, BrandRow>;
  scores: Map<string, number>;
}

export const AI_RANK_OPTIONS = { cashForMonthly: cashPriceForMonthly } as const;

/** Cheapest asking price per model, from the [car_model_id+price] index keys alone (no rows read). */
async function cheapestByModel(store: MotorlyDb): Promise<Map<string, number>> {
  const keys = await store.vehicle_listings.orderBy('[car_model_id+price]').keys();
  const out = new Map<string, number>();
  for (const key of keys) {
    if (!Array.isArray(key)) continue;
    const [modelId, price]: unknown[] = key;
    if (typeof modelId === 'string' && typeof price === 'number' && !out.has(modelId)) out.set(modelId, price);
  }
  return out;
}

export async function loadAiCatalogue(store: MotorlyDb = db, cheapest?: Map<string, number>): Promise<AiCatalogue> {
  const [brands, models, reviews, prices] = await Promise.all([
    store.brands.toArray(),
    store.car_models.toArray(),
    store.reviews.toArray(),
    cheapest ?? cheapestByModel(store),
  ]);
  const brandById = new Map(brands.map((b) => [b.id, b]));
  const scores = expertScores(reviews);
  return {
    vocabulary: {
      brands: brands.map((b) => ({ name: b.name, country: b.country })),
      models: models.map((m) => ({ name: m.name, brand: brandById.get(m.brand_id)?.name ?? '' })),
    },
    models: models.map((m) => modelFacts(m, brandById.get(m.brand_id), scores.get(m.id), prices.get(m.id))),
    modelById: new Map(models.map((m) => [m.id, m])),
    brandById,
    scores,
  };
}

/**
 * Live over brands, models and reviews. The cheapest-listing prices are read once per listing count
 * (not live): a live read of the whole listing index re-ran on every synced listing.
 */
export function useAiCatalogue(): AiCatalogue | undefined {
  const listingCount = useCatalogueQuery(() => db.vehicle_listings.count(), []);
  const [prices, setPrices] = useState<{ count: number; map: Map<string, number> } | undefined>();
  useEffect(() => {
    if (listingCount === undefined) return;
    let live = true;
    void cheapestByModel(db).then(
      (map) => live && setPrices({ count: listingCount, map }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [listingCount]);
  const map = prices?.map;
  return useCatalogueQuery(async () => (map ? loadAiCatalogue(db, map) : undefined), [map]);
}

const SORTS: Partial<Record<NonNullable<ParsedQuery['sort']>, ListingSort>> = {
  price_asc: 'price-asc',
  price_desc: 'price-desc',
  mileage_asc: 'mileage',
  newest: 'newest',
};

/** The listing searches (one per named make or model) a parsed query becomes. */
export function listingSearchesFor(q: ParsedQuery, cat: AiCatalogue, reference?: CarFacts): ListingSearch[] {
  const base: ListingSearch = {
    priceMode: q.monthlyBudgetMax !== undefined && q.budgetMax === undefined ? 'monthly' : 'cash',
    priceMin: q.budgetMin,
    priceMax: q.budgetMax,
    monthlyMax: q.monthlyBudgetMax,
    yearMin: q.minYear,
    mileageMax: q.maxMileage,
    body: q.bodyStyles ?? (reference ? [reference.body] : []),
    fuel: q.fuelTypes ?? [],
    gearbox: q.gearbox,
    colour: [],
    seatsMin: q.seatsMin,
    taxMax: q.maxAnnualTax,
    insuranceMax: q.maxInsuranceGroup,
    ulez: q.ulezCompliant === true,
    sort: (q.sort && SORTS[q.sort]) ?? 'relevance',
    page: 1,
    pageSize: 100,
  };
  if (reference && q.sort === 'price_asc') base.priceMax = Math.min(base.priceMax ?? Infinity, reference.price - 1);
  const brandSlug = new Map([...cat.brandById.values()].map((b) => [b.name, b.slug]));
  const named = (q.models ?? []).flatMap((name) =>
    [...cat.modelById.values()]
      .filter((m) => m.name === name)
      .map((m) => ({ make: cat.brandById.get(m.brand_id)?.slug, model: m.slug })),
  );
  const modelBrands = new Set(named.map((n) => n.make));
  const makes = (q.brands ?? []).map((b) => brandSlug.get(b)).filter((s): s is string => !!s && !modelBrands.has(s));
  const targets = [...named, ...makes.map((make) => ({ make, model: undefined }))];
  if (targets.length === 0 || targets.length > 6) return [base];
  return targets.map((t) => ({ ...base, make: t.make, model: t.model }));
}

export interface AiListingResults {
  results: RankedCar[];
  total: number;
  relaxed: Relaxed[];
}

async function runSearches(store: MotorlyDb, searches: ListingSearch[]) {
  const pages = await Promise.all(searches.map((s) => searchListings(store, s)));
  const seen = new Set<string>();
  const rows = pages.flatMap((p) => p.rows).filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  return { rows, total: pages.reduce((n, p) => n + p.total, 0) };
}

/** Ranked listings for a query; filters are dropped in RELAX_ORDER until something matches. */
export async function aiListingResults(
  store: MotorlyDb,
  q: ParsedQuery,
  cat: AiCatalogue,
  reference?: CarFacts,
): Promise<AiListingResults> {
  let query = q;
  const relaxed: Relaxed[] = [];
  const relax = (field: QueryField) => ({ field, label: describeFilter(field, q, AI_RANK_OPTIONS) });
  let found = await runSearches(store, listingSearchesFor(query, cat, reference));
  const fields = RELAX_ORDER.filter((f) => q[f] !== undefined);
  // Dropping one filter is enough most of the time: try each alone, least important first.
  for (const field of fields) {
    if (found.total > 0) break;
    const next = withoutField(q, field);
    const attempt = await runSearches(
      store,
      listingSearchesFor(next, cat, field === 'similarTo' ? undefined : reference),
    );
    if (attempt.total > 0) {
      found = attempt;
      query = next;
      relaxed.push(relax(field));
    }
  }
  // Otherwise drop them one after another.
  for (const field of fields) {
    if (found.total > 0) break;
    relaxed.push(relax(field));
    query = withoutField(query, field);
    found = await runSearches(store, listingSearchesFor(query, cat, query.similarTo ? reference : undefined));
  }
  const brands = new Map([...cat.brandById.values()].map((b) => [b.id, b]));
  const facts = found.rows.map((l) =>
    listingFacts(l, cat.modelById.get(l.car_model_id), brands.get(l.brand_id), cat.scores.get(l.car_model_id)),
  );
  const ranked = rankCars(facts, query, { ...AI_RANK_OPTIONS, limit: 12 }, query.similarTo ? reference : undefined);
  return { results: ranked.results, total: found.total, relaxed: [...relaxed, ...ranked.relaxed] };
}

export function useAiListingResults(
  q: ParsedQuery | undefined,
  cat: AiCatalogue | undefined,
  reference?: CarFacts,
): AiListingResults | undefined {
  const key = JSON.stringify([q, reference?.id, cat ? cat.models.length : 0]);
  return useCatalogueQuery(async () => (q && cat ? aiListingResults(db, q, cat, reference) : undefined), [key]);
}
