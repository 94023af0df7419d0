/**
 * Catalogue row types as the catalogue screens use them: aliases of the store's row types
 * (src/data/types.ts) plus the option lists (SPEC §3) in a canonical order.
 */
import type { Brand, CarModel, Dealer, ListingPriceHistory, Review, VehicleListing } from '../types';
export type { BodyStyle, FuelType, Gearbox } from '../types';
// The option lists have one definition, with the car domain's words (src/shared/lib/uk/body.ts).
export { BODY_STYLES, FUEL_TYPES, GEARBOXES } from '@/domain/uk/body';
export type BrandRow = Brand;
export type CarModelRow = CarModel;
export type ReviewRow = Review;
export type DealerRow = Dealer;
export type ListingRow = VehicleListing;
export type PriceHistoryRow = ListingPriceHistory;
