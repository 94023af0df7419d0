// Price indicators from the in-memory listing indexes (listing-index.ts), as the marketplace computed them
// while every listing was on the device. The screens now ask the server (use-listing-indicators.ts); this
// stays only while listing-search.test.ts tests it, and goes with listing-index.ts.
import { priceIndicator, type PriceIndicator, type PricedListing } from '@/domain/uk';
import type { MotorlyDb } from '../db';
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
import type { ListingRow } from './types';

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
