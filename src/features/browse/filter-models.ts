// Filtering and sorting the model range for /browse and brand pages (a few hundred rows, in memory).
import type { BrandRow, CarModelRow } from '@/data/catalogue';
import { modelUlezCompliant } from '@/data/catalogue/listing-costs';
import { priceBand, type BrowseFilters, type BrowseSort } from './browse-filters';

export interface ModelEntry {
  model: CarModelRow;
  brand?: BrandRow;
  score?: number;
}

/** Economy for sorting: EV range in miles ranks with mpg scaled so both sort "more is better". */
function economy(m: CarModelRow): number {
  return m.fuel_type === 'electric' ? (m.ev_range_miles ?? 0) / 4 : (m.mpg ?? 0);
}

export function sortModels(entries: ModelEntry[], sort: BrowseSort): ModelEntry[] {
  const name = (e: ModelEntry) => `${e.brand?.name ?? ''} ${e.model.name}`;
  const tie = (a: ModelEntry, b: ModelEntry) => name(a).localeCompare(name(b), 'en-GB');
  const cmp: Record<BrowseSort, (a: ModelEntry, b: ModelEntry) => number> = {
    'price-asc': (a, b) => a.model.price_from - b.model.price_from,
    'price-desc': (a, b) => b.model.price_from - a.model.price_from,
    score: (a, b) => (b.score ?? -1) - (a.score ?? -1),
    economy: (a, b) => economy(b.model) - economy(a.model),
    newest: (a, b) => b.model.model_year - a.model.model_year,
  };
  return [...entries].sort((a, b) => cmp[sort](a, b) || tie(a, b));
}

export function filterModels(entries: ModelEntry[], f: BrowseFilters): ModelEntry[] {
  const band = priceBand(f.price);
  return entries.filter(({ model: m, brand }) =>
    (f.brands.length === 0 || (brand !== undefined && f.brands.includes(brand.slug))) &&
    (f.body.length === 0 || f.body.includes(m.body_style)) &&
    (f.fuel.length === 0 || f.fuel.includes(m.fuel_type)) &&
    (!band || (m.price_from >= band.min && m.price_from <= band.max)) &&
    (f.seatsMin === undefined || m.seats >= f.seatsMin) &&
    (!f.gearbox || m.gearbox === f.gearbox) &&
    (f.insuranceMax === undefined || (m.insurance_group ?? 99) <= f.insuranceMax) &&
    (f.ncapMin === undefined || (m.ncap_stars ?? -1) >= f.ncapMin) &&
    (!f.ulez || modelUlezCompliant(m)),
  );
}
