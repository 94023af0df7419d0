/**
 * Hooks for the catalogue screens. The small tables (brands, models, reviews, dealers) and the listings a
 * device holds are read live from the local store; what needs every listing for sale (a model's cars, the
 * biggest price drops, price indicators) is asked of the server, falling back to the held rows offline.
 */
import { useMemo, useState } from 'react';
import { useCatalogueQuery } from './use-catalogue-query';
import { useAnsweredCatalogueLookup } from './use-catalogue-lookup';
import { priceIndicator, type PriceIndicator } from '@/domain/uk';
import { db, type MotorlyDb } from '../db';
import { emptyListingSearch } from './filters';
import { searchServer } from './query/server-search';
import { useListingIndicators } from './use-listing-indicators';
import { RowsById } from './rows-by-id';
import { useServerFirst, type AnswerSource, type SourcedAnswer } from './use-server-first';
import type { BrandRow, CarModelRow, DealerRow, ListingRow, PriceHistoryRow, ReviewRow } from './types';

/** Brands and models: what most screens join their rows with. */
export interface CatalogueModels {
  brands: BrandRow[];
  models: CarModelRow[];
  brandById: ReadonlyMap<string, BrandRow>;
  modelById: ReadonlyMap<string, CarModelRow>;
}

export interface CatalogueBasics extends CatalogueModels {
  /** Latest published review per model. */
  reviewByModel: Map<string, ReviewRow>;
}

/**
 * Brands and models (a few hundred rows), read live from the local store through the one query the listing
 * cards share (use-catalogue-lookup.ts): a write to either table re-reads them once for the whole page, not once
 * for the cards and again for the screen. Each row object is kept while the row is unchanged, so the arrays
 * and maps here keep theirs too.
 */
