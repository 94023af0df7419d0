/**
 * Price indicator: how a listing's price compares with the market value of comparable listings
 * (same model, year within one, similar mileage), in the bands UK marketplaces use.
 */

export type PriceBand = 'great' | 'good' | 'fair' | 'high';

export type NoIndicatorReason = 'too_cheap' | 'too_expensive' | 'too_old' | 'new_car' | 'too_few_comparables';

export interface PricedListing {
  id: string;
  car_model_id: string;
  year: number;
  mileage: number;
  price: number;
  condition?: 'new' | 'used' | 'nearly_new';
}

export type PriceIndicator =
  | {
      available: true;
      band: PriceBand;
      label: string;
      marketValue: number;
      /** Price minus market value, pounds (negative = below market). */
      difference: number;
      /** Difference as a fraction of market value. */
      differencePct: number;
      comparables: number;
    }
  | { available: false; reason: NoIndicatorReason; message: string };

export const MIN_PRICE = 1_500;
export const MAX_PRICE = 70_000;
export const MAX_AGE_YEARS = 15;
export const MIN_COMPARABLES = 5;
const YEAR_WINDOW = 1;
const MILEAGE_WINDOW = 15_000;
const MILEAGE_WINDOW_PCT = 0.3;
/** Rough value change per model year and per 10,000 miles, used to line comparables up with the car. */
const PER_YEAR = 0.08;
const PER_10K_MILES = 0.03;

export const BAND_LIMITS = { great: -0.1, good: -0.03, fair: 0.05 } as const;

export const PRICE_BAND_LABELS: Record<PriceBand, string> = {
  great: 'Great price',
  good: 'Good price',
  fair: 'Fair price',
  high: 'Higher price',
};

const NO_INDICATOR_MESSAGES: Record<NoIndicatorReason, string> = {
  too_cheap: `We don't rate cars priced under £1,500.`,
  too_expensive: `We don't rate cars priced over £70,000.`,
  too_old: `We don't rate cars more than ${MAX_AGE_YEARS} years old.`,
  new_car: `We don't rate new cars.`,
  too_few_comparables: 'There are not enough similar cars for sale to rate this price.',
};

export const PRICE_INDICATOR_EXPLANATION =
  'We compare this price with similar cars for sale: the same model, a year either side and similar ' +
  'mileage (within 15,000 miles or 30%, whichever is more). We adjust each one for its age and mileage ' +
  'and take the middle value as the market value. Great is 10% or more below it, Good 3-10% below, ' +
  'Fair from 3% below to 5% above, and Higher more than 5% above.';

export const PRICE_INDICATOR_LIMITATIONS =
  "The indicator does not account for the car's condition, service and ownership history, or its " +
  'specification and optional extras. Always check the car and its paperwork before you buy.';

export function bandFor(differencePct: number): PriceBand {
  if (differencePct <= BAND_LIMITS.great) return 'great';
  if (differencePct <= BAND_LIMITS.good) return 'good';
  if (differencePct <= BAND_LIMITS.fair) return 'fair';
  return 'high';
}

export function isComparable(car: PricedListing, other: PricedListing): boolean {
  if (other.id === car.id || other.car_model_id !== car.car_model_id) return false;
  if (Math.abs(other.year - car.year) > YEAR_WINDOW) return false;
  const window = Math.max(MILEAGE_WINDOW, car.mileage * MILEAGE_WINDOW_PCT);
  return Math.abs(other.mileage - car.mileage) <= window;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A comparable's price adjusted to the target car's year and mileage. */
export function adjustedPrice(car: PricedListing, other: PricedListing): number {
  const years = car.year - other.year;
  const miles = (car.mileage - other.mileage) / 10_000;
  return other.price * (1 + PER_YEAR * years) * (1 - PER_10K_MILES * miles);
}

function none(reason: NoIndicatorReason): PriceIndicator {
  return { available: false, reason, message: NO_INDICATOR_MESSAGES[reason] };
}

export function priceIndicator(
  car: PricedListing,
  candidates: readonly PricedListing[],
  referenceYear: number,
): PriceIndicator {
  if (car.condition === 'new') return none('new_car');
  if (car.price < MIN_PRICE) return none('too_cheap');
  if (car.price > MAX_PRICE) return none('too_expensive');
  if (referenceYear - car.year > MAX_AGE_YEARS) return none('too_old');
  const comparables = candidates.filter((other) => isComparable(car, other));
  if (comparables.length < MIN_COMPARABLES) return none('too_few_comparables');
  const marketValue = Math.round(median(comparables.map((other) => adjustedPrice(car, other))));
  return ratedAgainst(car.price, marketValue, comparables.length);
}

/** The indicator of a price against a market value worked out from `comparables` cars. */
export function ratedAgainst(price: number, marketValue: number, comparables: number): PriceIndicator {
  const difference = price - marketValue;
  const differencePct = difference / marketValue;
  const band = bandFor(differencePct);
  return { available: true, band, label: PRICE_BAND_LABELS[band], marketValue, difference, differencePct, comparables };
}
