// Price indicators (price against the market, as the listing page shows it) for a set of listings. The
// market value comes from the server, over every comparable for sale; offline, from the comparables this
// device holds (fewer, so more cars go unrated rather than rated wrongly).
import { priceIndicator, type PriceIndicator } from '@/domain/uk';
import { db, type MotorlyDb } from '../db';
import { indicatorFromMarket } from './market-indicator';
import { fetchMarketValues } from './server-reads';
import type { ListingRow } from './types';
import { useServerFirst } from './use-server-first';

type Indicators = Record<string, PriceIndicator>;

/** Indicators from the server's market values. */
export async function serverIndicators(rows: readonly ListingRow[], referenceYear: number): Promise<Indicators> {
  const markets = await fetchMarketValues(rows.map((r) => r.id));
  return Object.fromEntries(rows.map((r) => [r.id, indicatorFromMarket(r, markets[r.id], referenceYear)]));
}

/** Indicators from the unsold listings of the same models held on this device. */
export async function heldIndicators(
  store: MotorlyDb,
  rows: readonly ListingRow[],
  referenceYear: number,
): Promise<Indicators> {
  const models = [...new Set(rows.map((r) => r.car_model_id))];
  const held = models.length ? await store.vehicle_listings.where('car_model_id').anyOf(models).toArray() : [];
  const byModel = new Map<string, ListingRow[]>();
  for (const r of held)
    if (r.status !== 'sold') byModel.set(r.car_model_id, [...(byModel.get(r.car_model_id) ?? []), r]);
  return Object.fromEntries(
    rows.map((r) => [r.id, priceIndicator(r, byModel.get(r.car_model_id) ?? [], referenceYear)]),
  );
}

/** The price indicator of each listing, by id (undefined while the first answer loads). */
export function useListingIndicators(
  listings: readonly ListingRow[] | undefined,
  referenceYear = new Date().getFullYear(),
): Indicators | undefined {
  const rows = listings ?? [];
  // A card's rating changes with its price and status: both are in the key, so a price cut re-rates it.
  const key = `${referenceYear}|${rows.map((l) => `${l.id}:${l.price}:${l.status}`).join(',')}`;
  return useServerFirst(
    key,
    async () => (rows.length ? serverIndicators(rows, referenceYear) : {}),
    async () => heldIndicators(db, rows, referenceYear),
  )?.value;
}
