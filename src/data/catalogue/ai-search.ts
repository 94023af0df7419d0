/**
 * The AI search's reads: the catalogue vocabulary and model facts (live, from the local store, priced from
 * each model's cheapest car for sale on the server), and listings for a parsed query from the server's
 * search, relaxed filter by filter when nothing matches. Offline both come from what this device holds,
 * and the answer says so.
 */
import { useCatalogueQuery } from './use-catalogue-query';
import type { ParsedQuery, QueryField, Vocabulary } from '@/domain/ai/query-types';
import {
  describeFilter,
  rankCars,
  RELAX_ORDER,
  withoutField,
  type CarFacts,
  type RankedCar,
  type Relaxed,
} from '@/domain/ai/rank';
import { db, type MotorlyDb } from '../db';
import { expertScores, listingFacts, modelFacts } from './car-facts';
import { cashPriceForMonthly } from './listing-costs';
import { emptyListingSearch, listingMatcher, matchContext, type ListingSearch, type ListingSort } from './filters';
import { searchServer } from './query/server-search';
import { fetchModelPrices } from './server-reads';
import type { BrandRow, CarModelRow, ListingRow } from './types';
import { useServerFirst, type AnswerSource } from './use-server-first';

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
 * Live over brands, models and reviews, priced from every model's cheapest car for sale: the server's
 * (asked once per visit to the screen), else the cheapest held on this device.
 */
export function useAiCatalogue(): AiCatalogue | undefined {
  const prices = useServerFirst(
    'ai-model-prices',
    async () => new Map(Object.entries(await fetchModelPrices())),
    () => cheapestByModel(db),
  );
  const map = prices?.value;
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
    ...emptyListingSearch(100),
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
  /** Cars that match: of the whole market from the server, or of the cars held here offline. */
  total: number;
  /** The server's total is an estimate (a large market). */
  estimated: boolean;
  relaxed: Relaxed[];
  /** The ranked cars' rows, by id. */
  rows: Map<string, ListingRow>;
  source: AnswerSource;
}

interface Found {
  rows: ListingRow[];
  total: number;
  estimated: boolean;
}

/** Runs a query's searches (one per named make or model) and joins their answers. */
type SearchRunner = (searches: ListingSearch[]) => Promise<Found>;

/** The server's first page (100) of each search, and their totals. */
const onServer: SearchRunner = async (searches) => {
  const pages = await Promise.all(searches.map((s) => searchServer(s, null, 100)));
  return joined(pages.map((p) => ({ rows: p.rows, total: p.total ?? p.rows.length, estimated: p.estimated })));
};

/** The same searches over the listings held on this device (the filters' local predicate). */
function onDevice(store: MotorlyDb): SearchRunner {
  return async (searches) => {
    const [held, brands, models] = await Promise.all([
      store.vehicle_listings.toArray(),
      store.brands.toArray(),
      store.car_models.toArray(),
    ]);
    const ctx = matchContext(brands, models);
    return joined(
      searches.map((s) => {
        const rows = held.filter(listingMatcher(s, ctx));
        return { rows, total: rows.length, estimated: false };
      }),
    );
  };
}

function joined(parts: Found[]): Found {
  const seen = new Set<string>();
  const rows = parts.flatMap((p) => p.rows).filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  return { rows, total: parts.reduce((n, p) => n + p.total, 0), estimated: parts.some((p) => p.estimated) };
}

/** Ranked listings for a query; filters are dropped in RELAX_ORDER until something matches. */
export async function aiListingResults(
  run: SearchRunner,
  q: ParsedQuery,
  cat: AiCatalogue,
  reference?: CarFacts,
): Promise<Omit<AiListingResults, 'source'>> {
  let query = q;
  const relaxed: Relaxed[] = [];
  const relax = (field: QueryField) => ({ field, label: describeFilter(field, q, AI_RANK_OPTIONS) });
  let found = await run(listingSearchesFor(query, cat, reference));
  const fields = RELAX_ORDER.filter((f) => q[f] !== undefined);
  // Dropping one filter is enough most of the time: try each alone (all at once), least important first.
  if (found.total === 0 && fields.length > 0) {
    const attempts = await Promise.all(
      fields.map((field) =>
        run(listingSearchesFor(withoutField(q, field), cat, field === 'similarTo' ? undefined : reference)),
      ),
    );
    const first = attempts.findIndex((a) => a.total > 0);
    if (first >= 0) {
      found = attempts[first];
      query = withoutField(q, fields[first]);
      relaxed.push(relax(fields[first]));
    }
  }
  // Otherwise drop them one after another.
  for (const field of fields) {
    if (found.total > 0) break;
    relaxed.push(relax(field));
    query = withoutField(query, field);
    found = await run(listingSearchesFor(query, cat, query.similarTo ? reference : undefined));
  }
  const brands = new Map([...cat.brandById.values()].map((b) => [b.id, b]));
  const facts = found.rows.map((l) =>
    listingFacts(l, cat.modelById.get(l.car_model_id), brands.get(l.brand_id), cat.scores.get(l.car_model_id)),
  );
  const ranked = rankCars(facts, query, { ...AI_RANK_OPTIONS, limit: 12 }, query.similarTo ? reference : undefined);
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  return {
    results: ranked.results,
    total: found.total,
    estimated: found.estimated,
    relaxed: [...relaxed, ...ranked.relaxed],
    rows: new Map(ranked.results.flatMap((r) => (byId.has(r.car.id) ? [[r.car.id, byId.get(r.car.id)!]] : []))),
  };
}

/** The ranked cars for a query: the server's when online, else from the cars held here (undefined while loading). */
export function useAiListingResults(
  q: ParsedQuery | undefined,
  cat: AiCatalogue | undefined,
  reference?: CarFacts,
): AiListingResults | undefined {
  const key = JSON.stringify([q, reference?.id, cat ? cat.models.length : 0]);
  const answer = useServerFirst(
    key,
    async () => (q && cat ? aiListingResults(onServer, q, cat, reference) : undefined),
    async () => (q && cat ? aiListingResults(onDevice(db), q, cat, reference) : undefined),
  );
  return answer?.value ? { ...answer.value, source: answer.source } : undefined;
}
