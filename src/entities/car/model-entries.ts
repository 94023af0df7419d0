// A model joined with its brand and expert score, and the orders the model lists offer (browse, brand pages).
import type { BrandRow, CarModelRow } from '@/data/catalogue';

export interface ModelEntry {
  model: CarModelRow;
  brand?: BrandRow;
  score?: number;
}

export const MODEL_SORTS = ['price-asc', 'price-desc', 'score', 'economy', 'newest'] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];

/** Economy for sorting: EV range in miles ranks with mpg scaled so both sort "more is better". */
function economy(m: CarModelRow): number {
  return m.fuel_type === 'electric' ? (m.ev_range_miles ?? 0) / 4 : (m.mpg ?? 0);
}

export function sortModels(entries: ModelEntry[], sort: ModelSort): ModelEntry[] {
  const name = (e: ModelEntry) => `${e.brand?.name ?? ''} ${e.model.name}`;
  const tie = (a: ModelEntry, b: ModelEntry) => name(a).localeCompare(name(b), 'en-GB');
  const cmp: Record<ModelSort, (a: ModelEntry, b: ModelEntry) => number> = {
    'price-asc': (a, b) => a.model.price_from - b.model.price_from,
    'price-desc': (a, b) => b.model.price_from - a.model.price_from,
    score: (a, b) => (b.score ?? -1) - (a.score ?? -1),
    economy: (a, b) => economy(b.model) - economy(a.model),
    newest: (a, b) => b.model.model_year - a.model.model_year,
  };
  return [...entries].sort((a, b) => cmp[sort](a, b) || tie(a, b));
}
