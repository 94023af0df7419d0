/** Option lists (SPEC §3) and their UK display names. */

/** 'hybrid' is a full or mild hybrid; a plug-in hybrid is its own fuel type (tax, ULEZ and costs differ). */
export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid', 'plugin_hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const BODY_STYLES = ['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

export const GEARBOXES = ['manual', 'automatic'] as const;
export type Gearbox = (typeof GEARBOXES)[number];
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
  plugin_hybrid: 'Plug-in hybrid',
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

/** The one synonym table: the words UK and US buyers (and URLs) use for each body style. */
export const BODY_STYLE_SYNONYMS: Readonly<Record<string, BodyStyle>> = {
  sedan: 'sedan',
  saloon: 'sedan',
  suv: 'suv',
  '4x4': 'suv',
  crossover: 'suv',
  hatchback: 'hatchback',
  hatch: 'hatchback',
  coupe: 'coupe',
  coupé: 'coupe',
  wagon: 'wagon',
  estate: 'wagon',
  tourer: 'wagon',
  'station-wagon': 'wagon',
  convertible: 'convertible',
  cabriolet: 'convertible',
  cabrio: 'convertible',
  roadster: 'convertible',
};

/** 'saloon' -> 'sedan', 'Estate' -> 'wagon'; undefined for a word that names no body style. */
export function bodyStyleFromWord(word: string): BodyStyle | undefined {
  const key = word.trim().toLowerCase().replace(/\s+/g, '-');
  return Object.hasOwn(BODY_STYLE_SYNONYMS, key) ? BODY_STYLE_SYNONYMS[key] : undefined;
}

/** A comma-separated body list with synonyms turned into the canonical values ('saloon,estate' -> 'sedan,wagon'). */
export function canonicalBodyList(raw: string): string {
  return raw
    .split(',')
    .map((w) => bodyStyleFromWord(w) ?? w.trim().toLowerCase())
    .join(',');
}
