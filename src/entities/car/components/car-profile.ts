// Side profiles drawn from a car's shape: roofline points per silhouette, scaled by its real length,
// height, wheelbase and wheel size. Pure string building; car-art.ts composes the views from it.
import type { CarShape, Silhouette } from './car-shape';

/** Roofline as shares of length (t: 0 rear, 1 front) and of height (h: 0 ground, 1 roof). */
export interface Roofline {
  /** Where a rear deck (boot, bed) ends; 0 when the tail rises straight into the roof. */
  deckEnd: number;
  tailH: number;
  roofRear: number;
  roofFront: number;
  cowl: number;
  noseH: number;
  belt: number;
  /** Ground clearance, mm. */
  clearance: number;
}

const ROOFLINES: Record<Silhouette, Roofline> = {
  city: { deckEnd: 0, tailH: 0.82, roofRear: 0.06, roofFront: 0.6, cowl: 0.8, noseH: 0.54, belt: 0.6, clearance: 140 },
  hatchback: {
    deckEnd: 0,
    tailH: 0.7,
    roofRear: 0.13,
    roofFront: 0.6,
    cowl: 0.76,
    noseH: 0.48,
    belt: 0.6,
    clearance: 140,
  },
  suv: { deckEnd: 0, tailH: 0.76, roofRear: 0.09, roofFront: 0.62, cowl: 0.77, noseH: 0.6, belt: 0.6, clearance: 190 },
  'off-roader': {
    deckEnd: 0,
    tailH: 0.95,
    roofRear: 0.02,
    roofFront: 0.7,
    cowl: 0.75,
    noseH: 0.66,
    belt: 0.58,
    clearance: 240,
  },
  estate: {
    deckEnd: 0,
    tailH: 0.84,
    roofRear: 0.05,
    roofFront: 0.6,
    cowl: 0.76,
    noseH: 0.47,
    belt: 0.61,
    clearance: 140,
  },
  saloon: {
    deckEnd: 0.15,
    tailH: 0.66,
    roofRear: 0.31,
    roofFront: 0.62,
    cowl: 0.74,
    noseH: 0.46,
    belt: 0.62,
    clearance: 135,
  },
  fastback: {
    deckEnd: 0.05,
    tailH: 0.6,
    roofRear: 0.4,
    roofFront: 0.6,
    cowl: 0.74,
    noseH: 0.42,
    belt: 0.62,
    clearance: 125,
  },
  coupe: {
    deckEnd: 0.08,
    tailH: 0.62,
    roofRear: 0.37,
    roofFront: 0.56,
    cowl: 0.7,
    noseH: 0.42,
    belt: 0.63,
    clearance: 120,
  },
  convertible: {
    deckEnd: 0.38,
    tailH: 0.66,
    roofRear: 0.5,
    roofFront: 0.56,
    cowl: 0.68,
    noseH: 0.44,
    belt: 0.66,
    clearance: 120,
  },
  mpv: { deckEnd: 0, tailH: 0.86, roofRear: 0.04, roofFront: 0.74, cowl: 0.9, noseH: 0.5, belt: 0.56, clearance: 150 },
  pickup: {
    deckEnd: 0.37,
    tailH: 0.6,
    roofRear: 0.41,
    roofFront: 0.64,
    cowl: 0.76,
    noseH: 0.64,
    belt: 0.6,
    clearance: 230,
  },
};

export const GROUND_Y = 200;

export function rooflineOf(shape: CarShape): Roofline {
  return ROOFLINES[shape.silhouette];
}

/** Tyre radius in millimetres: the rim plus two sidewalls (taller on off-roaders and pickups). */
export function wheelRadiusMm(shape: CarShape): number {
  const sidewall =
    150 - shape.wheelIn * 3 + (shape.silhouette === 'off-roader' || shape.silhouette === 'pickup' ? 45 : 0);
  return (shape.wheelIn * 25.4 + 2 * sidewall) / 2;
}

/** Rear and front axle positions as shares of length (0 rear, 1 front). */
export function axleShares(shape: CarShape): [number, number] {
  const overhang = shape.lengthMm - shape.wheelbaseMm;
  const frontT = 1 - (overhang * 0.56) / shape.lengthMm;
  return [frontT - shape.wheelbaseMm / shape.lengthMm, frontT];
}

/** The side window as (t, h) points: the greenhouse inset from the outline, down to the belt line. */
export function sideGlassPoints(shape: CarShape): [number, number][] {
  const { roofRear, roofFront, cowl, belt } = ROOFLINES[shape.silhouette];
  if (shape.silhouette === 'convertible')
    return [
      [roofFront - 0.005, 0.87],
      [roofFront + 0.012, 0.87],
      [cowl - 0.03, belt + 0.02],
      [cowl - 0.05, belt + 0.02],
    ];
  const rearT = glassRearT(shape.silhouette, ROOFLINES[shape.silhouette]);
  const frontT = cowl - (cowl - roofFront) * 0.25;
  return [
    [rearT, belt + 0.02],
    [roofRear + 0.02, 0.95],
    [roofFront - 0.01, 0.95],
    [frontT, belt + 0.02],
  ];
}

