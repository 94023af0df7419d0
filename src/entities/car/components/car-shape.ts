// What a car looks like, from its catalogue facts: a body style (one of eleven) with the model's own
// length, height, width, wheelbase, doors and seats, and a few design traits drawn from its name, so two
// models of one style come out as different cars. The art (car-art.ts) draws from this.
import type { BodyStyle, CarModelRow } from '@/data/catalogue';

export type Silhouette =
  | 'city'
  | 'hatchback'
  | 'saloon'
  | 'estate'
  | 'small-suv'
  | 'large-suv'
  | 'coupe'
  | 'convertible'
  | 'mpv'
  | 'pickup'
  | 'van';

export const SILHOUETTES: readonly Silhouette[] = [
  'city',
  'hatchback',
  'saloon',
  'estate',
  'small-suv',
  'large-suv',
  'coupe',
  'convertible',
  'mpv',
  'pickup',
  'van',
];

/** The catalogue body style each silhouette is drawn for (the contact sheet and the silhouette test). */
export const SILHOUETTE_BODY: Record<Silhouette, BodyStyle> = {
  city: 'hatchback',
  hatchback: 'hatchback',
  saloon: 'sedan',
  estate: 'wagon',
  'small-suv': 'suv',
  'large-suv': 'suv',
  coupe: 'coupe',
  convertible: 'convertible',
  mpv: 'wagon',
  pickup: 'suv',
  van: 'wagon',
};

/** Design traits that vary between models of one body style (indices into each drawing's own options). */
export interface Traits {
  /** Grille family: 0 wide, 1 twin (BMW), 2 tall frame, 3 slim bar, 4 hexagon (electric cars get a closed panel). */
  grille: number;
  /** Headlamp shape: 0 slim, 1 swept, 2 split (light strip over lamps), 3 rounded. */
  head: number;
  /** Tail lamp shape: 0 full-width bar, 1 L-shape, 2 blocks, 3 slim wraparound. */
  tail: number;
  /** Roof curvature (0 flat .. 1 bowed) and how far the roof drops towards the tail (0 .. 1). */
  roofBow: number;
  roofDrop: number;
  /** Window line: rises towards the rear (0 level .. 1 rising), and ends in an upswept kink. */
  beltRise: number;
  kink: boolean;
  /** Windscreen and tailgate rake, -1 upright .. 1 raked. */
  rake: number;
  /** Bonnet length, -1 short .. 1 long. */
  bonnet: number;
  /** Wheel design: 0 five spokes, 1 twin spokes, 2 many spokes, 3 aero disc. */
  wheel: number;
  /** A black roof over the paint. */
  twoTone: boolean;
  /** Shoulder crease height as a share of the body side (0 low .. 1 high). */
  crease: number;
}

export interface CarShape {
  silhouette: Silhouette;
  lengthMm: number;
  heightMm: number;
  widthMm: number;
  wheelbaseMm: number;
  /** Rim size in inches. */
  wheelIn: number;
  doors: number;
  seats: number;
  electric: boolean;
  /** Luxury and performance cars get a richer cabin. */
  premium: boolean;
  rearDriven: boolean;
  traits: Traits;
}

/** Typical figures per body style: length, height (mm), wheelbase share of length, rim inches, seats. */
const TYPICAL: Record<Silhouette, [number, number, number, number, number]> = {
  city: [3650, 1500, 0.665, 15, 4],
  hatchback: [4150, 1470, 0.62, 17, 5],
  saloon: [4760, 1440, 0.6, 18, 5],
  estate: [4900, 1500, 0.6, 18, 5],
  'small-suv': [4380, 1600, 0.615, 18, 5],
  'large-suv': [4920, 1730, 0.6, 20, 5],
  coupe: [4420, 1300, 0.6, 19, 4],
  convertible: [4350, 1310, 0.59, 18, 2],
  mpv: [4600, 1740, 0.62, 17, 7],
  pickup: [5350, 1820, 0.6, 18, 5],
  van: [4970, 1930, 0.6, 17, 8],
};

const BODY_DEFAULT: Record<BodyStyle, Silhouette> = {
  hatchback: 'hatchback',
  sedan: 'saloon',
  suv: 'small-suv',
  wagon: 'estate',
  coupe: 'coupe',
  convertible: 'convertible',
};

export type SilhouetteFacts = Pick<
  CarModelRow,
  'body_style' | 'length_mm' | 'height_mm' | 'seats' | 'doors' | 'boot_litres'
>;

/**
 * The body style to draw, from the catalogue's facts only (its body styles are the SPEC's six, so the
 * other five are told by proportions and layout, not by names):
 * - pick-up: an SUV-class body over 5 m with four doors or no enclosed boot (an open bed);
 * - van: a hatchback or estate body 1,800 mm tall or more;
 * - MPV: a hatchback or estate of family length that is tall (1,540 mm and up) or seats seven;
 * - large SUV: an SUV 4,750 mm long or 1,780 mm tall or more; else a small SUV;
 * - city car: a hatchback under 3.8 m.
 */
