// The marketplace's applied-filter chips, in the order of the filter panel. Names come from the
// catalogue (a brand's slug is shown as its name); a chip removes just its own value.
import { rangeLabel, specFilterChips, type FilterChip } from '@/entities/car';
import type { MarketFilters } from './market-filters';
import { formatCount, formatGBP } from '@/shared/lib/format';

export type MarketChip = FilterChip<Partial<MarketFilters>>;

export interface ChipNames {
  brand?: string;
  model?: string;
  dealer?: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function marketFilterChips(f: MarketFilters, names: ChipNames = {}): MarketChip[] {
  const chips: MarketChip[] = [];
  if (f.postcode)
    chips.push({
      key: 'postcode',
      label: f.radius !== undefined ? `Within ${f.radius} miles of ${f.postcode}` : `From ${f.postcode}`,
      remove: { postcode: undefined },
    });
  if (f.make) chips.push({ key: 'make', label: names.brand ?? f.make, remove: { make: undefined, model: undefined } });
  if (f.make && f.model) chips.push({ key: 'model', label: names.model ?? f.model, remove: { model: undefined } });
  const price =
    f.priceMode === 'monthly'
      ? f.monthlyMax !== undefined && `Up to ${formatGBP(f.monthlyMax)} a month`
      : rangeLabel(f.priceMin, f.priceMax);
  if (price)
    chips.push({
      key: 'price',
      label: price,
      remove: { priceMin: undefined, priceMax: undefined, monthlyMax: undefined, priceMode: 'cash' },
    });
  const years = rangeLabel(f.yearMin, f.yearMax, String);
  if (years) chips.push({ key: 'year', label: years, remove: { yearMin: undefined, yearMax: undefined } });
  if (f.mileageMax !== undefined)
    chips.push({
      key: 'mileage',
      label: `Up to ${formatCount(f.mileageMax)} miles`,
      remove: { mileageMax: undefined },
    });
  chips.push(...specFilterChips(f));
  for (const c of f.colour)
    chips.push({ key: `colour:${c}`, label: capitalise(c), remove: { colour: f.colour.filter((x) => x !== c) } });
  if (f.taxMax !== undefined)
    chips.push({
      key: 'tax',
      label: `Tax up to ${formatGBP(f.taxMax)} a year`,
      remove: { taxMax: undefined },
    });
  if (f.dealer) chips.push({ key: 'dealer', label: names.dealer ?? 'One dealer', remove: { dealer: undefined } });
  return chips;
}
