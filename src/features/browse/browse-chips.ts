// /browse's applied-filter chips and the searchable brand list's counts.
import { specFilterChips, type FilterChip, type ModelEntry } from '@/entities/car';
import { PRICE_BANDS, type BrowseFilters } from './browse-filters';
import { filterModels } from './filter-models';

export type BrowseChip = FilterChip<Partial<BrowseFilters>>;

/** One chip per applied value; brands by name (`brandNames` by slug), the slug while names load. */
export function browseFilterChips(f: BrowseFilters, brandNames: ReadonlyMap<string, string>): BrowseChip[] {
  const chips: BrowseChip[] = f.brands.map((slug) => ({
    key: `brand:${slug}`,
    label: brandNames.get(slug) ?? slug,
    remove: { brands: f.brands.filter((b) => b !== slug) },
  }));
  const band = PRICE_BANDS.find((b) => b.id === f.price);
  if (band) chips.push({ key: 'price', label: band.label, remove: { price: undefined } });
  chips.push(...specFilterChips(f));
  if (f.ncapMin !== undefined)
    chips.push({
      key: 'ncap',
      label: `${f.ncapMin}-star Euro NCAP${f.ncapMin < 5 ? ' or more' : ''}`,
      remove: { ncapMin: undefined },
    });
  return chips;
}

/** Models per brand slug under every filter but the brand one: what ticking that brand would add. */
export function modelCountsByBrand(entries: ModelEntry[], f: BrowseFilters): Map<string, number> {
  const out = new Map<string, number>();
  for (const { brand } of filterModels(entries, { ...f, brands: [] }))
    if (brand) out.set(brand.slug, (out.get(brand.slug) ?? 0) + 1);
  return out;
}