export function useCatalogueModels(): CatalogueModels | undefined {
  const lookup = useAnsweredCatalogueLookup();
  return useMemo(() => {
    if (!lookup) return undefined;
    const brands = [...lookup.brandById.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return { brands, models: [...lookup.modelById.values()], brandById: lookup.brandById, modelById: lookup.modelById };
  }, [lookup]);
}

/**
 * Brands, models and their latest reviews, for the screens that show reviews. The reviews (their whole texts:
 * about 650 KB of the seed's 1 MB of these tables) are a query of their own: a write to one table re-reads that
 * table only, and the screens without reviews (the marketplace's) use useCatalogueModels and never read them.
 * Each re-read of all three on the page's main thread, at every notice of the first download, made tasks of
 * 60 ms and more at 4x CPU (bench:scroll-tasks).
 */
export function useCatalogueBasics(): CatalogueBasics | undefined {
  const models = useCatalogueModels();
  const reviews = useCatalogueQuery(() => db.reviews.toArray(), []);
  return useMemo(() => models && reviews && { ...models, reviewByModel: latestReviews(reviews) }, [models, reviews]);
}

function latestReviews(reviews: readonly ReviewRow[]): Map<string, ReviewRow> {
  const reviewByModel = new Map<string, ReviewRow>();
  for (const r of reviews) {
    if (!r.published) continue;
    const prev = reviewByModel.get(r.car_model_id);
    if (!prev || (r.published_at ?? '') > (prev.published_at ?? '')) reviewByModel.set(r.car_model_id, r);
  }
  return reviewByModel;
}

type WithReduction = ListingRow & { price_reduction?: number | null };

/**
 * Price reductions (first price minus current) the rows carry themselves: the server keeps each row's
 * price_reduction. `missing` lists the rows without the field (pulled or realtime rows), which only their
 * price history can answer.
 */
export function ownReductions(rows: readonly ListingRow[]): { own: Record<string, number>; missing: string[] } {
  const own: Record<string, number> = {};
  const missing: string[] = [];
  for (const row of rows) {
    const reduction = (row as WithReduction).price_reduction;
    if (typeof reduction === 'number') {
      if (reduction > 0) own[row.id] = reduction;
    } else missing.push(row.id);
  }
  return { own, missing };
}

/** Reductions from the price history held here; a getAll per listing, not an anyOf() cursor. */
export async function historyReductions(store: MotorlyDb, ids: readonly string[]): Promise<Record<string, number>> {
  const perListing = await Promise.all(
    ids.map((id) => store.listing_price_history.where('vehicle_listing_id').equals(id).toArray()),
  );
  const out: Record<string, number> = {};
  for (const [i, hs] of perListing.entries()) {
    if (hs.length === 0) continue;
    hs.sort((a, b) => a.changed_at.localeCompare(b.changed_at));
    const drop = hs[0].price - hs[hs.length - 1].price;
    if (drop > 0) out[ids[i]] = drop;
  }
  return out;
}

/**
 * Price reductions (first price minus current) for the given rows: from the rows themselves, so a new
 * search's cards have them in their first render, and no query re-reads the shown rows whenever the sync
 * writes them again (it did: a bulkGet of every shown row per write, some 430 ms of the page's main thread
 * over the first five searches of bench:scale at 4x CPU). Only rows without the field watch their history.
 */
export function useReductions(rows: readonly ListingRow[]): Record<string, number> | undefined {
  const { own, missing } = useMemo(() => ownReductions(rows), [rows]);
  const key = missing.join(',');
  const fromHistory = useCatalogueQuery(
    async () => (missing.length === 0 ? {} : historyReductions(db, missing)),
    [key],
  );
  return useMemo(() => {
    if (missing.length === 0) return own;
    return fromHistory && { ...own, ...fromHistory };
  }, [own, missing, fromHistory]);
}

/** Price indicators for the given listings (use-listing-indicators.ts). */
export const usePriceIndicators = useListingIndicators;

export interface ListingDetail {
  listing: ListingRow;
  model?: CarModelRow;
  brand?: BrandRow;
  dealer?: DealerRow;
  review?: ReviewRow;
  history: PriceHistoryRow[];
  indicator: PriceIndicator;
}

/** Everything the listing screen shows; null when the listing is not in the store. */
export function useListingDetail(
  id: string,
  referenceYear = new Date().getFullYear(),
): ListingDetail | null | undefined {
  return useCatalogueQuery(async () => {
    const listing = await db.vehicle_listings.get(id);
    if (!listing) return null;
    const [model, brand, dealer, reviews, history, comparables] = await Promise.all([
      db.car_models.get(listing.car_model_id),
      db.brands.get(listing.brand_id),
      db.dealers.get(listing.dealer_id),
      db.reviews.where('car_model_id').equals(listing.car_model_id).toArray(),
      db.listing_price_history.where('vehicle_listing_id').equals(id).toArray(),
      db.vehicle_listings.where('car_model_id').equals(listing.car_model_id).toArray(),
    ]);
    history.sort((a, b) => a.changed_at.localeCompare(b.changed_at));
    const review = reviews
      .filter((r) => r.published)
      .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))[0];
    return {
      listing,
      model,
      brand,
      dealer,
      review,
      history,
      indicator: priceIndicator(
        listing,
        comparables.filter((c) => c.status !== 'sold'),
        referenceYear,
      ),
    };
  }, [id, referenceYear]);
}

export interface ModelListings {
  /** The cheapest cars for sale, at most the limit asked. */
  rows: ListingRow[];
  /** Cars for sale: of the whole market from the server, else of the cars held on this device. */
  total: number;
  /** The server's total is an estimate (a large market). */
  estimated: boolean;
  source: AnswerSource;
}

/** The listings of one model held on this device still for sale, cheapest first. */
export async function heldModelListings(store: MotorlyDb, modelId: string): Promise<ListingRow[]> {
  const held = await store.vehicle_listings
    .where('[car_model_id+price]')
    .between([modelId, 0], [modelId, Number.MAX_SAFE_INTEGER])
    .toArray();
  return held.filter((l) => l.status !== 'sold');
}

/** One model's cheapest cars for sale and how many there are, from search_listings. */
export async function serverModelListings(store: MotorlyDb, modelId: string, limit: number): Promise<ModelListings> {
  const model = await store.car_models.get(modelId);
  const brand = model && (await store.brands.get(model.brand_id));
  if (!model || !brand) throw new Error('The model is not on this device yet');
  const search = { ...emptyListingSearch(limit), make: brand.slug, model: model.slug, sort: 'price-asc' as const };
  const page = await searchServer(search, null, Math.max(1, limit));
  return {
    rows: page.rows.slice(0, limit),
    total: page.total ?? page.rows.length,
    estimated: page.estimated,
    source: 'server',
  };
}

