// Price indicators (price against the market, as the listing page shows it) for a set of listings. The
// market value comes from the server, over every comparable for sale; offline, from the comparables this
// device holds (fewer, so more cars go unrated rather than rated wrongly).
import { useEffect, useMemo, useRef, useState } from 'react';
import { priceIndicator, type PriceIndicator } from '@/domain/uk';
import { reportError } from '@/shared/lib/report-error';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { db, type MotorlyDb } from '../db';
import { indicatorFromMarket } from './market-indicator';
import { fetchMarketValues } from './server-reads';
import type { ListingRow } from './types';
import { IndicatorCache } from './indicator-cache';
import { serverFirst } from './use-server-first';

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

/**
 * The price indicator of each listing, by id (undefined while the first answer loads). Each car is asked for
 * once as rated (id, price, status): a new page asks only for its own cars, a price cut re-rates that car.
 */
export function useListingIndicators(
  listings: readonly ListingRow[] | undefined,
  referenceYear = new Date().getFullYear(),
): Indicators | undefined {
  const rows = listings ?? [];
  const [cache] = useState(() => new IndicatorCache());
  const [version, setVersion] = useState(0);
  const missing = cache.missing(rows, referenceYear);
  const missingKey = missing.map((l) => `${l.id}:${l.price}:${l.status}`).join(',');
  useEffect(() => {
    // Back online: what was rated against this device's rows alone is asked for again.
    const again = () => cache.dropDeviceAnswers() && setVersion((v) => v + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [cache]);
  // An answer is kept whenever it comes (a page arriving meanwhile does not discard it); only an unmounted
  // screen is not told.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Asked once the frame that shows the cars is drawn: starting the request in the commit's task held that frame
  // back (a 72 ms task at 4x CPU in bench:scale's session, a new search's cards painted after it). Cars that
  // arrive before then (the device's rows, then the server's page) are asked for together.
  useEffect(() => {
    if (missing.length === 0) return;
    return afterNextPaint(() => {
      cache.ask(missing, referenceYear);
      serverFirst(
        () => serverIndicators(missing, referenceYear),
        () => heldIndicators(db, missing, referenceYear),
      )
        .then(
          (answer) => cache.fill(missing, referenceYear, answer),
          (err: unknown) => {
            // The device's own rows failed to answer too: said once, and the cars are asked for again later.
            reportError(err, { component: 'catalogue', action: 'rating prices' });
            cache.fill(missing, referenceYear);
          },
        )
        .finally(() => mounted.current && setVersion((v) => v + 1));
    });
    // `missing` is what `missingKey` names: a new array each render must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, missingKey, referenceYear]);
  const rowsKey = rows.map((l) => `${l.id}:${l.price}:${l.status}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => cache.pick(rows, referenceYear), [cache, rowsKey, referenceYear, version]);
}
