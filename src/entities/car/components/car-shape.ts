// What a car looks like, from its catalogue facts: a silhouette class and its real proportions.
// The art (car-art.ts) draws from this, so a Smart, a Polo and a Land Cruiser come out different.
import type { BodyStyle, CarModelRow } from '@/data/catalogue';

export type Silhouette =
  | 'city'
  | 'hatchback'
  | 'suv'
  | 'off-roader'
  | 'estate'
  | 'saloon'
  | 'fastback'
  | 'coupe'
  | 'convertible'
  | 'mpv'
  | 'pickup';

export const SILHOUETTES: readonly Silhouette[] = [
  'city',
  'hatchback',
  'suv',
  'off-roader',
  'estate',
  'saloon',
  'fastback',
  'coupe',
  'convertible',
  'mpv',
  'pickup',
];

export interface CarShape {
  silhouette: Silhouette;
  lengthMm: number;
  heightMm: number;
  widthMm: number;
  wheelbaseMm: number;
  /** Rim size in inches. */
  wheelIn: number;
  doors: number;
  electric: boolean;
  /** Lower is cheaper; luxury and performance cars get a richer cabin. */
  premium: boolean;
}

/** Typical proportions per silhouette: length, height (mm), wheelbase share of length, rim inches. */
const TYPICAL: Record<Silhouette, [number, number, number, number]> = {
  city: [3620, 1500, 0.65, 14],
  hatchback: [4200, 1460, 0.62, 16],
  suv: [4450, 1620, 0.61, 18],
  'off-roader': [4900, 1920, 0.6, 19],
  estate: [4750, 1480, 0.6, 17],
  saloon: [4800, 1440, 0.6, 17],
  fastback: [4900, 1380, 0.6, 20],
  coupe: [4450, 1320, 0.6, 19],
  convertible: [4450, 1320, 0.59, 18],
  mpv: [4450, 1650, 0.63, 17],
  pickup: [5350, 1820, 0.6, 18],
};

const BODY_DEFAULT: Record<BodyStyle, Silhouette> = {
  hatchback: 'hatchback',
  sedan: 'saloon',
  suv: 'suv',
  wagon: 'estate',
  coupe: 'coupe',
  convertible: 'convertible',
};

export type SilhouetteFacts = Pick<
  CarModelRow,
  'body_style' | 'length_mm' | 'height_mm' | 'seats' | 'doors' | 'boot_litres'
>;

/**
 * The silhouette of a model, from its catalogue facts only (the catalogue's body styles are the
 * SPEC's six, so MPVs and pickups are told by their proportions and layout, not by their names):
 * - pickup: an SUV-class body over 5 m with four doors or no enclosed boot (an open bed, no tailgate door);
 * - MPV: a hatchback or estate body of family length that is tall (1,540 mm and up) or seats seven;
 * - off-roader: an SUV 1,860 mm tall or more, or boxy (height at least 45% of length);
 * - city car: a hatchback under 3.8 m; fastback: a saloon lower than 1,420 mm.
 */
export function silhouetteOf(model: SilhouetteFacts): Silhouette {
  const body = model.body_style;
  const length = model.length_mm ?? 0;
  const height = model.height_mm ?? 0;
  const familyLength = length >= 4000;
  if (body === 'suv' && length >= 5000 && (model.doors === 4 || model.boot_litres === null)) return 'pickup';
  if ((body === 'hatchback' || body === 'wagon') && familyLength && (height >= 1540 || model.seats >= 7)) return 'mpv';
  if (body === 'suv' && (height >= 1860 || (length > 0 && height / length >= 0.45))) return 'off-roader';
  if (body === 'hatchback' && length > 0 && length < 3800) return 'city';
  if (body === 'sedan' && height > 0 && height < 1420) return 'fastback';
  return BODY_DEFAULT[body];
}

export interface ShapeSubject {
  bodyStyle: BodyStyle;
  model?:
    | (SilhouetteFacts &
        Pick<CarModelRow, 'fuel_type' | 'price_from' | 'power_bhp'> &
        Partial<Pick<CarModelRow, 'width_mm'>>)
    | null;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

/** The shape to draw: the model's own figures when known, else the body style's typical ones. */
export function carShape({ bodyStyle, model }: ShapeSubject): CarShape {
  const silhouette = model ? silhouetteOf(model) : BODY_DEFAULT[bodyStyle];
  const [len, hgt, wbShare, rim] = TYPICAL[silhouette];
  const lengthMm = clamp(model?.length_mm ?? len, 2500, 5800);
  const heightMm = clamp(model?.height_mm ?? hgt, 1100, 2100);
  // Width without mirrors; typical cars are about 40% as wide as long, plus 100 mm.
  const widthMm = clamp(model?.width_mm ?? Math.round(lengthMm * 0.4 + 100), 1450, 2200);
  const price = model?.price_from ?? 30_000;
  const bhp = model?.power_bhp ?? 150;
  // Bigger, dearer and faster cars wear bigger wheels.
  const wheelIn = clamp(Math.round(rim + (price - 30_000) / 40_000 + (bhp - 150) / 250), 14, 22);
  return {
    silhouette,
    lengthMm,
    heightMm,
    widthMm,
    wheelbaseMm: Math.round(lengthMm * wbShare),
    wheelIn,
    doors: model?.doors ?? (silhouette === 'coupe' || silhouette === 'convertible' ? 2 : 5),
    electric: model?.fuel_type === 'electric',
    premium: price >= 60_000,
  };
}
