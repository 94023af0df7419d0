// Marketplace filter state <-> URL query string. The URL is the source of truth so a search can be
// shared and the back button steps through filter changes.
import { LISTING_SORTS, emptyListingSearch, type ListingSearch, type ListingSort } from '@/data/catalogue';
import {
  PAGE_SIZE_DEFAULT,
  patchFilters,
  readFreeList,
  readInt,
  readOne,
  readPaging,
  readSlug,
  readSpecFilters,
  serializeFilterParams,
  specFilterParams,
} from '@/entities/car';

// The URL state is exactly the search the data layer runs.
export const MARKET_SORTS = LISTING_SORTS;
export type MarketSort = ListingSort;

export const MARKET_SORT_LABELS: Record<MarketSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price (lowest first)',
  'price-desc': 'Price (highest first)',
  mileage: 'Mileage (lowest first)',
  distance: 'Distance (nearest first)',
  newest: 'Age (newest first)',
  reduction: 'Biggest price reduction',
};

export const RADIUS_OPTIONS = [5, 10, 20, 30, 50, 100, 200] as const;

export type MarketFilters = ListingSearch;

export const EMPTY_MARKET_FILTERS: MarketFilters = emptyListingSearch(PAGE_SIZE_DEFAULT);

const POSTCODE_RE = /^[A-Z]{1,2}[0-9][A-Z0-9]?( ?[0-9][A-Z]{2})?$/;

/** Normalises a typed UK postcode or outcode ('ls1 4ap' -> 'LS1 4AP'); undefined when it can't be one. */
export function normalisePostcode(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  if (compact.length > 4 && /[0-9][A-Z]{2}$/.test(compact)) {
    const full = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
    return POSTCODE_RE.test(full) ? full : undefined;
  }
  return POSTCODE_RE.test(compact) ? compact : undefined;
}

/**
 * The home postcode (saved on /account) to offer as the distance origin, normalised; undefined when there is none,
 * it is not a postcode, or the URL already searches from it. The URL stays the source of truth: this only prefills.
 */
export function homePostcodeOffer(
  urlPostcode: string | undefined,
  homePostcode: string | null | undefined,
): string | undefined {
  const home = normalisePostcode(homePostcode);
  return home && home !== urlPostcode ? home : undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A dealer id from the URL (the dealer page's stock and "this dealer's cars" links). */
function readDealerId(p: URLSearchParams): string | undefined {
  const raw = p.get('dealer')?.trim().toLowerCase();
  return raw && UUID_RE.test(raw) ? raw : undefined;
}

export function parseMarketFilters(search: string | URLSearchParams): MarketFilters {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const postcode = normalisePostcode(p.get('postcode'));
  const make = readSlug(p, 'make');
  const monthlyMax = readInt(p, 'monthly_max', 50, 5_000);
  let yearMin = readInt(p, 'year_min', 1990, 2100);
  let yearMax = readInt(p, 'year_max', 1990, 2100);
  if (yearMin !== undefined && yearMax !== undefined && yearMin > yearMax) [yearMin, yearMax] = [yearMax, yearMin];
  let priceMin = readInt(p, 'price_min', 0, 1_000_000);
  let priceMax = readInt(p, 'price_max', 0, 1_000_000);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const sort = readOne(p, 'sort', MARKET_SORTS) ?? 'relevance';
  return {
    postcode,
    radius: postcode ? readInt(p, 'radius', 1, 1_000) : undefined,
    make,
    model: make ? readSlug(p, 'model') : undefined,
    priceMode: monthlyMax !== undefined || p.get('price_mode') === 'monthly' ? 'monthly' : 'cash',
    priceMin,
    priceMax,
    monthlyMax,
    yearMin,
    yearMax,
    mileageMax: readInt(p, 'mileage_max', 0, 1_000_000),
    colour: readFreeList(p, 'colour'),
    ...readSpecFilters(p),
    taxMax: readInt(p, 'tax_max', 0, 10_000),
    dealer: readDealerId(p),
    // Distance sort needs a postcode to measure from.
    sort: sort === 'distance' && !postcode ? 'relevance' : sort,
    ...readPaging(p),
  };
}

export function serializeMarketFilters(f: MarketFilters): URLSearchParams {
  const monthly = f.priceMode === 'monthly';
  return serializeFilterParams(
    [
      ['postcode', f.postcode],
      ['radius', f.postcode ? f.radius : undefined],
      ['make', f.make],
      ['model', f.make ? f.model : undefined],
      ['price_mode', monthly ? 'monthly' : undefined],
      ['monthly_max', monthly ? f.monthlyMax : undefined],
      ['price_min', monthly ? undefined : f.priceMin],
      ['price_max', monthly ? undefined : f.priceMax],
      ['year_min', f.yearMin],
      ['year_max', f.yearMax],
      ['mileage_max', f.mileageMax],
      ['colour', f.colour],
      ['tax_max', f.taxMax],
      ['dealer', f.dealer],
      ...specFilterParams(f),
    ],
    f,
    'relevance',
  );
}

/** Applies a change; any change other than paging goes back to page 1. */
export function updateMarketFilters(f: MarketFilters, patch: Partial<MarketFilters>): MarketFilters {
  const next = patchFilters(f, patch);
  if ('make' in patch && patch.make !== f.make) next.model = undefined;
  if (!next.postcode) {
    next.radius = undefined;
    if (next.sort === 'distance') next.sort = 'relevance';
  }
  return next;
}
