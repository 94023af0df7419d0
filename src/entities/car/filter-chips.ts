// Applied-filter chips: one removable chip per applied value, above the results on /browse and
// /marketplace. A chip carries the patch that removes it, so a screen applies it like any other change.
import { BODY_STYLE_LABELS, FUEL_LABELS, GEARBOX_LABELS } from '@/domain/uk';
import type { SpecFilters } from './spec-filters';

export interface FilterChip<P> {
  /** Stable and unique among the chips (a React key). */
  key: string;
  label: string;
  /** The change that removes this filter. */
  remove: P;
}

/** Chips of the filters /browse and /marketplace share (body, fuel, gearbox, seats, insurance, ULEZ). */
export function specFilterChips(f: SpecFilters): FilterChip<Partial<SpecFilters>>[] {
  const chips: FilterChip<Partial<SpecFilters>>[] = [];
  for (const b of f.body)
    chips.push({ key: `body:${b}`, label: BODY_STYLE_LABELS[b], remove: { body: f.body.filter((x) => x !== b) } });
  for (const fuel of f.fuel)
    chips.push({ key: `fuel:${fuel}`, label: FUEL_LABELS[fuel], remove: { fuel: f.fuel.filter((x) => x !== fuel) } });
  if (f.gearbox) chips.push({ key: 'gearbox', label: GEARBOX_LABELS[f.gearbox], remove: { gearbox: undefined } });
  if (f.seatsMin !== undefined)
    chips.push({ key: 'seats', label: `${f.seatsMin}+ seats`, remove: { seatsMin: undefined } });
  if (f.insuranceMax !== undefined)
    chips.push({
      key: 'insurance',
      label: `Insurance group up to ${f.insuranceMax}`,
      remove: { insuranceMax: undefined },
    });
  if (f.ulez) chips.push({ key: 'ulez', label: 'ULEZ compliant', remove: { ulez: false } });
  return chips;
}

const gbp = (n: number) => `£${n.toLocaleString('en-GB')}`;

/** "£5,000 to £10,000", "From £5,000", "Up to £10,000" (undefined when neither bound is set). */
export function rangeLabel(
  min: number | undefined,
  max: number | undefined,
  format: (n: number) => string = gbp,
): string | undefined {
  if (min !== undefined && max !== undefined) return `${format(min)} to ${format(max)}`;
  if (min !== undefined) return `From ${format(min)}`;
  if (max !== undefined) return `Up to ${format(max)}`;
  return undefined;
}
