// A shared listing link opened before the catalogue has downloaded (or a car listed since the last sync):
// the page asks the server for that one car, its model, brand, dealer, reviews and price history, and puts
// them in the local store like pulled rows, so the screen shows the car after one request instead of
// after the whole first download (or "not found"). Views never call Supabase: they use this through
// useListingOnDemand.
import { db } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import type { SyncTableName } from '@/data/types';
import { LISTING_WITH_RELATED, takeEarlyListing } from '@/early';
import { pageProblem } from './page-problem';
import { syncError } from './sync-errors';

type Row = Record<string, unknown>;

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

const asRows = (value: unknown): Row[] =>
  Array.isArray(value) ? (value as Row[]) : value && typeof value === 'object' ? [value as Row] : [];

/** The listing's row (with related rows embedded) from the server, or undefined when it has none. */
async function requestListing(id: string): Promise<Row | undefined> {
  // A shared link opened cold: the head script asked already, before the app's code arrived. Without a
  // row there (a failed request, or a car the anon key cannot see) the session's own request decides.
  const early = await takeEarlyListing(id);
  const earlyRow = asRows(early)[0];
  if (earlyRow) return earlyRow;
  const { getSupabase } = await import('./supabase-client');
  const { data, error } = await getSupabase()
    .from('vehicle_listings')
    .select(LISTING_WITH_RELATED)
    .eq('id', id)
    .limit(1);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return asRows(data)[0];
}

async function loadListing(id: string): Promise<boolean> {
  const found = await requestListing(id);
  if (!found) return false;
  const { car_model, brand, dealer, price_history, ...listing } = found;
  const models = asRows(car_model).map(({ reviews, ...model }) => ({ model, reviews: asRows(reviews) }));
  const store = createSyncStore(db);
  // The listing last: the screen renders once it is there, with what it refers to already in place.
  const related: [SyncTableName, Row[]][] = [
    ['car_models', models.map((m) => m.model)],
    ['brands', asRows(brand)],
    ['dealers', asRows(dealer)],
    ['reviews', models.flatMap((m) => m.reviews)],
    ['listing_price_history', asRows(price_history)],
    ['vehicle_listings', [listing]],
  ];
  for (const [table, rows] of related) if (rows.length) await store.applyPulled(table, rows);
  return true;
}
