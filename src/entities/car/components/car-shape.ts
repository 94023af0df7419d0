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

const PICKUP_NAMES = /\b(ranger|hilux|navara|l200|amarok|cybertruck|musso|d-max|gladiator|tundra|f-150)\b/i;
const MPV_NAMES =
  /\b(active tourer|touran|sharan|galaxy|s-max|berlingo|rifter|multivan|id\. buzz|zafira|tourneo|staria|carens|traveller)\b/i;
const OFF_ROADER_NAMES = /\b(defender|land cruiser|g-class|g-wagon|jimny|wrangler|bronco|grenadier|discovery)\b/i;

const BODY_DEFAULT: Record<BodyStyle, Silhouette> = {
  hatchback: 'hatchback',
  sedan: 'saloon',
  suv: 'suv',
  wagon: 'estate',
  coupe: 'coupe',
  convertible: 'convertible',
};

/** The silhouette of a model: its body style, refined by size, roofline and what the name says it is. */
export function silhouetteOf(model: Pick<CarModelRow, 'name' | 'body_style' | 'length_mm' | 'height_mm'>): Silhouette {
  const { name, body_style: body } = model;
  const length = model.length_mm ?? 0;
  const height = model.height_mm ?? 0;
  if (PICKUP_NAMES.test(name)) return 'pickup';
  if (body === 'hatchback' || body === 'suv') {
    if (MPV_NAMES.test(name)) return 'mpv';
  }
  if (body === 'suv' && (OFF_ROADER_NAMES.test(name) || height >= 1860)) return 'off-roader';
  if (body === 'hatchback' && length > 0 && length < 3800) return 'city';
  if (body === 'sedan' && height > 0 && height < 1420) return 'fastback';
  return BODY_DEFAULT[body];
}

export interface ShapeSubject {
  bodyStyle: BodyStyle;
  model?: Pick<
    CarModelRow,
    'name' | 'body_style' | 'length_mm' | 'height_mm' | 'doors' | 'fuel_type' | 'price_from' | 'power_bhp'
  > | null;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

/** The shape to draw: the model's own figures when known, else the body style's typical ones. */
export function carShape({ bodyStyle, model }: ShapeSubject): CarShape {
  const silhouette = model ? silhouetteOf(model) : BODY_DEFAULT[bodyStyle];
  const [len, hgt, wbShare, rim] = TYPICAL[silhouette];
  const lengthMm = clamp(model?.length_mm ?? len, 2500, 5800);
  const heightMm = clamp(model?.height_mm ?? hgt, 1100, 2100);
  const price = model?.price_from ?? 30_000;
  const bhp = model?.power_bhp ?? 150;
  // Bigger, dearer and faster cars wear bigger wheels.
  const wheelIn = clamp(Math.round(rim + (price - 30_000) / 40_000 + (bhp - 150) / 250), 14, 22);
  return {
    silhouette,
    lengthMm,
    heightMm,
    wheelbaseMm: Math.round(lengthMm * wbShare),
    wheelIn,
    doors: model?.doors ?? (silhouette === 'coupe' || silhouette === 'convertible' ? 2 : 5),
    electric: model?.fuel_type === 'electric',
    premium: price >= 60_000,
  };
}
