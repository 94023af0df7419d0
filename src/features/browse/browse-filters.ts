// /browse filter state <-> URL query string (shareable; back button steps through changes).
import {
  MODEL_SORTS,
  PAGE_SIZE_DEFAULT,
  patchFilters,
  readFreeList,
  readInt,
  readOne,
  readPaging,
  readSpecFilters,
  serializeFilterParams,
  specFilterParams,
  type ModelSort,
  type SpecFilters,
} from '@/entities/car';

export const PRICE_BANDS = [
  { id: 'under-20k', label: 'Under £20,000', min: 0, max: 19_999 },
  { id: '20k-30k', label: '£20,000 – £30,000', min: 20_000, max: 29_999 },
  { id: '30k-45k', label: '£30,000 – £45,000', min: 30_000, max: 44_999 },
  { id: '45k-70k', label: '£45,000 – £70,000', min: 45_000, max: 69_999 },
  { id: 'over-70k', label: '£70,000 and over', min: 70_000, max: Number.MAX_SAFE_INTEGER },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
const PRICE_BAND_IDS = PRICE_BANDS.map((b) => b.id) as readonly PriceBandId[];

export const BROWSE_SORTS = MODEL_SORTS;
export type BrowseSort = ModelSort;
export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
  'price-asc': 'Price (lowest first)',
  'price-desc': 'Price (highest first)',
  score: 'Expert score',
  economy: 'Economy or range',
  newest: 'Newest',
};

export interface BrowseFilters extends SpecFilters {
  brands: string[];
  price?: PriceBandId;
  ncapMin?: number;
  sort: BrowseSort;
  page: number;
  pageSize: number;
}

export const EMPTY_BROWSE_FILTERS: BrowseFilters = {
  brands: [],
  body: [],
  fuel: [],
  ulez: false,
  sort: 'price-asc',
  page: 1,
  pageSize: PAGE_SIZE_DEFAULT,
};

export function parseBrowseFilters(search: string | URLSearchParams): BrowseFilters {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    brands: readFreeList(p, 'brand'),
    ...readSpecFilters(p),
    price: readOne(p, 'price', PRICE_BAND_IDS),
    ncapMin: readInt(p, 'ncap', 0, 5),
    sort: readOne(p, 'sort', BROWSE_SORTS) ?? 'price-asc',
    ...readPaging(p),
  };
}

export function serializeBrowseFilters(f: BrowseFilters): URLSearchParams {
  return serializeFilterParams(
    [['brand', [...f.brands].sort()], ['price', f.price], ['ncap', f.ncapMin], ...specFilterParams(f)],
    f,
    'price-asc',
  );
}

export function updateBrowseFilters(f: BrowseFilters, patch: Partial<BrowseFilters>): BrowseFilters {
  return patchFilters(f, patch);
}

export function priceBand(id: PriceBandId | undefined): { min: number; max: number } | undefined {
  return PRICE_BANDS.find((b) => b.id === id);
}
