/** Row shapes of the catalogue tables; keys are exactly the columns of supabase/migrations/*_schema.sql. */
import type { BodyStyle, Drivetrain, FuelType, Gearbox } from '../../src/shared/lib/uk/body';

export interface BrandRow {
  id: string;
  slug: string;
  name: string;
  country: string;
  founded: number | null;
  logo_url: string | null;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface CarModelRow {
  id: string;
  brand_id: string;
  slug: string;
  name: string;
  body_style: BodyStyle;
  fuel_type: FuelType;
  price_from: number;
  model_year: number;
  mpg: number | null;
  ev_range_miles: number | null;
  mi_per_kwh: number | null;
  battery_kwh: number | null;
  co2_gkm: number;
  insurance_group: number | null;
  ncap_stars: number | null;
  ncap_year: number | null;
  euro_standard: number | null;
  seats: number;
  doors: number;
  boot_litres: number | null;
  zero_to_62: number | null;
  top_speed_mph: number | null;
  power_bhp: number | null;
  engine_cc: number | null;
  gearbox: Gearbox;
  drivetrain: Drivetrain;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  towing_kg: number | null;
  description: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewSections {
  driving: string;
  interior: string;
  practicality: string;
  running_costs: string;
  safety: string;
}

export interface ReviewRow {
  id: string;
  car_model_id: string;
  author: string;
  title: string;
  cs_score: number;
  verdict: string;
  pros: string[];
  cons: string[];
  sections: ReviewSections;
  published: boolean;
  published_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface DealerRow {
  id: string;
  slug: string;
  name: string;
  town: string;
  outcode: string;
  postcode: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  rating: number | null;
  admin_fee: number;
  created_at: string;
  updated_at: string;
}

export type ListingCondition = 'used' | 'nearly_new';
export type ListingStatus = 'active' | 'reserved' | 'sold';

export interface VehicleListingRow {
  id: string;
  dealer_id: string;
  car_model_id: string;
  brand_id: string;
  title: string;
  price: number;
  admin_fee: number;
  year: number;
  registration_date: string | null;
  registration: string | null;
  mileage: number;
  colour: string;
  fuel_type: FuelType;
  body_style: BodyStyle;
  gearbox: Gearbox;
  seats: number;
  doors: number;
  engine_cc: number | null;
  co2_gkm: number;
  insurance_group: number | null;
  condition: ListingCondition;
  status: ListingStatus;
  description: string;
  image_seed: number;
  outcode: string;
  lat: number | null;
  lng: number | null;
  listed_at: string;
  created_at: string;
  updated_at: string;
}

export interface ListingPriceHistoryRow {
  id: string;
  vehicle_listing_id: string;
  price: number;
  changed_at: string;
  created_at: string;
  updated_at: string;
}

export interface Catalogue {
  brands: BrandRow[];
  car_models: CarModelRow[];
  reviews: ReviewRow[];
  dealers: DealerRow[];
  vehicle_listings: VehicleListingRow[];
  listing_price_history: ListingPriceHistoryRow[];
}
