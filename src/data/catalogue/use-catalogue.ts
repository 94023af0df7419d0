/**
 * Live-query hooks for the catalogue screens. They read only the local store, so every screen works
 * offline once the catalogue has been downloaded, and re-render when sync writes new rows.
 */
import { useCatalogueQuery } from './use-catalogue-query';
import { priceIndicator, type PriceIndicator, type PricedListing } from '@/shared/lib/uk';
import { db, type MotorlyDb } from '../db';
import {
  bindCatalogue,
  catalogueTables,
  changedBetween,
  idsInRange,
  keyLookup,
  readStamp,
  snapshotFor,
  type IndexSnapshot,
} from './listing-index';
import { searchListings, reductionMap, type ListingPage, type ListingSearch } from './listing-search';
import type { BrandRow, CarModelRow, DealerRow, ListingRow, PriceHistoryRow, ReviewRow } from './types';

export interface CatalogueBasics {
  brands: BrandRow[];
  models: CarModelRow[];
  /** Latest published review per model. */
  reviewByModel: Map<string, ReviewRow>;
  brandById: Map<string, BrandRow>;
  modelById: Map<string, CarModelRow>;
}

/** Brands, models and their reviews (a few hundred rows): the small tables every screen joins with. */
export function useCatalogueBasics(): CatalogueBasics | undefined {
  return useCatalogueQuery(async () => {
    const [brands, models, reviews] = await Promise.all([
      db.brands.toArray(),
      db.car_models.toArray(),
      db.reviews.toArray(),
    ]);
    const reviewByModel = new Map<string, ReviewRow>();
    for (const r of reviews) {
      if (!r.published) continue;
      const prev = reviewByModel.get(r.car_model_id);
      if (!prev || (r.published_at ?? '') > (prev.published_at ?? '')) reviewByModel.set(r.car_model_id, r);
    }
    brands.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return {
      brands,
      models,
      reviewByModel,
      brandById: new Map(brands.map((b) => [b.id, b])),
      modelById: new Map(models.map((m) => [m.id, m])),
    };
  }, []);
}

/** One page of marketplace results for a search (undefined while the first answer loads). */
export function useListingSearch(search: ListingSearch): ListingPage | undefined {
  const key = JSON.stringify(search);
  return useCatalogueQuery(() => searchListings(db, search), [key]);
}

export function useListingCount(): number | undefined {
  return useCatalogueQuery(() => db.vehicle_listings.count(), []);
}

/**
 * Price indicators for the given listings, from comparables of the same models. The comparables'
 * price, year, mileage and status come from the in-memory listing indexes (listing-index.ts), which
 * the marketplace search keeps patched: no listing rows are read. A getAll per model re-read most of
 * the page's models' listings (about 1,400 rows for 20 cards) on every realtime change, competing
 * with the marketplace query on the main thread and in IndexedDB.
 */
export async function priceIndicatorsFor(
  store: MotorlyDb,
  rows: readonly ListingRow[],
  referenceYear: number,
): Promise<Record<string, PriceIndicator>> {
  const snap = await store.transaction('r', catalogueTables(store, { history: false }), async (tx) => {
    const t = bindCatalogue(store, tx);
    return snapshotFor(t, await readStamp(t));
  });
  const byModel = comparablesFor(store, snap, new Set(rows.map((r) => r.car_model_id)));
  return Object.fromEntries(
    rows.map((r) => [r.id, priceIndicator(r, byModel.get(r.car_model_id) ?? [], referenceYear)]),
  );
}

/** Each model's comparables in one state, per database: carried to later states (comparablesFor). */
const comparablesCache = new WeakMap<MotorlyDb, { state: IndexSnapshot; byModel: Map<string, PricedListing[]> }>();

/**
 * The unsold listings of each model, from the in-memory indexes. A realtime change re-runs the price
 * indicators of the open page; the comparables are kept from the last state and only the models of the
 * rows changed since (before and after the change) are collected again (changedBetween), instead of every
 * listing of the page's models (about 5,000 at 50,000 listings) on every change.
 */
