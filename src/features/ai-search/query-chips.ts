/** A parsed query as removable chips: one per fact (each brand, each body style, each limit). */
import { formatGBP, formatMiles } from '@/shared/lib/format';
import { QUERY_FIELDS, type ParsedQuery, type QueryField, type QuerySort } from '@/domain/ai/query-types';
import { BODY_STYLE_LABELS, FUEL_LABELS, GEARBOX_LABELS } from '@/domain/uk';

export interface Chip {
  /** Unique within a query: "brands:BMW", "budgetMax". */
  key: string;
  field: QueryField;
  item?: string;
  label: string;
}

export const SORT_LABELS: Record<QuerySort, string> = {
  price_asc: 'Cheapest first',
  price_desc: 'Most expensive first',
  mileage_asc: 'Lowest mileage first',
  newest: 'Newest first',
  score_desc: 'Best rated first',
  running_cost_asc: 'Cheapest to run first',
};

function scalarLabel(field: QueryField, q: ParsedQuery): string | null {
  switch (field) {
    case 'similarTo':
      return `Like the ${q.similarTo}`;
    case 'budgetMin':
      return `From ${formatGBP(q.budgetMin!)}`;
    case 'budgetMax':
      return `Up to ${formatGBP(q.budgetMax!)}`;
    case 'monthlyBudgetMax':
      return `Up to ${formatGBP(q.monthlyBudgetMax!)} a month`;
    case 'seatsMin':
      return `${q.seatsMin}+ seats`;
    case 'gearbox':
      return GEARBOX_LABELS[q.gearbox!];
    case 'ulezCompliant':
      return 'ULEZ compliant';
    case 'maxInsuranceGroup':
      return `Insurance group ${q.maxInsuranceGroup} or lower`;
    case 'maxAnnualTax':
      return q.maxAnnualTax === 0 ? 'No road tax' : `Road tax up to ${formatGBP(q.maxAnnualTax!)} a year`;
    case 'minRangeMiles':
      return `${q.minRangeMiles}+ miles of range`;
    case 'maxMileage':
      return `Under ${formatMiles(q.maxMileage!)}`;
    case 'minYear':
      return `${q.minYear} or newer`;
    case 'sort':
      return SORT_LABELS[q.sort!];
    default:
      return null;
  }
}

/** The fields shown as chips, in the order of QUERY_FIELDS; free keywords are not chips. */
const CHIP_FIELDS = QUERY_FIELDS.filter((f) => f !== 'keywords');

export function chipsFor(q: ParsedQuery): Chip[] {
  const chips: Chip[] = [];
  for (const field of CHIP_FIELDS) {
    const value = q[field];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as string[]) {
        const label =
          field === 'bodyStyles'
            ? BODY_STYLE_LABELS[item as keyof typeof BODY_STYLE_LABELS]
            : field === 'fuelTypes'
              ? FUEL_LABELS[item as keyof typeof FUEL_LABELS]
              : item;
        chips.push({ key: `${field}:${item}`, field, item, label });
      }
    } else {
      const label = scalarLabel(field, q);
      if (label) chips.push({ key: field, field, label });
    }
  }
  return chips;
}

/** The query without one chip (an emptied list field disappears). */
export function removeChip(q: ParsedQuery, chip: Chip): ParsedQuery {
  const next: ParsedQuery = { ...q };
  if (chip.item !== undefined) {
    const rest = ((q[chip.field] as string[] | undefined) ?? []).filter((v) => v !== chip.item);
    if (rest.length) (next as Record<string, unknown>)[chip.field] = rest;
    else delete next[chip.field];
  } else {
    delete next[chip.field];
  }
  return next;
}