function glassRearT(silhouette: Silhouette, line: Roofline): number {
  const { deckEnd, roofRear } = line;
  if (silhouette === 'pickup') return deckEnd + 0.03;
  return deckEnd > 0 ? deckEnd + (roofRear - deckEnd) * 0.35 : Math.max(0.025, roofRear * 0.4);
}

export interface Placement {
  /** Horizontal squeeze for three-quarter views (1 for a side view). */
  squeeze: number;
  /** Draw the car facing left (rear three-quarter). */
  mirror: boolean;
  /** Pixels to shift the car left so a face drawn beside it stays centred. */
  shift: number;
}

export interface Profile {
  shape: CarShape;
  line: Roofline;
  /** Pixels per millimetre. */
  k: number;
  x: (t: number) => number;
  y: (h: number) => number;
  roofY: number;
  sillY: number;
  wheelR: number;
  axleY: number;
  /** Rear and front wheel centres (t). */
  wheelT: [number, number];
  body: string;
  glass: string;
  pillars: number[];
}

const r1 = (n: number): number => Math.round(n * 10) / 10;

/** Car length on screen: small cars look small, but never postage-stamp small. */
function lengthPx(lengthMm: number): number {
  return Math.min(340, Math.max(205, 205 + (lengthMm - 3400) * 0.068));
}

export function profile(shape: CarShape, place: Placement): Profile {
  const line = ROOFLINES[shape.silhouette];
  const widthPx = lengthPx(shape.lengthMm);
  const k = widthPx / shape.lengthMm;
  const span = widthPx * place.squeeze;
  const left = 200 - span / 2 - place.shift;
  const x = (t: number): number => r1(place.mirror ? left + span - t * span : left + t * span);
  const heightPx = shape.heightMm * k;
  const y = (h: number): number => r1(GROUND_Y - h * heightPx);
  const wheelR = r1(wheelRadiusMm(shape) * k);
  const axleY = r1(GROUND_Y - wheelR);
  const sillY = r1(GROUND_Y - line.clearance * k - 0.06 * heightPx);
  const [rearT, frontT] = axleShares(shape);
  const roofY = y(1);
  const p = (t: number, h: number): string => `${x(t)},${y(h)}`;

  // Outline: rear bottom, up the tail, over the deck and roof, down the windscreen and bonnet, then
  // back along the sill with an arch over each wheel.
  const arch = (t: number): string => {
    const R = wheelR * 1.12;
    const dy = sillY - axleY;
    const dx = r1(Math.sqrt(Math.max(R * R - dy * dy, 1)) * place.squeeze);
    const cx = x(t);
    const [a, b] = place.mirror ? [cx - dx, cx + dx] : [cx + dx, cx - dx];
    return `L${r1(a)},${sillY} A${r1(R * place.squeeze)},${r1(R)} 0 1 ${place.mirror ? 1 : 0} ${r1(b)},${sillY}`;
  };
  const { deckEnd, tailH, roofRear, roofFront, cowl, noseH, belt } = line;
  const roofBow = r1(heightPx * 0.025);
  let top = `M${x(0)},${sillY} L${p(0, tailH - 0.08)} Q${p(0, tailH)} ${p(0.03, tailH)}`;
  if (shape.silhouette === 'pickup') {
    top += ` L${p(deckEnd, tailH)} L${p(deckEnd, 0.97)} Q${p(deckEnd, 1)} ${p(roofRear, 1)}`;
  } else if (shape.silhouette === 'convertible') {
    top += ` L${p(deckEnd, tailH + 0.02)} L${p(roofFront - 0.1, belt + 0.02)}`;
  } else {
    if (deckEnd > 0) top += ` L${p(deckEnd, tailH + 0.02)}`;
    top += ` L${p(roofRear, 1)}`;
  }
  const roof =
    shape.silhouette === 'convertible'
      ? ` L${p(roofFront, 0.9)} L${p(roofFront + 0.02, 0.9)} L${p(cowl, belt)}`
      : ` Q${x((roofRear + roofFront) / 2)},${r1(roofY - roofBow)} ${p(roofFront, 1)} L${p(cowl, belt + 0.02)}`;
  const nose = ` L${p(0.97, noseH)} Q${p(1, noseH - 0.01)} ${p(1, noseH - 0.1)} L${x(1)},${sillY}`;
  const body = `${top}${roof}${nose} ${arch(frontT)} ${arch(rearT)} Z`;

  // Side glass: the greenhouse inset from the outline, down to the belt line.
  const glassPts = sideGlassPoints(shape);
  const glass = `M${glassPts.map(([t, h]) => p(t, h)).join(' L')} Z`;
  const glassRearT = glassPts[0][0];
  const glassFrontT = glassPts[3][0];
  const pillars: number[] = [];
  if (shape.silhouette !== 'convertible') {
    const mid = (glassRearT + glassFrontT) / 2;
    if (shape.doors >= 4 || shape.silhouette === 'pickup') pillars.push(mid + 0.03);
    if (['estate', 'mpv', 'suv', 'off-roader'].includes(shape.silhouette))
      pillars.push(glassRearT + (mid - glassRearT) * 0.45);
  }
  return { shape, line, k, x, y, roofY, sillY, wheelR, axleY, wheelT: [rearT, frontT], body, glass, pillars };
}
