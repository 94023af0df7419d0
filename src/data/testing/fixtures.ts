// Test-only: whole catalogue rows with plain defaults, so a test spells out only the fields it is about.
import type { NewRow } from '../outbox';
import type { Brand, CarModel, VehicleListing } from '../types';

export function brandRow(over: Partial<Brand> & Pick<Brand, 'id'>): Brand {
  return {
    slug: 'ford',
    name: 'Ford',
    country: 'US',
    founded: 1903,
    logo_url: null,
    description: '',
    ...over,
  };
}

export function modelRow(over: Partial<CarModel> & Pick<CarModel, 'id'>): CarModel {
  return {
    brand_id: 'b',
    slug: over.id,
    name: over.id.toUpperCase(),
    body_style: 'hatchback',
    fuel_type: 'petrol',
    price_from: 20000,
    model_year: 2025,
    mpg: 50,
    ev_range_miles: null,
    mi_per_kwh: null,
    battery_kwh: null,
    co2_gkm: 120,
    insurance_group: 15,
    ncap_stars: 5,
    ncap_year: 2023,
    euro_standard: 6,
    seats: 5,
    doors: 5,
    boot_litres: 380,
    zero_to_62: 9,
    top_speed_mph: 120,
    power_bhp: 120,
    engine_cc: 1000,
    gearbox: 'manual',
    drivetrain: 'fwd',
    length_mm: null,
    width_mm: null,
    height_mm: null,
    wheelbase_mm: null,
    production_years: null,
    towing_kg: null,
    description: '',
    image_url: null,
    ...over,
  };
}

export function listingRow(over: Partial<VehicleListing> & Pick<VehicleListing, 'id'>): VehicleListing {
  return {
    dealer_id: 'd1',
    car_model_id: 'm1',
    brand_id: 'b1',
    title: over.id,
    price: 5000,
    admin_fee: 0,
    year: 2018,
    registration_date: null,
    registration: null,
    mileage: 40000,
    colour: 'Red',
    fuel_type: 'petrol',
    body_style: 'hatchback',
    gearbox: 'manual',
    seats: 5,
    doors: 5,
    engine_cc: 1000,
    co2_gkm: 110,
    insurance_group: 10,
    condition: 'used',
    status: 'active',
    description: '',
    image_seed: 1,
    outcode: 'LS1',
    lat: null,
    lng: null,
    listed_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A new price alert's fields, as createRow takes them: no listing, a £9,000 target on a £10,000 price. */
export function priceAlertDraft(over: Partial<NewRow<'price_alerts'>> = {}): NewRow<'price_alerts'> {
  return {
    vehicle_listing_id: null,
    target_price: 9000,
    current_price: 10000,
    price_drop_threshold: 5,
    is_active: true,
    times_triggered: 0,
    last_triggered_at: null,
    ...over,
  };
}
