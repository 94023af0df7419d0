// Marketplace filter state <-> URL query string. The URL is the source of truth so a search can be
// shared and the back button steps through filter changes; the keys and rules are the one filter
// schema's (@/data/catalogue/filters), which also drives the server search and saved searches.
import {
  LISTING_SORTS,
  emptyListingSearch,
  normalisePostcode,
  parseSearchParams,
  toSearchParams,
  type ListingSearch,
  type ListingSort,
} from '@/data/catalogue/filters';
import { PAGE_SIZE_DEFAULT, patchFilters } from '@/entities/car';

export { normalisePostcode };

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

export function parseMarketFilters(search: string | URLSearchParams): MarketFilters {
  return parseSearchParams(search);
}

export function serializeMarketFilters(f: MarketFilters): URLSearchParams {
  return toSearchParams(f);
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