function comparablesFor(
  store: MotorlyDb,
  snap: IndexSnapshot,
  modelIds: ReadonlySet<string>,
): Map<string, PricedListing[]> {
  let cache = comparablesCache.get(store);
  if (cache && cache.state !== snap) {
    const changed = changedBetween(cache.state, snap);
    if (!changed) cache = undefined;
    else {
      const before = keyLookup(cache.state, 'car_model_id');
      const after = keyLookup(snap, 'car_model_id');
      for (const id of changed) {
        cache.byModel.delete(String(before(id)));
        cache.byModel.delete(String(after(id)));
      }
      cache.state = snap;
    }
  }
  if (!cache) comparablesCache.set(store, (cache = { state: snap, byModel: new Map() }));
  const [price, year, mileage, status] = ['price', 'year', 'mileage', 'status'].map((index) => keyLookup(snap, index));
  const out = new Map<string, PricedListing[]>();
  for (const modelId of modelIds) {
    let comparables = cache.byModel.get(modelId);
    if (!comparables) {
      comparables = [];
      for (const part of idsInRange(snap, { index: 'car_model_id', lower: modelId, upper: modelId }))
        for (const id of part) {
          const [p, y, m] = [price(id), year(id), mileage(id)];
          if (status(id) === 'sold' || typeof p !== 'number' || typeof y !== 'number' || typeof m !== 'number')
            continue;
          comparables.push({ id: snap.pks[id], car_model_id: modelId, price: p, year: y, mileage: m });
        }
      cache.byModel.set(modelId, comparables);
    }
    out.set(modelId, comparables);
  }
  return out;
}

/** Price reductions (first price minus current) by listing id; a getAll per listing, not an anyOf() cursor. */
export async function reductionsFor(store: MotorlyDb, ids: readonly string[]): Promise<Record<string, number>> {
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

/** Price indicators for the given listings, from comparables of the same models. */
export function usePriceIndicators(
  rows: readonly ListingRow[] | undefined,
  referenceYear = new Date().getFullYear(),
): Record<string, PriceIndicator> | undefined {
  const ids = (rows ?? []).map((r) => r.id).join(',');
  return useCatalogueQuery(
    async () => (!rows || rows.length === 0 ? {} : priceIndicatorsFor(db, rows, referenceYear)),
    [ids, referenceYear],
  );
}

/** Price reductions (first price minus current) for the given listings. */
export function useReductions(ids: readonly string[]): Record<string, number> | undefined {
  const key = ids.join(',');
  return useCatalogueQuery(async () => (ids.length === 0 ? {} : reductionsFor(db, ids)), [key]);
}

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

/** Active listings of one model, cheapest first. */
export function useModelListings(
  modelId: string | undefined,
  limit = 6,
): { rows: ListingRow[]; total: number } | undefined {
  return useCatalogueQuery(async () => {
    if (!modelId) return { rows: [], total: 0 };
    const all = await db.vehicle_listings
      .where('[car_model_id+price]')
      .between([modelId, 0], [modelId, Number.MAX_SAFE_INTEGER])
      .toArray();
    const live = all.filter((l) => l.status !== 'sold');
    return { rows: live.slice(0, limit), total: live.length };
  }, [modelId, limit]);
}

/** Listings with the biggest recent price drops (home screen). */
export function useRecentPriceDrops(limit = 6): { listing: ListingRow; drop: number }[] | undefined {
  return useCatalogueQuery(async () => {
    const map = await reductionMap(db);
    const top = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit * 3);
    const rows = await db.vehicle_listings.bulkGet(top.map(([id]) => id));
    return rows
      .map((listing, i) => ({ listing, drop: top[i][1] }))
      .filter((x): x is { listing: ListingRow; drop: number } => !!x.listing && x.listing.status === 'active')
      .slice(0, limit);
  }, [limit]);
}

/** Listings and models by id (bookmarks, compare). */
export function useListingsByIds(ids: readonly string[]): Map<string, ListingRow> | undefined {
  const key = ids.join(',');
  return useCatalogueQuery(async () => {
    const rows = await db.vehicle_listings.bulkGet([...ids]);
    return new Map(rows.filter((r): r is ListingRow => !!r).map((r) => [r.id, r]));
  }, [key]);
}

export function useDealersByIds(ids: readonly string[]): Map<string, DealerRow> | undefined {
  const key = ids.join(',');
  return useCatalogueQuery(async () => {
    const rows = await db.dealers.bulkGet([...new Set(ids)]);
    return new Map(rows.filter((r): r is DealerRow => !!r).map((r) => [r.id, r]));
  }, [key]);
}
