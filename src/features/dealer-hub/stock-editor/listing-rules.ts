// The stock form's rules: the typed form (strings, as inputs hold them) in, either the listing's values or
// one clear message per field out. The server's trigger (supabase/migrations/20261128004100_dealer_stock_editor.sql)
// holds the same rules with the same sentences, so a write refused there maps back to its field here.
import type { BodyStyle, FuelType, Gearbox, ServiceHistory } from '@/data/types';
import type { StockListingValues } from '@/data/dealer-stock';
import { ageIdentifierFor, parsePlate } from '@/domain/uk';

export interface StockForm {
  registration: string;
  brandId: string;
  modelId: string;
  variant: string;
  year: string;
  registrationDate: string;
  mileage: string;
  price: string;
  fuel: FuelType | '';
  gearbox: Gearbox | '';
  body: BodyStyle | '';
  colour: string;
  doors: string;
  seats: string;
  engineCc: string;
  previousOwners: string;
  serviceHistory: ServiceHistory;
  motExpiry: string;
  euroStandard: string;
  features: string;
  description: string;
}

export type StockField = keyof StockForm | 'photos';
export type StockErrors = Partial<Record<StockField, string>>;

/** The listing's own values, as the repository stores them (photos travel on their own). */
export type StockValues = Omit<StockListingValues, 'photos'>;

/** The price guard's range (supabase/migrations/20261128004150_listing_price_guards.sql). */
export const MIN_PRICE = 100;
export const MAX_PRICE = 5_000_000;
/** Under this, or a cut of more than 30%, the price guard wants the dealer's confirmation. */
export const CONFIRM_BELOW = 500;
export const MAX_PHOTOS = 20;
export const MAX_FEATURES = 30;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A whole number typed with optional thousands separators, or null. */
export function wholeNumber(text: string): number | null {
  const t = text.replace(/[,\s£]/g, '');
  return /^\d+$/.test(t) ? Number(t) : null;
}

