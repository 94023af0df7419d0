/**
 * Row shapes of the catalogue tables as the seed writes them: the local store's row types (one
 * definition of each table's columns, src/data/types.ts) with the timestamps always present.
 */
import type { Brand, CarModel, Dealer, ListingPriceHistory, Review, VehicleListing } from '../../src/data/types';

export type { ListingCondition, ListingStatus, ReviewSections } from '../../src/data/types';

type Stamped<T> = T & { created_at: string; updated_at: string };

export type BrandRow = Stamped<Brand>;
export type CarModelRow = Stamped<CarModel>;
export type ReviewRow = Stamped<Review>;
export type DealerRow = Stamped<Dealer>;
export type VehicleListingRow = Stamped<VehicleListing>;
export type ListingPriceHistoryRow = Stamped<ListingPriceHistory>;

export interface Catalogue {
  brands: BrandRow[];
  car_models: CarModelRow[];
  reviews: ReviewRow[];
  dealers: DealerRow[];
  vehicle_listings: VehicleListingRow[];
  listing_price_history: ListingPriceHistoryRow[];
}
