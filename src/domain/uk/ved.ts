/**
 * Vehicle Excise Duty (car tax) for the rates in rates-2026.ts.
 * Cars first registered from 1 April 2017 are exact; older cars get a simplified, flagged estimate.
 */
import type { FuelType } from './body';
import {
  EV_VED_FROM,
  PER_MILE_CHARGE_2028,
  PRE_2001_CC_LIMIT,
  PRE_2001_LARGE_ENGINE,
  PRE_2001_SMALL_ENGINE,
  PRE_2017_BANDS,
  SUPPLEMENT_YEARS,
  VED_CO2_REGIME_FROM,
  VED_RATES,
  type TaxYear,
  type VedRates,
} from './rates-2026';

export interface VedInput {
  co2: number;
  fuel: FuelType;
  /** List price when new, options included (pounds). */
  listPrice: number;
  /** First registration date (ISO 'YYYY-MM-DD' or Date). */
  firstRegistered: string | Date;
  taxYear?: TaxYear;
}

export interface VedResult {
  taxYear: TaxYear;
  /** First-year rate for this CO2 under the tax year's table (what a new car like this pays). */
  firstYear: number;
  /** Standard annual rate from the second year. */
  annual: number;
  /** Expensive car supplement per year (0 when the list price is under the threshold). */
  supplement: number;
  /** How many years the supplement is paid (years 2 to 6), 0 when not due. */
  supplementYears: number;
  /** The threshold that applied to this car. */
  threshold: number | null;
  /** What this car pays in the given tax year (first-year rate, or standard + supplement while due). */
  dueThisYear: number;
  /** True for cars registered before April 2017, whose figures are a simplified estimate. */
  estimate: boolean;
}

export const DEFAULT_TAX_YEAR: TaxYear = '2026/27';

function toIsoDate(value: string | Date): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) throw new RangeError(`Not an ISO date: ${value}`);
  return value.slice(0, 10);
}

export function firstYearRate(co2: number, rates: VedRates): number {
  const band = rates.firstYearBands.find((b) => co2 <= b.maxCo2);
  return (band ?? rates.firstYearBands[rates.firstYearBands.length - 1]).firstYear;
}

/** Whole years between registration and the start of the tax year (0 = registered within it). */
function yearsTaxed(registered: string, rates: VedRates): number {
  const [ry, rm, rd] = registered.split('-').map(Number);
  const [ty, tm, td] = rates.from.split('-').map(Number);
  if (registered >= rates.from) return 0;
  let years = ty - ry;
  if (tm < rm || (tm === rm && td < rd)) years -= 1;
  return years + 1;
}

/** Older cars: a flagged estimate, scaled from 2025/26 with the standard rate. */
function estimateOlderCar(co2: number, registered: string, rates: VedRates, engineCc?: number): number {
  const scale = rates.standardRate / VED_RATES['2025/26'].standardRate;
  let base: number;
  if (registered < '2001-03-01') {
    base = (engineCc ?? 0) > PRE_2001_CC_LIMIT ? PRE_2001_LARGE_ENGINE : PRE_2001_SMALL_ENGINE;
  } else {
    base = (PRE_2017_BANDS.find(([max]) => co2 <= max) ?? PRE_2017_BANDS[PRE_2017_BANDS.length - 1])[1];
  }
  return Math.round(base * scale);
}

/**
 * The planned April 2028 per-mile charge for a year's driving (pounds), or 0 for fuels it does not cover.
 * Plug-in hybrids pay half the electric rate; petrol, diesel and self-charging hybrids pay none.
 */
export function plannedPerMileCharge(fuel: FuelType, milesPerYear: number): number {
  const pence = PER_MILE_CHARGE_2028.pencePerMile[fuel] ?? 0;
  return Math.round((Math.max(0, milesPerYear) * pence) / 100);
}

export function vedFor(input: VedInput & { engineCc?: number }): VedResult {
  const taxYear = input.taxYear ?? DEFAULT_TAX_YEAR;
  const rates = VED_RATES[taxYear];
  if (!Number.isFinite(input.co2) || input.co2 < 0) throw new RangeError('CO2 must be 0 or more');
  if (!Number.isFinite(input.listPrice) || input.listPrice < 0) throw new RangeError('List price must be 0 or more');
  const registered = toIsoDate(input.firstRegistered);
  // Plug-in hybrids pay by their (low) CO2 like any other car: the alternative-fuel discount ended in April 2025.
  const isEv = input.fuel === 'electric';
  const co2 = isEv ? 0 : input.co2;

  if (registered < VED_CO2_REGIME_FROM) {
    const annual = estimateOlderCar(co2, registered, rates, input.engineCc);
    return {
      taxYear,
      firstYear: annual,
      annual,
      supplement: 0,
      supplementYears: 0,
      threshold: null,
      dueThisYear: annual,
      estimate: true,
    };
  }

  const threshold =
    isEv && registered >= EV_VED_FROM && rates.zeroEmissionThreshold !== null
      ? rates.zeroEmissionThreshold
      : rates.expensiveCarThreshold;
  const supplementDue = input.listPrice > threshold;
  const supplement = supplementDue ? rates.expensiveCarSupplement : 0;
  const firstYear = firstYearRate(co2, rates);
  const annual = rates.standardRate;

  const taxed = yearsTaxed(registered, rates);
  // EVs registered April 2017 - March 2025 paid no first-year rate but renew like other cars now.
  let dueThisYear: number;
  if (taxed === 0) dueThisYear = firstYear;
  else dueThisYear = annual + (taxed <= SUPPLEMENT_YEARS ? supplement : 0);

  return {
    taxYear,
    firstYear,
    annual,
    supplement,
    supplementYears: supplementDue ? SUPPLEMENT_YEARS : 0,
    threshold,
    dueThisYear,
    estimate: false,
  };
}
