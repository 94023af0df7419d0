/**
 * The one annual-mileage default. Running costs, valuation hints, recommendations and the assistant all
 * start from it until the user sets their own on /account (profile, synced) or in a running-costs panel
 * (this device). DfT's National Travel Survey puts the average car in England at roughly 7,000-8,000 miles
 * a year; we use the rounder upper end.
 */
export const DEFAULT_ANNUAL_MILES = 8_000;
export const MIN_ANNUAL_MILES = 1_000;
export const MAX_ANNUAL_MILES = 50_000;

/** A usable annual mileage: the user's own when it is a sensible number, otherwise the default. */
export function annualMilesOrDefault(miles: number | null | undefined): number {
  if (miles == null || !Number.isFinite(miles) || miles <= 0) return DEFAULT_ANNUAL_MILES;
  return Math.min(MAX_ANNUAL_MILES, Math.max(MIN_ANNUAL_MILES, Math.round(miles)));
}

/** Miles a car of this age has probably covered at a given annual mileage (a hint, not a value). */
export function expectedMilesForAge(ageYears: number, milesPerYear = DEFAULT_ANNUAL_MILES): number {
  return Math.max(0, Math.round((ageYears * milesPerYear) / 1000) * 1000);
}
