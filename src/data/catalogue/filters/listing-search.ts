// The normalised marketplace query: what the URL holds, what the device matches locally and what the
// server's search_listings RPC is sent. Slugs and ids as the URL carries them, never display words.
import { PAGE_SIZE_DEFAULT } from '@/shared/lib/url-params';
import type { BodyStyle, FuelType, Gearbox } from '@/domain/uk/body';

export const LISTING_SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'mileage',
  'distance',
  'newest',
  'reduction',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** The search as the marketplace URL holds it (slugs, not ids). */
export interface ListingSearch {
  postcode?: string;
  radius?: number;
  make?: string;
  model?: string;
  priceMode: 'cash' | 'monthly';
  priceMin?: number;
  priceMax?: number;
  monthlyMax?: number;
  yearMin?: number;
  yearMax?: number;
  mileageMax?: number;
  body: BodyStyle[];
  fuel: FuelType[];
  gearbox?: Gearbox;
  colour: string[];
  seatsMin?: number;
  taxMax?: number;
  insuranceMax?: number;
  ulez: boolean;
  /** Only this dealer's stock (a dealer id). */
  dealer?: string;
  sort: ListingSort;
  page: number;
  pageSize: number;
}

/** A search with no filters: the first page of `pageSize` listings, cash prices, relevance order. */
export function emptyListingSearch(pageSize: number = PAGE_SIZE_DEFAULT): ListingSearch {
  return { priceMode: 'cash', body: [], fuel: [], colour: [], ulez: false, sort: 'relevance', page: 1, pageSize };
}
