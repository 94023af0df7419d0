/** Option lists (SPEC §3) and their UK display names. */

export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const BODY_STYLES = ['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

export type Gearbox = 'manual' | 'automatic';
export type Drivetrain = 'fwd' | 'rwd' | 'awd';

/** UK buyers say saloon and estate, not sedan and wagon. */
export const BODY_STYLE_LABELS: Record<BodyStyle, string> = {
  sedan: 'Saloon',
  suv: 'SUV',
  hatchback: 'Hatchback',
  coupe: 'Coupe',
  wagon: 'Estate',
  convertible: 'Convertible',
};

export const FUEL_LABELS: Record<FuelType, string> = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  electric: 'Electric',
  hybrid: 'Hybrid',
};

export const GEARBOX_LABELS: Record<Gearbox, string> = { manual: 'Manual', automatic: 'Automatic' };

export const DRIVETRAIN_LABELS: Record<Drivetrain, string> = {
  fwd: 'Front-wheel drive',
  rwd: 'Rear-wheel drive',
  awd: 'All-wheel drive',
};

export function bodyStyleLabel(style: string): string {
  return (BODY_STYLE_LABELS as Record<string, string>)[style] ?? style;
}

export function fuelLabel(fuel: string): string {
  return (FUEL_LABELS as Record<string, string>)[fuel] ?? fuel;
}

export function isFuelType(value: string): value is FuelType {
  return (FUEL_TYPES as readonly string[]).includes(value);
}

export function isBodyStyle(value: string): value is BodyStyle {
  return (BODY_STYLES as readonly string[]).includes(value);
}
