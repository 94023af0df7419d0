// The catalogue reads other than the marketplace search that the server answers now that a device holds
// only some listings (supabase/migrations/20261129000300_catalogue_reads.sql): cars for sale per model and
// brand, every model's cheapest car, a valuation's candidates and price indicators' market values.
import type { PricedListing } from '@/domain/uk';
import { fetchRpcClient, type RpcClient } from './query/rpc-client';
import { ServerSearchError } from './query/server-search';

export interface StockCounts {
  /** Cars for sale and the cheapest asking price, by model id (from is null when none is for sale). */
  models: Record<string, { count: number; from: number | null }>;
  /** Cars for sale by brand id. */
  brands: Record<string, number>;
}

export interface MarketValue {
  /** Median of the comparables' prices adjusted to the car (price-indicator.ts), in pounds. */
  market_value: number | null;
  comparables: number;
}

/** Calls one read; a network failure is ServerSearchError 'offline', a refusal 'bad-request' or 'server'. */
async function read<T>(client: RpcClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error, status } = await client.rpc(fn, args);
  if (!error) return data as T;
  if (status === 0) throw new ServerSearchError('You are offline.', 'offline', 0);
  if (status === 400) throw new ServerSearchError(error.message, 'bad-request', 400);
  throw new ServerSearchError('The catalogue service is not answering just now. Please try again.', 'server', status);
}

/** Chunks of at most `size`, for reads that cap how many ids one call may ask for. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function fetchStockCounts(
  modelIds: readonly string[],
  brandIds: readonly string[] = [],
  client: RpcClient = fetchRpcClient(),
): Promise<StockCounts> {
  const out: StockCounts = { models: {}, brands: {} };
  const models = chunks([...new Set(modelIds)], 500);
  const brands = chunks([...new Set(brandIds)], 200);
  const calls = Math.max(models.length, brands.length);
  for (let i = 0; i < calls; i++) {
    const part = await read<StockCounts>(client, 'listing_stock_counts', {
      model_ids: models[i] ?? [],
      brand_ids: brands[i] ?? [],
    });
    Object.assign(out.models, part.models);
    Object.assign(out.brands, part.brands);
  }
  return out;
}

/** Every model's cheapest car for sale, by model id (models with none are absent). */
export function fetchModelPrices(client: RpcClient = fetchRpcClient()): Promise<Record<string, number>> {
  return read(client, 'listing_model_prices', {});
}

/** Candidates for valuing a car of this model, year and mileage (the widest window valueCar uses). */
export function fetchComparables(
  modelId: string,
  year: number,
  mileage: number,
  client: RpcClient = fetchRpcClient(),
): Promise<PricedListing[]> {
  return read(client, 'listing_comparables', { car_model: modelId, car_year: year, car_mileage: mileage });
}

/** Market values by listing id, 100 listings a call. */
export async function fetchMarketValues(
  ids: readonly string[],
  client: RpcClient = fetchRpcClient(),
): Promise<Record<string, MarketValue>> {
  const parts = await Promise.all(
    chunks([...new Set(ids)], 100).map((part) =>
      read<Record<string, MarketValue>>(client, 'listing_market_values', { ids: part }),
    ),
  );
  return Object.assign({}, ...parts) as Record<string, MarketValue>;
}
