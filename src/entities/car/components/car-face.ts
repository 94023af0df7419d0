// A car's front and rear faces as parts across its width (u from -1, the near side, to 1) by height (z, mm):
// the front's lamps, grille (the brand's family; a closed panel on electric cars), intake and white plate;
// the rear's tail lamps, bumper and yellow plate. car-perspective.ts wraps them onto the body's end.
import type { Corner } from './car-geometry';
import { TRIM } from './car-parts';
import type { Side } from './car-profile';

export interface FacePart {
  pts: Corner[];
  fill: string;
  stroke?: string;
  sw?: number;
}

const LAMP = '#eef2f7';
const LAMP_EDGE = '#66707c';
const TAIL = '#b3121e';

/** A rectangle from u0 to u1 and z0 to z1 with rounded corners. */
const box = (u0: number, u1: number, z0: number, z1: number, r = 30): Corner[] => [
  [u0, z0, r],
  [u1, z0, r],
  [u1, z1, r],
  [u0, z1, r],
];

/** The same shape on both sides of the centre line. */
const pair = (pts: Corner[], fill: string, stroke?: string): FacePart[] => [
  { pts, fill, stroke, sw: 0.6 },
  { pts: pts.map(([u, z, r]) => [-u, z, r] as Corner), fill, stroke, sw: 0.6 },
];

// Corner radii are in mm on z but the u axis is a share of the half-width: keep them small.
function front(sd: Side, paint: string): { parts: FacePart[]; badge: [number, number] } {
  const { H, noseZ, clearance: c, shape } = sd;
  const { head, grille } = shape.traits;
  const top = noseZ - H * 0.035;
  const heads: Corner[][] = [
    box(0.6, 0.95, top - H * 0.05, top, 20),
    [
      [0.5, top - H * 0.045, 20],
      [0.96, top - H * 0.075, 30],
      [0.96, top, 20],
      [0.58, top, 20],
    ],
    box(0.55, 0.96, top - H * 0.022, top, 10),
    box(0.68, 0.95, top - H * 0.085, top, 60),
  ];
  const parts: FacePart[] = [];
  const gTop = top - H * 0.075;
  if (shape.electric) {
    parts.push({ pts: box(-0.42, 0.42, c + 95, c + 95 + H * 0.06, 30), fill: TRIM });
    if (head === 2 || head === 0) parts.push({ pts: box(-0.6, 0.6, top - H * 0.018, top, 10), fill: LAMP });
  } else if (grille === 1) {
    parts.push(...pair(box(0.03, 0.24, c + H * 0.2, gTop + H * 0.03, 80), TRIM, '#8d949d'));
  } else if (grille === 2) {
    parts.push({
      pts: [
        [-0.36, gTop, 60],
        [0.36, gTop, 60],
        [0.44, c + 100, 60],
        [-0.44, c + 100, 60],
      ],
      fill: TRIM,
      stroke: '#8d949d',
      sw: 0.8,
    });
  } else if (grille === 4) {
    const mid = (gTop + c + H * 0.12) / 2;
    parts.push({
      pts: [
        [-0.4, gTop, 20],
        [0.4, gTop, 20],
        [0.5, mid, 20],
        [0.3, c + H * 0.12, 20],
        [-0.3, c + H * 0.12, 20],
        [-0.5, mid, 20],
      ],
      fill: TRIM,
      stroke: '#8d949d',
      sw: 0.8,
    });
  } else {
    const slim = grille === 3;
    parts.push({ pts: box(-0.55, 0.55, slim ? gTop - H * 0.04 : c + H * 0.17, gTop, 40), fill: TRIM });
  }
  if (grille !== 2 || shape.electric)
    parts.push({ pts: box(-0.62, 0.62, c + 95, c + 95 + H * 0.08, 40), fill: TRIM, stroke: paint, sw: 0.5 });
  for (const h of [heads[head]]) parts.push(...pair(h, LAMP, LAMP_EDGE));
  if (head === 2) parts.push(...pair(box(0.62, 0.9, top - H * 0.12, top - H * 0.06, 30), '#d5dce4', LAMP_EDGE));
  parts.push({ pts: box(-0.26, 0.26, c + H * 0.13, c + H * 0.13 + 111, 10), fill: '#f7f7f4', stroke: '#333', sw: 0.5 });
  return { parts, badge: [0, Math.min(gTop - H * 0.01, c + H * 0.13 + 200)] };
}

function rear(sd: Side): { parts: FacePart[]; badge: [number, number] } {
  const { H, tailZ, clearance: c, shape } = sd;
  const s = shape.silhouette;
  const t = tailZ;
  const parts: FacePart[] = [];
  const tall = s === 'van' || s === 'pickup';
  if (tall) {
    parts.push(...pair(box(0.86, 0.98, t - H * 0.26, t - H * 0.02, 30), TAIL, '#5e0a10'));
  } else {
    const shapes: Corner[][] = [
      box(0.58, 0.97, t - H * 0.06, t - H * 0.005, 20),
      [
        [0.5, t - H * 0.04, 10],
        [0.97, t - H * 0.04, 20],
        [0.97, t - H * 0.12, 20],
        [0.86, t - H * 0.12, 10],
        [0.86, t - H * 0.075, 10],
        [0.5, t - H * 0.075, 10],
      ],
      box(0.62, 0.97, t - H * 0.1, t - H * 0.005, 30),
      box(0.7, 0.98, t - H * 0.035, t, 10),
    ];
    parts.push(...pair(shapes[shape.traits.tail], TAIL, '#5e0a10'));
    if (shape.traits.tail === 0) parts.push({ pts: box(-0.6, 0.6, t - H * 0.035, t - H * 0.015, 10), fill: TAIL });
  }
  parts.push({ pts: box(-0.72, 0.72, c + 110, c + 110 + H * 0.06, 40), fill: TRIM });
  parts.push(...pair(box(0.74, 0.9, c + 120 + H * 0.07, c + 120 + H * 0.09, 10), '#8a1018'));
  const plateTop = t - H * (tall ? 0.12 : 0.14);
  parts.push({ pts: box(-0.26, 0.26, plateTop - 111, plateTop, 10), fill: '#f2c230', stroke: '#333', sw: 0.5 });
  return { parts, badge: [0, plateTop + H * 0.05] };
}

export function endFace(
  sd: Side,
  paint: string,
  end: 'front' | 'rear',
): { parts: FacePart[]; badge: [number, number] } {
  return end === 'front' ? front(sd, paint) : rear(sd);
}
