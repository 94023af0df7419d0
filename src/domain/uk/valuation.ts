/**
 * Value my car: a market value range from comparable cars for sale, by the price indicator's model
 * (same model, a year either side, similar mileage, each adjusted to this car's age and mileage).
 */
import { ageIdentifierRange, parsePlate } from './plates';
import { adjustedPrice, isComparable, median, MIN_COMPARABLES, type PricedListing } from './price-indicator';

export type CarCondition = 'excellent' | 'good' | 'fair' | 'poor';
export const CAR_CONDITIONS: readonly CarCondition[] = ['excellent', 'good', 'fair', 'poor'];
export const CONDITION_LABELS: Record<CarCondition, string> = {
  excellent: 'Excellent: like new, full service history',
  good: 'Good: normal wear for its age',
  fair: 'Fair: visible marks, some work due',
  poor: 'Poor: needs repairs',
};
/** Forecourt cars are prepared and warranted; these factors move a car in other states against them. */
const CONDITION_FACTOR: Record<CarCondition, number> = { excellent: 1.02, good: 1, fair: 0.92, poor: 0.8 };
/** A dealer's part-exchange offer is typically this share of the retail value (margin, preparation, warranty). */
export const PART_EXCHANGE_SHARE = 0.85;

export interface ValuationInput {
  carModelId: string;
  year: number;
  mileage: number;
  condition: CarCondition;
}

export type Valuation =
  | {
      available: true;
      /** Middle of the adjusted comparable prices, after condition. */
      value: number;
      /** Interquartile range of the adjusted prices, after condition. */
      low: number;
      high: number;
      partExchange: number;
      comparables: number;
      /** The year or mileage window had to be widened to find enough cars. */
      widened: boolean;
    }
  | { available: false; comparables: number; message: string };

export const VALUATION_EXPLANATION =
  'We look at cars of the same model for sale now: a year either side of yours and with similar mileage ' +
  '(within 15,000 miles or 30%, whichever is more). We adjust each price for the difference in age and mileage, ' +
  'as our price indicator does, and show the middle half of those prices as the range, moved for condition ' +
  '(excellent +2%, fair -8%, poor -20%). A dealer part-exchange offer is typically about 85% of the retail value.';

const round50 = (n: number): number => Math.round(n / 50) * 50;

function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function valueCar(input: ValuationInput, candidates: readonly PricedListing[]): Valuation {
  const car: PricedListing = {
    id: '',
    car_model_id: input.carModelId,
    year: input.year,
    mileage: input.mileage,
    price: 0,
  };
  const usable = candidates.filter((c) => c.condition !== 'new');
  let comparables = usable.filter((c) => isComparable(car, c));
  let widened = false;
  if (comparables.length < MIN_COMPARABLES) {
    // Two years either side and twice the mileage window, rather than no answer for a rarer car.
    comparables = usable.filter(
      (c) =>
        c.car_model_id === car.car_model_id &&
        Math.abs(c.year - car.year) <= 2 &&
        Math.abs(c.mileage - car.mileage) <= 2 * Math.max(15_000, car.mileage * 0.3),
    );
    widened = true;
  }
  if (comparables.length < MIN_COMPARABLES)
    return {
      available: false,
      comparables: comparables.length,
      message: `We found ${comparables.length === 0 ? 'no' : `only ${comparables.length}`} similar ${comparables.length === 1 ? 'car' : 'cars'} for sale, too few to value yours. Try a nearby year or mileage.`,
    };
  const factor = CONDITION_FACTOR[input.condition];
  const prices = comparables.map((c) => adjustedPrice(car, c) * factor).sort((a, b) => a - b);
  const value = round50(median(prices));
  return {
    available: true,
    value,
    low: round50(quantile(prices, 0.25)),
    high: round50(quantile(prices, 0.75)),
    partExchange: round50(value * PART_EXCHANGE_SHARE),
    comparables: comparables.length,
    widened,
  };
}

/**
 * The year from what an owner knows: '2019', a plate age identifier ('19' or '69') or a whole plate
 * ('AB69 CDE'). A September-February identifier counts as the year it starts in. Null if unreadable.
 */
export function yearFromInput(input: string, currentYear: number): number | null {
  const text = input.trim().toUpperCase().replace(/\s+/g, '');
  if (/^(19|20)\d{2}$/.test(text)) {
    const year = Number(text);
    return year >= 1990 && year <= currentYear ? year : null;
  }
  const identifier = /^\d{2}$/.test(text) ? text : parsePlate(text)?.ageIdentifier;
  const range = identifier ? ageIdentifierRange(identifier) : null;
  if (!range) return null;
  const year = Number(range.from.slice(0, 4));
  return year <= currentYear ? year : null;
}
