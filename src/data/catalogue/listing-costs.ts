// UK costs derived from a listing (and its model): annual VED, ULEZ, and the representative finance
// example used to turn a monthly budget into a cash price.
import { annuityPayment, monthlyRateFromApr, ulezStatus, vedFor, VED_RATES, DEFAULT_TAX_YEAR } from '@/domain/uk';
import type { CarModelRow, ListingRow } from './types';

/** The finance example behind "monthly price" filters and "from £x/month" (HP, 10% deposit, 48 months, 9.9% APR). */
export const REPRESENTATIVE_FINANCE = { depositShare: 0.1, termMonths: 48, apr: 9.9 } as const;

const monthlyPerPound =
  (1 - REPRESENTATIVE_FINANCE.depositShare) *
  annuityPayment(1, monthlyRateFromApr(REPRESENTATIVE_FINANCE.apr), REPRESENTATIVE_FINANCE.termMonths);

/** Representative monthly payment for a cash price. */
export function representativeMonthly(cashPrice: number): number {
  return Math.round(cashPrice * monthlyPerPound);
}

/** The highest cash price whose representative monthly payment fits the budget. */
export function cashPriceForMonthly(monthly: number): number {
  return Math.floor(monthly / monthlyPerPound);
}

export function firstRegistered(l: Pick<ListingRow, 'registration_date' | 'year'>): string {
  return l.registration_date ?? `${l.year}-07-01`;
}

/** What the next owner pays a year in VED (standard rate + supplement while due, or the pre-2017 band). */
export function annualTaxFor(
  l: Pick<ListingRow, 'registration_date' | 'year' | 'co2_gkm' | 'fuel_type'>,
  listPrice: number,
): number {
  const reg = firstRegistered(l);
  const r = vedFor({ co2: l.co2_gkm, fuel: l.fuel_type, listPrice, firstRegistered: reg });
  // A car registered in this tax year has had its first-year rate paid; the buyer pays the renewal.
  if (!r.estimate && reg >= VED_RATES[DEFAULT_TAX_YEAR].from) return r.annual + r.supplement;
  return r.dueThisYear;
}

export function listingUlezCompliant(l: Pick<ListingRow, 'registration_date' | 'year' | 'fuel_type'>): boolean {
  return ulezStatus({ fuel: l.fuel_type, firstRegistered: firstRegistered(l) }).compliant === true;
}

export function modelUlezCompliant(m: Pick<CarModelRow, 'fuel_type' | 'euro_standard' | 'model_year'>): boolean {
  return (
    ulezStatus({ fuel: m.fuel_type, euroStandard: m.euro_standard, firstRegistered: `${m.model_year}-07-01` })
      .compliant === true
  );
}
