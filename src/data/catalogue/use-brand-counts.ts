// Cars for sale per model and per brand (brand and model pages, recommendation cards, the marketplace's
// brand list): counted by the server over the whole market (listing_stock_counts), or offline over the
// listings this device holds, marked as such.
import { db, type MotorlyDb } from '../db';
import { fetchStockCounts, type StockCounts } from './server-reads';
import { useServerFirst, type SourcedAnswer } from './use-server-first';

/** The same counts over the unsold listings held on this device. */
export async function heldStockCounts(
  store: MotorlyDb,
  modelIds: readonly string[],
  brandIds: readonly string[],
): Promise<StockCounts> {
  const out: StockCounts = { models: {}, brands: {} };
  const wantModels = new Set(modelIds);
  const wantBrands = new Set(brandIds);
  for (const id of wantModels) out.models[id] = { count: 0, from: null };
  for (const id of wantBrands) out.brands[id] = 0;
  const held = await store.vehicle_listings.toArray();
  for (const l of held) {
    if (l.status === 'sold') continue;
    const m = out.models[l.car_model_id];
    if (m && wantModels.has(l.car_model_id)) {
      m.count++;
      m.from = m.from === null ? l.price : Math.min(m.from, l.price);
    }
    if (wantBrands.has(l.brand_id)) out.brands[l.brand_id]++;
  }
  return out;
}

/** Cars for sale and the cheapest price for these models and brands (undefined while the first answer loads). */
export function useStockCounts(
  modelIds: readonly string[],
  brandIds: readonly string[] = [],
): SourcedAnswer<StockCounts> | undefined {
  const key = `${[...modelIds].sort().join(',')}|${[...brandIds].sort().join(',')}`;
  return useServerFirst(
    key,
    () => fetchStockCounts(modelIds, brandIds),
    () => heldStockCounts(db, modelIds, brandIds),
  );
}

/**
 * Cars for sale by brand id, every brand (undefined while the first answer loads, and until `enabled`: a
 * screen enables it once its own search has answered, so the two requests do not compete).
 */
export function useBrandListingCounts(enabled = true): Record<string, number> | undefined {
  const answer = useServerFirst(
    String(enabled),
    async () => (enabled ? fetchStockCounts([], await brandIds(db)) : undefined),
    async () => (enabled ? heldStockCounts(db, [], await brandIds(db)) : undefined),
  );
  return answer?.value?.brands;
}

const brandIds = async (store: MotorlyDb) => (await store.brands.toCollection().primaryKeys()).map(String);