/** A model's cheapest cars for sale (`limit` of them) and their number (undefined while loading). */
export function useModelListings(modelId: string | undefined, limit = 6): ModelListings | undefined {
  return useServerFirst(
    `${modelId ?? ''}|${limit}`,
    () => (modelId ? serverModelListings(db, modelId, limit) : Promise.resolve(noListings('server'))),
    async () => {
      if (!modelId) return noListings('device');
      const held = await heldModelListings(db, modelId);
      return { rows: held.slice(0, limit), total: held.length, estimated: false, source: 'device' as const };
    },
  )?.value;
}

const noListings = (source: AnswerSource): ModelListings => ({ rows: [], total: 0, estimated: false, source });

export interface PriceDrop {
  listing: ListingRow;
  drop: number;
}

/** The biggest price drops among the held listings (first price minus current, from their history). */
export async function heldPriceDrops(store: MotorlyDb, limit: number): Promise<PriceDrop[]> {
  const history = await store.listing_price_history.toArray();
  const byListing = new Map<string, PriceHistoryRow[]>();
  for (const h of history) byListing.set(h.vehicle_listing_id, [...(byListing.get(h.vehicle_listing_id) ?? []), h]);
  const drops: [string, number][] = [];
  for (const [id, hs] of byListing) {
    hs.sort((a, b) => a.changed_at.localeCompare(b.changed_at));
    const drop = hs[0].price - hs[hs.length - 1].price;
    if (drop > 0) drops.push([id, drop]);
  }
  drops.sort((a, b) => b[1] - a[1]);
  const top = drops.slice(0, limit * 3);
  const rows = await store.vehicle_listings.bulkGet(top.map(([id]) => id));
  return rows
    .map((listing, i) => ({ listing, drop: top[i][1] }))
    .filter((x): x is PriceDrop => !!x.listing && x.listing.status === 'active')
    .slice(0, limit);
}

/** The biggest price drops of the whole market (search_listings sorted by reduction). */
export async function serverPriceDrops(limit: number): Promise<PriceDrop[]> {
  const page = await searchServer(
    { ...emptyListingSearch(limit * 2), sort: 'reduction' },
    null,
    limit * 2,
    undefined,
    false,
  );
  return page.rows
    .map((listing) => ({ listing, drop: (listing as ListingRow & { price_reduction?: number }).price_reduction ?? 0 }))
    .filter((x) => x.drop > 0 && x.listing.status === 'active')
    .slice(0, limit);
}

/** Listings with the biggest price drops (home screen); offline, among the cars held on this device. */
export function useRecentPriceDrops(limit = 6): SourcedAnswer<PriceDrop[]> | undefined {
  return useServerFirst(
    String(limit),
    () => serverPriceDrops(limit),
    () => heldPriceDrops(db, limit),
  );
}

/** Listings and models by id (bookmarks, compare). */
export function useListingsByIds(ids: readonly string[]): Map<string, ListingRow> | undefined {
  const key = ids.join(',');
  return useCatalogueQuery(async () => {
    const rows = await db.vehicle_listings.bulkGet([...ids]);
    return new Map(rows.filter((r): r is ListingRow => !!r).map((r) => [r.id, r]));
  }, [key]);
}

/** Dealers by id; a next page's cars read only the dealers not read before (RowsById). */
export function useDealersByIds(ids: readonly string[]): Map<string, DealerRow> | undefined {
  const key = ids.join(',');
  const [lookup] = useState(() => new RowsById<DealerRow>());
  // One querier per list of ids: its first run reads the new ids, a re-run (the table changed) reads them all.
  const querier = useMemo(() => {
    let runs = 0;
    return () => lookup.read(db.dealers, key ? key.split(',') : [], runs++ > 0);
  }, [lookup, key]);
  return useCatalogueQuery(querier, [querier]);
}
