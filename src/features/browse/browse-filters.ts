// /browse filter state <-> URL query string (shareable; back button steps through changes).
import { BODY_STYLES, FUEL_TYPES, GEARBOXES, type BodyStyle, type FuelType, type Gearbox } from '@/data/catalogue/types';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, readFreeList, readInt, readList, readOne, setIf } from '../lib/url-params';

export const PRICE_BANDS = [
  { id: 'under-20k', label: 'Under £20,000', min: 0, max: 19_999 },
  { id: '20k-30k', label: '£20,000 – £30,000', min: 20_000, max: 29_999 },
  { id: '30k-45k', label: '£30,000 – £45,000', min: 30_000, max: 44_999 },
  { id: '45k-70k', label: '£45,000 – £70,000', min: 45_000, max: 69_999 },
  { id: 'over-70k', label: '£70,000 and over', min: 70_000, max: Number.MAX_SAFE_INTEGER },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
const PRICE_BAND_IDS = PRICE_BANDS.map((b) => b.id) as readonly PriceBandId[];

export const BROWSE_SORTS = ['price-asc', 'price-desc', 'score', 'economy', 'newest'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
  'price-asc': 'Price (lowest first)',
  'price-desc': 'Price (highest first)',
  score: 'Expert score',
  economy: 'Economy or range',
  newest: 'Newest',
};

export interface BrowseFilters {
  brands: string[];
  body: BodyStyle[];
  fuel: FuelType[];
  price?: PriceBandId;
  seatsMin?: number;
  gearbox?: Gearbox;
  insuranceMax?: number;
  ncapMin?: number;
  ulez: boolean;
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
    body: readList(p, 'body', BODY_STYLES),
    fuel: readList(p, 'fuel', FUEL_TYPES),
    price: readOne(p, 'price', PRICE_BAND_IDS),
    seatsMin: readInt(p, 'seats', 1, 9),
    gearbox: readOne(p, 'gearbox', GEARBOXES),
    insuranceMax: readInt(p, 'ins_max', 1, 50),
    ncapMin: readInt(p, 'ncap', 0, 5),
    ulez: p.get('ulez') === '1',
    sort: readOne(p, 'sort', BROWSE_SORTS) ?? 'price-asc',
    page: readInt(p, 'page', 1, 10_000) ?? 1,
    pageSize: readInt(p, 'size', 1, PAGE_SIZE_MAX) ?? PAGE_SIZE_DEFAULT,
  };
}

export function serializeBrowseFilters(f: BrowseFilters): URLSearchParams {
  const p = new URLSearchParams();
  setIf(p, 'brand', [...f.brands].sort());
  setIf(p, 'body', f.body);
  setIf(p, 'fuel', f.fuel);
  setIf(p, 'price', f.price);
  setIf(p, 'seats', f.seatsMin);
  setIf(p, 'gearbox', f.gearbox);
  setIf(p, 'ins_max', f.insuranceMax);
  setIf(p, 'ncap', f.ncapMin);
  setIf(p, 'ulez', f.ulez);
  if (f.sort !== 'price-asc') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  if (f.pageSize !== PAGE_SIZE_DEFAULT) p.set('size', String(f.pageSize));
  return p;
}

export function updateBrowseFilters(f: BrowseFilters, patch: Partial<BrowseFilters>): BrowseFilters {
  const next = { ...f, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export function priceBand(id: PriceBandId | undefined): { min: number; max: number } | undefined {
  return PRICE_BANDS.find((b) => b.id === id);
}