export function silhouetteOf(model: SilhouetteFacts): Silhouette {
  const body = model.body_style;
  const length = model.length_mm ?? 0;
  const height = model.height_mm ?? 0;
  const hatchOrEstate = body === 'hatchback' || body === 'wagon';
  if (body === 'suv' && length >= 5000 && (model.doors === 4 || model.boot_litres === null)) return 'pickup';
  if (hatchOrEstate && height >= 1800) return 'van';
  if (hatchOrEstate && length >= 4000 && (height >= 1540 || model.seats >= 7)) return 'mpv';
  if (body === 'suv') return length >= 4750 || height >= 1780 ? 'large-suv' : 'small-suv';
  if (body === 'hatchback' && length > 0 && length < 3800) return 'city';
  return BODY_DEFAULT[body];
}

type ModelFacts = SilhouetteFacts &
  Pick<CarModelRow, 'fuel_type' | 'price_from' | 'power_bhp'> &
  Partial<Pick<CarModelRow, 'width_mm' | 'name' | 'drivetrain'>> & { wheelbase_mm?: number | null };

export interface ShapeSubject {
  bodyStyle: BodyStyle;
  model?: ModelFacts | null;
  /** Brand name: the grille family is the brand's, shared by its models. */
  brand?: string;
  /** Draw as this body style whatever the facts say (the contact sheet's pick-up and van). */
  silhouette?: Silhouette;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

/** A stable 32-bit hash (FNV-1a) of a string. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Grille families that read as the brand's own (twin openings only on BMWs); other brands by hash. */
const BRAND_GRILLE: Record<string, number> = { BMW: 1, Audi: 2, Lexus: 4, Toyota: 4, Ford: 3, Volkswagen: 3 };

/** Traits from the brand (grille) and the model's name (everything else), so a model always looks the same. */
export function traitsOf(brand: string, name: string, silhouette: Silhouette, electric: boolean): Traits {
  const b = hashOf(brand);
  let h = hashOf(`${brand}/${name}/${silhouette}`);
  const next = (n: number): number => {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = (h ^ (h >>> 12)) >>> 0;
    return h % n;
  };
  const unit = (): number => next(1000) / 999;
  const sporty = silhouette === 'coupe' || silhouette === 'convertible';
  return {
    grille: BRAND_GRILLE[brand] ?? [0, 2, 3, 4][b % 4],
    head: next(4),
    tail: next(4),
    roofBow: unit(),
    roofDrop: sporty ? 0.5 + unit() / 2 : unit(),
    beltRise: unit(),
    kink: next(3) === 0,
    rake: unit() * 2 - 1,
    bonnet: unit() * 2 - 1,
    wheel: electric && next(2) === 0 ? 3 : next(3),
    twoTone: (silhouette === 'city' || silhouette === 'small-suv') && next(3) === 0,
    crease: unit(),
  };
}

/** The shape to draw: the model's own figures when known, else the body style's typical ones. */
export function carShape({ bodyStyle, model, brand, silhouette: forced }: ShapeSubject): CarShape {
  const silhouette = forced ?? (model ? silhouetteOf(model) : BODY_DEFAULT[bodyStyle]);
  const [len, hgt, wbShare, rim, seats] = TYPICAL[silhouette];
  const lengthMm = clamp(model?.length_mm ?? len, 2500, 5800);
  const heightMm = clamp(model?.height_mm ?? hgt, 1100, 2100);
  // Width without mirrors; typical cars are about 40% as wide as long, plus 100 mm.
  const widthMm = clamp(model?.width_mm ?? Math.round(lengthMm * 0.4 + 100), 1450, 2200);
  const wheelbaseMm = clamp(model?.wheelbase_mm ?? Math.round(lengthMm * wbShare), lengthMm * 0.5, lengthMm * 0.72);
  const price = model?.price_from ?? 30_000;
  const bhp = model?.power_bhp ?? 150;
  // Bigger, dearer and faster cars wear bigger wheels.
  const wheelIn = clamp(Math.round(rim + (price - 30_000) / 40_000 + (bhp - 150) / 250), 14, 22);
  const electric = model?.fuel_type === 'electric';
  const twoDoor = silhouette === 'coupe' || silhouette === 'convertible';
  return {
    silhouette,
    lengthMm,
    heightMm,
    widthMm,
    wheelbaseMm,
    wheelIn,
    doors: model?.doors ?? (twoDoor ? 2 : silhouette === 'pickup' ? 4 : 5),
    seats: model?.seats ?? seats,
    electric,
    premium: price >= 60_000,
    rearDriven: model?.drivetrain === 'rwd' || (model?.drivetrain === 'awd' && price >= 45_000),
    traits: traitsOf(brand ?? '', model?.name ?? silhouette, silhouette, electric),
  };
}
