// The early answer's row (listing-request.ts: the listing with its brand and model embedded) read into what
// a listing page's top shows. Both draws of that top use it: the early view before the app runs
// (listing-view.ts) and the listing screen's first render, so the two show the same car the same way.
import type { BodyStyle, BrandRow, CarModelRow, ListingRow } from '@/data/catalogue';

/** What the picture reads of the model (its shape and proportions); any missing measurement has a default. */
export type EarlyModelFacts = Pick<
  CarModelRow,
  | 'name'
  | 'body_style'
  | 'fuel_type'
  | 'price_from'
  | 'seats'
  | 'doors'
  | 'boot_litres'
  | 'power_bhp'
  | 'length_mm'
  | 'width_mm'
  | 'height_mm'
  | 'wheelbase_mm'
> &
  Partial<Pick<CarModelRow, 'drivetrain'>>;

export interface EarlyListingParts {
  listing: Pick<
    ListingRow,
    'title' | 'condition' | 'year' | 'mileage' | 'fuel_type' | 'gearbox' | 'colour' | 'body_style' | 'image_seed'
  >;
  brand: Pick<BrandRow, 'name' | 'slug'> | null;
  model: EarlyModelFacts | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const one = (v: unknown): Record<string, unknown> | null =>
  Array.isArray(v) ? (v.find(isObject) ?? null) : isObject(v) ? v : null;
const numberOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The model's facts, or null without the ones the shape needs (the picture then draws the body style's). */
function modelFacts(model: Record<string, unknown> | null): EarlyModelFacts | null {
  if (!model) return null;
  const { name, body_style, fuel_type, drivetrain, price_from, seats, doors } = model;
  if (typeof name !== 'string' || typeof body_style !== 'string' || typeof fuel_type !== 'string') return null;
  if (typeof price_from !== 'number' || typeof seats !== 'number' || typeof doors !== 'number') return null;
  // The enums are the server's own columns (checked there); a string stands for its union here.
  return {
    name,
    body_style: body_style as BodyStyle,
    fuel_type: fuel_type as CarModelRow['fuel_type'],
    ...(typeof drivetrain === 'string' ? { drivetrain: drivetrain as CarModelRow['drivetrain'] } : {}),
    price_from,
    seats,
    doors,
    boot_litres: numberOrNull(model.boot_litres),
    power_bhp: numberOrNull(model.power_bhp),
    length_mm: numberOrNull(model.length_mm),
    width_mm: numberOrNull(model.width_mm),
    height_mm: numberOrNull(model.height_mm),
    wheelbase_mm: numberOrNull(model.wheelbase_mm),
  };
}

/**
 * The Data API's listing row with its embedded brand and model as the page's top needs it, or null when the
 * row lacks what the top shows.
 */
export function earlyListingParts(row: unknown): EarlyListingParts | null {
  if (!isObject(row)) return null;
  const { title, year, mileage, fuel_type, gearbox, colour, body_style, image_seed, condition } = row;
  if (typeof title !== 'string' || typeof colour !== 'string' || typeof body_style !== 'string') return null;
  if (typeof year !== 'number' || typeof mileage !== 'number' || typeof image_seed !== 'number') return null;
  if (typeof fuel_type !== 'string' || (gearbox !== 'manual' && gearbox !== 'automatic')) return null;
  const brand = one(row.brand);
  return {
    listing: {
      title,
      year,
      mileage,
      fuel_type: fuel_type as ListingRow['fuel_type'],
      gearbox,
      colour,
      body_style: body_style as BodyStyle,
      image_seed,
      condition: condition as ListingRow['condition'],
    },
    brand:
      brand && typeof brand.name === 'string' && typeof brand.slug === 'string'
        ? { name: brand.name, slug: brand.slug }
        : null,
    model: modelFacts(one(row.car_model)),
  };
}
