// The columns a pull asks the Data API for: exactly the fields the local rows store, listed once per
// catalogue table and checked against the row types at compile time (a field added to a row type and
// not listed here fails tsc). Server-only columns are never downloaded; derived listing fields
// (colour_key, ulez, annual_tax) are computed locally, so they are not in the row types.
import type { Brand, CarModel, Dealer, ListingPriceHistory, Review, SyncTableName, VehicleListing } from './types';

/** `K` when it names every key of `T`, else a type naming the missing ones (a compile error at the call). */
type Exhaustive<T, K extends readonly (keyof T)[]> = [Exclude<keyof T, K[number]>] extends [never]
  ? K
  : { missing: Exclude<keyof T, K[number]> };

const every =
  <T>() =>
  <const K extends readonly (keyof T)[]>(...keys: K & Exhaustive<T, K>): readonly string[] =>
    keys as readonly (keyof T)[] as readonly string[];

const SYNCED = ['id', 'created_at', 'updated_at'] as const;

export const PULL_COLUMNS: Partial<Record<SyncTableName, readonly string[]>> = {
  brands: every<Brand>()(...SYNCED, 'slug', 'name', 'country', 'founded', 'logo_url', 'description'),
  car_models: every<CarModel>()(
    ...SYNCED,
    'brand_id',
    'slug',
    'name',
    'body_style',
    'fuel_type',
    'price_from',
    'model_year',
    'mpg',
    'ev_range_miles',
    'mi_per_kwh',
    'battery_kwh',
    'co2_gkm',
    'insurance_group',
    'ncap_stars',
    'ncap_year',
    'euro_standard',
    'seats',
    'doors',
    'boot_litres',
    'zero_to_62',
    'top_speed_mph',
    'power_bhp',
    'engine_cc',
    'gearbox',
    'drivetrain',
    'length_mm',
    'width_mm',
    'height_mm',
    'wheelbase_mm',
    'production_years',
    'towing_kg',
    'description',
    'image_url',
  ),
  dealers: every<Dealer>()(
    ...SYNCED,
    'slug',
    'name',
    'town',
    'outcode',
    'postcode',
    'lat',
    'lng',
    'phone',
    'email',
    'rating',
    'admin_fee',
  ),
  reviews: every<Review>()(
    ...SYNCED,
    'car_model_id',
    'author',
    'title',
    'cs_score',
    'verdict',
    'pros',
    'cons',
    'sections',
    'published',
    'published_at',
    'created_by',
  ),
  vehicle_listings: every<VehicleListing>()(
    ...SYNCED,
    'dealer_id',
    'car_model_id',
    'brand_id',
    'title',
    'price',
    'admin_fee',
    'year',
    'registration_date',
    'registration',
    'mileage',
    'colour',
    'fuel_type',
    'body_style',
    'gearbox',
    'seats',
    'doors',
    'engine_cc',
    'co2_gkm',
    'insurance_group',
    'condition',
    'status',
    'description',
    'image_seed',
    'outcode',
    'lat',
    'lng',
    'listed_at',
    'variant',
    'previous_owners',
    'service_history',
    'mot_expiry',
    'euro_standard',
    'features',
    'photos',
  ),
  listing_price_history: every<ListingPriceHistory>()(...SYNCED, 'vehicle_listing_id', 'price', 'changed_at'),
};

/** The select list a pull sends for a table ('*' for the small user tables, whose rows are stored whole). */
export function pullSelect(table: string): string {
  return PULL_COLUMNS[table as SyncTableName]?.join(',') ?? '*';
}
