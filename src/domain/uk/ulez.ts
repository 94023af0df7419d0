/**
 * London ULEZ status. The declared Euro standard decides; without it we derive a likely status from
 * fuel and first registration, and say "likely" (UK_FACTS.md).
 */
import type { FuelType } from './body';
import { ULEZ } from './rates-2026';

export type UlezCertainty = 'declared' | 'derived' | 'unknown';

export interface UlezInput {
  fuel: FuelType;
  euroStandard?: number | null;
  /** ISO date of first registration. */
  firstRegistered?: string | null;
}

export interface UlezStatus {
  compliant: boolean | null;
  certainty: UlezCertainty;
  label: string;
  /** Daily charge in pounds if driven in the zone (0 when compliant or unknown). */
  dailyCharge: number;
}

const minEuro = (fuel: FuelType): number => (fuel === 'diesel' ? ULEZ.dieselEuroMin : ULEZ.petrolEuroMin);
const likelyFrom = (fuel: FuelType): string => (fuel === 'diesel' ? ULEZ.dieselLikelyFrom : ULEZ.petrolLikelyFrom);

function status(compliant: boolean | null, certainty: UlezCertainty): UlezStatus {
  let label: string;
  if (compliant === null) label = 'ULEZ status unknown';
  else if (certainty === 'declared') label = compliant ? 'ULEZ compliant' : 'Not ULEZ compliant';
  else label = compliant ? 'ULEZ likely compliant' : 'ULEZ likely not compliant';
  return { compliant, certainty, label, dailyCharge: compliant === false ? ULEZ.dailyCharge : 0 };
}

export function ulezStatus(input: UlezInput): UlezStatus {
  // Electric cars are always compliant, whatever the paperwork says.
  if (input.fuel === 'electric') return status(true, 'declared');
  // Hybrids and plug-in hybrids on sale in the UK are petrol-electric, so petrol rules apply.
  const fuel = input.fuel;
  if (input.euroStandard != null && Number.isFinite(input.euroStandard)) {
    return status(input.euroStandard >= minEuro(fuel), 'declared');
  }
  const reg = input.firstRegistered?.slice(0, 10);
  if (!reg || !/^\d{4}-\d{2}-\d{2}$/.test(reg)) return status(null, 'unknown');
  return status(reg >= likelyFrom(fuel), 'derived');
}
