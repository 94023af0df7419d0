/**
 * Catalogue row types as the catalogue screens use them: aliases of the store's row types
 * (src/data/types.ts) plus the option lists (SPEC §3) in a canonical order.
 */
import type { Brand, CarModel, Dealer, ListingPriceHistory, Review, VehicleListing } from '../types';
export type { BodyStyle, FuelType } from '../types';
import type { BodyStyle, FuelType } from '../types';

export type Gearbox = 'manual' | 'automatic';
export type BrandRow = Brand;
export type CarModelRow = CarModel;
export type ReviewRow = Review;
export type DealerRow = Dealer;
export type ListingRow = VehicleListing;
export type PriceHistoryRow = ListingPriceHistory;

export const BODY_STYLES: readonly BodyStyle[] = ['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible'];
export const FUEL_TYPES: readonly FuelType[] = ['petrol', 'diesel', 'electric', 'hybrid', 'plugin_hybrid'];
export const GEARBOXES: readonly Gearbox[] = ['manual', 'automatic'];
