// A shared listing link opened before the catalogue has downloaded (or a car listed since the last sync):
// the page asks the server for that one car, its model, brand, dealer, reviews and price history, and puts
// them in the local store like pulled rows, so the screen shows the car after one round trip instead of
// after the whole first download (or "not found"). Views never call Supabase: they use this through
// useListingOnDemand.
import { createSyncStore, db, pullSelect, type SyncTableName } from '@/data';
import { pageProblem } from './page-problem';
import { getSupabase } from './supabase-client';
import { syncError } from './sync-errors';

type Row = Record<string, unknown>;
type Select = { data: unknown; error: unknown };

const inFlight = new Map<string, Promise<boolean>>();

/** Resolves true when the listing is now on the device; false when the server has no such car or is unreachable. */
export function fetchListingNow(id: string): Promise<boolean> {
  let request = inFlight.get(id);
  if (!request) {
    request = loadListing(id)
      .catch((err: unknown) => {
        // Offline it simply waits for the download; online, a failed fetch is a sync problem worth showing.
        if (navigator.onLine) pageProblem(syncError('pull', err));
        return false;
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, request);
  }
  return request;
}

const rowsOf = (result: Select): Row[] => (result.error || !Array.isArray(result.data) ? [] : (result.data as Row[]));

async function loadListing(id: string): Promise<boolean> {
  const client = getSupabase();
  const from = (table: SyncTableName) => client.from(table).select(pullSelect(table));
  const listings = rowsOf(await from('vehicle_listings').eq('id', id).limit(1));
  const listing = listings[0];
  if (!listing) return false;
  const [models, brands, dealers, reviews, history] = await Promise.all([
    from('car_models').eq('id', String(listing.car_model_id)),
    from('brands').eq('id', String(listing.brand_id)),
    from('dealers').eq('id', String(listing.dealer_id)),
    from('reviews').eq('car_model_id', String(listing.car_model_id)),
    from('listing_price_history').eq('vehicle_listing_id', id),
  ]);
  const store = createSyncStore(db);
  // The listing last: the screen renders once it is there, with what it refers to already in place.
  const related: [SyncTableName, Row[]][] = [
    ['car_models', rowsOf(models)],
    ['brands', rowsOf(brands)],
    ['dealers', rowsOf(dealers)],
    ['reviews', rowsOf(reviews)],
    ['listing_price_history', rowsOf(history)],
    ['vehicle_listings', listings],
  ];
  for (const [table, rows] of related) await store.applyPulled(table, rows);
  return true;
}