/** The features box: one a line or comma-separated, trimmed, without repeats. */
export function splitFeatures(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of text.split(/[\n,]/)) {
    const t = f.trim().replace(/\s+/g, ' ');
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

/**
 * Why a plate cannot go with a year (and first registration date), or null. A current-format plate (since
 * September 2001) carries an age identifier: '24' is March-August 2024, '74' September 2024 - February 2025.
 */
export function plateError(registration: string, year: number, registrationDate: string | null): string | null {
  const typed = registration.trim();
  if (!typed) return 'Enter the registration.';
  const plate = parsePlate(typed);
  if (plate) {
    const from = Number(plate.registered.from.slice(0, 4));
    const to = Number(plate.registered.to.slice(0, 4));
    if (year !== from && year !== to)
      return `The plate's age identifier ${plate.ageIdentifier} does not match the year ${year}.`;
    if (registrationDate && safeAgeIdentifier(registrationDate) !== plate.ageIdentifier)
      return `The plate's age identifier ${plate.ageIdentifier} does not match the first registration date.`;
    return null;
  }
  if (year >= 2002) return `Enter a registration like AB${String(year % 100).padStart(2, '0')} CDE.`;
  if (!/^[A-Z0-9]{1,4} ?[A-Z0-9]{1,4}$/i.test(typed.replace(/\s+/g, ' ')))
    return 'Enter the registration as it is on the plate.';
  return null;
}

function safeAgeIdentifier(date: string): string | null {
  try {
    return ageIdentifierFor(date);
  } catch {
    return null;
  }
}

/** The registration as the plate shows it: 'ab24cde' -> 'AB24 CDE'. */
export function formatRegistration(text: string): string {
  return parsePlate(text)?.formatted ?? text.trim().toUpperCase().replace(/\s+/g, ' ');
}

function inRange(text: string, min: number, max: number): number | null {
  const n = wholeNumber(text);
  return n !== null && n >= min && n <= max ? n : null;
}

/** Checks the whole form against `today` (ISO, UK calendar day). */
export function validateStockForm(
  form: StockForm,
  today: string,
): { ok: true; values: StockValues } | { ok: false; errors: StockErrors } {
  const errors: StockErrors = {};
  const thisYear = Number(today.slice(0, 4));
  if (!form.brandId) errors.brandId = 'Choose the make.';
  if (!form.modelId) errors.modelId = 'Choose a model from the list.';
  if (form.variant.trim().length > 80) errors.variant = 'Keep the variant to 80 characters.';
  const year = inRange(form.year, 1950, thisYear);
  if (year === null) errors.year = `Enter a year between 1950 and ${thisYear}.`;
  const registrationDate = form.registrationDate.trim() || null;
  if (registrationDate && (!ISO_DATE.test(registrationDate) || registrationDate > today))
    errors.registrationDate = 'Enter a first registration date that is not in the future.';
  else if (registrationDate && year !== null && Number(registrationDate.slice(0, 4)) !== year)
    errors.registrationDate = `The first registration date must be in ${year}.`;
  if (year !== null) {
    const plate = plateError(form.registration, year, errors.registrationDate ? null : registrationDate);
    if (plate) errors[plate.includes('registration date') ? 'registrationDate' : 'registration'] = plate;
  } else if (!form.registration.trim()) errors.registration = 'Enter the registration.';
  const mileage = inRange(form.mileage, 0, 999_999);
  if (mileage === null) errors.mileage = 'Enter the mileage: 0 to 999,999 miles.';
  const price = inRange(form.price, MIN_PRICE, MAX_PRICE);
  if (price === null) errors.price = 'The price must be between £100 and £5,000,000.';
  if (!form.fuel) errors.fuel = 'Choose the fuel.';
  if (!form.gearbox) errors.gearbox = 'Choose the gearbox.';
  if (!form.body) errors.body = 'Choose the body style.';
  const colour = form.colour.trim();
  if (!colour || colour.length > 40) errors.colour = 'Enter the colour (up to 40 characters).';
  const doors = inRange(form.doors, 2, 5);
  if (doors === null) errors.doors = 'Doors must be 2 to 5.';
  const seats = inRange(form.seats, 2, 9);
  if (seats === null) errors.seats = 'Seats must be 2 to 9.';
  const engineCc = form.fuel === 'electric' ? null : inRange(form.engineCc, 600, 8000);
  if (form.fuel !== 'electric' && engineCc === null) errors.engineCc = 'Enter the engine size: 600 to 8,000 cc.';
  const owners = form.previousOwners.trim() ? inRange(form.previousOwners, 0, 20) : null;
  if (form.previousOwners.trim() && owners === null) errors.previousOwners = 'Previous owners must be 0 to 20.';
  const mot = form.motExpiry.trim() || null;
  if (mot && (!ISO_DATE.test(mot) || mot > `${thisYear + 3}${today.slice(4)}`))
    errors.motExpiry = 'An MOT expiry is at most 3 years ahead.';
  const euro = form.euroStandard ? inRange(form.euroStandard, 1, 7) : null;
  if (form.euroStandard && euro === null) errors.euroStandard = 'Choose a Euro standard from the list.';
  const features = splitFeatures(form.features);
  if (features.some((f) => f.length > 60)) errors.features = 'Each feature is 1 to 60 characters.';
  else if (features.length > MAX_FEATURES) errors.features = 'List at most 30 features.';
  if (form.description.length > 5000) errors.description = 'Keep the description to 5,000 characters.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      registration: formatRegistration(form.registration),
      car_model_id: form.modelId,
      variant: form.variant.trim(),
      year: year!,
      registration_date: registrationDate,
      mileage: mileage!,
      price: price!,
      fuel_type: form.fuel as FuelType,
      gearbox: form.gearbox as Gearbox,
      body_style: form.body as BodyStyle,
      colour,
      doors: doors!,
      seats: seats!,
      engine_cc: engineCc,
      previous_owners: owners,
      service_history: form.serviceHistory,
      mot_expiry: mot,
      euro_standard: euro,
      features,
      description: form.description.trim(),
    },
  };
}

/** Whether a price needs the dealer's explicit confirmation (the same integer test as the server's guard). */
export function priceNeedsConfirmation(current: number | null, next: number): boolean {
  return next < CONFIRM_BELOW || (current !== null && next * 10 < current * 7);
}

/** The form field a server refusal's message belongs to (the trigger's sentences are the form's). */
export function fieldForServerMessage(message: string): StockField | null {
  const m = message.toLowerCase();
  const table: [string, StockField][] = [
    ['registration date', 'registrationDate'],
    ['registration', 'registration'],
    ['plate', 'registration'],
    ['model', 'modelId'],
    ['variant', 'variant'],
    ['year', 'year'],
    ['price', 'price'],
    ['mileage', 'mileage'],
    ['colour', 'colour'],
    ['doors', 'doors'],
    ['seats', 'seats'],
    ['engine size', 'engineCc'],
    ['previous owners', 'previousOwners'],
    ['mot', 'motExpiry'],
    ['euro standard', 'euroStandard'],
    ['feature', 'features'],
    ['description', 'description'],
    ['photo', 'photos'],
  ];
  return table.find(([needle]) => m.includes(needle))?.[1] ?? null;
}
