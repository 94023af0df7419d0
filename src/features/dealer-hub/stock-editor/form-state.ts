// The stock form's state: empty for a new car, filled from a stored listing for an edit, and the model's
// catalogue facts offered as defaults when a model is chosen.
import type { CarModelRow } from '@/data/catalogue';
import type { FuelType, VehicleListing } from '@/data/types';
import { FUEL_TYPES } from '@/domain/uk';
import type { StockForm } from './listing-rules';

/** The fuels a listing may have (the listings table's check allows the same). */
export const STOCK_FUELS: readonly FuelType[] = FUEL_TYPES;

export const SERVICE_HISTORY_OPTIONS = [
  { value: 'full', label: 'Full service history' },
  { value: 'partial', label: 'Part service history' },
  { value: 'none', label: 'No service history' },
];

export const EURO_OPTIONS = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: String(n), label: `Euro ${n}` }));

export const EMPTY_STOCK_FORM: StockForm = {
  registration: '',
  brandId: '',
  modelId: '',
  variant: '',
  year: '',
  registrationDate: '',
  mileage: '',
  price: '',
  fuel: '',
  gearbox: '',
  body: '',
  colour: '',
  doors: '',
  seats: '',
  engineCc: '',
  previousOwners: '',
  serviceHistory: '',
  motExpiry: '',
  euroStandard: '',
  features: '',
  description: '',
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function formFromListing(l: VehicleListing): StockForm {
  return {
    registration: l.registration ?? '',
    brandId: l.brand_id,
    modelId: l.car_model_id,
    variant: l.variant ?? '',
    year: String(l.year),
    registrationDate: l.registration_date ?? '',
    mileage: String(l.mileage),
    price: String(l.price),
    fuel: l.fuel_type,
    gearbox: l.gearbox,
    body: l.body_style,
    colour: l.colour,
    doors: String(l.doors),
    seats: String(l.seats),
    engineCc: text(l.engine_cc),
    previousOwners: text(l.previous_owners),
    serviceHistory: l.service_history ?? '',
    motExpiry: l.mot_expiry ?? '',
    euroStandard: text(l.euro_standard),
    features: (l.features ?? []).join('\n'),
    description: l.description,
  };
}

/** A newly chosen model fills the facts the catalogue knows; what the dealer typed already stays. */
export function withModelDefaults(form: StockForm, model: CarModelRow): StockForm {
  const keep = (typed: string, fallback: number | string | null | undefined) => typed || text(fallback as number);
  return {
    ...form,
    modelId: model.id,
    brandId: model.brand_id,
    fuel: form.fuel || (STOCK_FUELS.includes(model.fuel_type) ? model.fuel_type : ''),
    gearbox: form.gearbox || model.gearbox,
    body: form.body || model.body_style,
    doors: keep(form.doors, model.doors),
    seats: keep(form.seats, model.seats),
    engineCc: keep(form.engineCc, model.engine_cc),
    euroStandard: keep(form.euroStandard, model.euro_standard),
  };
}
