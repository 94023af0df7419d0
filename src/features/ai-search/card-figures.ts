// The car's own figures on an AI search card: its tax, insurance group and economy or range, never the
// request's caps (those are in the reason line, beside the car's values).
import type { CarFacts } from '@/domain/ai/rank';
import { formatGBP } from '@/shared/lib/format';
import { FUEL_LABELS, GEARBOX_LABELS } from '@/domain/uk';

const n = (v: number) => v.toLocaleString('en-GB');

/** Year, mileage, fuel and gearbox of a listing; body-free for a model (its title names it). */
export function carSummary(car: CarFacts): string {
  const parts =
    car.kind === 'listing'
      ? [String(car.year), `${n(car.mileage ?? 0)} miles`]
      : [car.price < (car.listPrice ?? 0) ? `Used from ${formatGBP(car.price)}` : `New from ${formatGBP(car.price)}`];
  return [...parts, FUEL_LABELS[car.fuel], GEARBOX_LABELS[car.gearbox]].join(' · ');
}

/** Running figures, each only when known: "£165 tax a year", "Insurance group 8", "52.3 mpg", "280 miles range". */
export function carFigures(car: CarFacts): string[] {
  const out: string[] = [];
  if (car.annualTax !== null) out.push(car.annualTax === 0 ? 'No road tax' : `${formatGBP(car.annualTax)} tax a year`);
  if (car.insuranceGroup !== null) out.push(`Insurance group ${car.insuranceGroup}`);
  if (car.fuel !== 'electric' && car.mpg !== null) out.push(`${car.mpg} mpg`);
  if ((car.fuel === 'electric' || car.fuel === 'plugin_hybrid') && car.rangeMiles !== null)
    out.push(`${n(car.rangeMiles)} miles ${car.fuel === 'electric' ? 'range' : 'electric range'}`);
  return out;
}
