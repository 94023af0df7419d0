// Filtering the model range for /browse (a few hundred rows, in memory); sorting is the car entity's.
import { modelUlezCompliant } from '@/data/catalogue/listing-costs';
import type { ModelEntry } from '@/entities/car';
import { priceBand, type BrowseFilters } from './browse-filters';

export function filterModels(entries: ModelEntry[], f: BrowseFilters): ModelEntry[] {
  const band = priceBand(f.price);
  return entries.filter(
    ({ model: m, brand }) =>
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
