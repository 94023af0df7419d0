// The near side of a car as layered parts in millimetres (x from the tail, z up): arch shadows, the body,
// its shading, trim, glass, pillars, shut lines, handles, mirror, lamps and wheels. The side view draws
// them flat; the three-quarter views project them onto the body's side (car-perspective.ts).
import { lightness, shade, type Corner } from './car-geometry';
import type { Side } from './car-profile';

export interface Part {
  /** A rounded polygon (or polyline when `open`), or a circle: centre and radius. */
  pts?: Corner[];
  /** Several closed polygons in one shape (a rim's openings). */
  holes?: Corner[][];
  circle?: [number, number, number];
  fill: string;
  stroke?: string;
  sw?: number;
  op?: number;
  open?: boolean;
  /** Distance out from the body's side (mm; the wheels sit inside the arches, the mirror stands out). */
  out?: number;
}

/** Fixed gradient ids (identical in every picture, so repeating them in a page of pictures is harmless). */
export const GRADIENTS =
  '<defs><linearGradient id="ca-s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".3"/>' +
  '<stop offset=".4" stop-color="#fff" stop-opacity="0"/><stop offset=".62" stop-color="#000" stop-opacity="0"/>' +
  '<stop offset="1" stop-color="#000" stop-opacity=".34"/></linearGradient>' +
  '<linearGradient id="ca-g" x1="0" y1="0" x2=".4" y2="1"><stop offset="0" stop-color="#6b8297"/>' +
  '<stop offset=".5" stop-color="#25323f"/><stop offset="1" stop-color="#11171d"/></linearGradient>' +
  '<linearGradient id="ca-r" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="#f1f3f5"/>' +
  '<stop offset=".55" stop-color="#aab1ba"/><stop offset="1" stop-color="#6a717b"/></linearGradient></defs>';

export const TRIM = '#15171b';
export const TYRE = '#1f2226';

/** Outline and line colours that show on the paint and off a light background, whatever the paint. */
export function inks(paint: string) {
  const l = lightness(paint);
  return {
    edge: l > 0.75 ? '#7b828c' : l < 0.2 ? '#000' : shade(paint, -0.3),
    line: l < 0.22 ? '#5a606a' : shade(paint, -0.32),
    crease: l < 0.4 ? shade(paint, 0.22) : shade(paint, -0.14),
    light: l < 0.22,
  };
}

/** Head and tail lamps on the side of the nose and tail, by the model's lamp traits. */
function lamps(sd: Side): Part[] {
  const { L, H, noseZ, tailZ, shape } = sd;
  const { head, tail } = shape.traits;
  const hz = noseZ - H * 0.05;
  const headShapes: Corner[][] = [
    [
      [L - 20, hz + 10, 20],
      [L - 360, hz + 25, 20],
      [L - 330, hz - 35, 20],
      [L - 40, hz - 45, 20],
    ],
    [
      [L - 15, hz, 30],
      [L - 520, hz + 40, 10],
      [L - 420, hz - 10, 30],
      [L - 60, hz - 75, 30],
    ],
    [
      [L - 20, hz + 30, 10],
      [L - 400, hz + 45, 10],
      [L - 390, hz + 20, 10],
      [L - 25, hz + 5, 10],
    ],
    [
      [L - 30, hz + 20, 60],
      [L - 300, hz + 25, 60],
      [L - 290, hz - 70, 60],
      [L - 40, hz - 70, 60],
    ],
  ];
  const parts: Part[] = [{ pts: headShapes[head], fill: '#e9eef4', stroke: '#6f7883', sw: 0.7 }];
  if (head === 2)
    parts.push({
      pts: [
        [L - 30, hz - 30, 20],
        [L - 250, hz - 20, 20],
        [L - 240, hz - 95, 20],
        [L - 40, hz - 95, 20],
      ],
      fill: '#cfd6de',
      stroke: '#6f7883',
      sw: 0.7,
    });
  const tz = tailZ + 15;
  const tailW = [260, 330, 200, 420][tail];
  const tailH = [70, 120, 150, 55][tail];
  parts.push({
    pts: [
      [0, tz, 20],
      [tailW, tz + 20, 30],
      [tailW - 40, tz - tailH + 20, 30],
      [10, tz - tailH, 20],
    ],
    fill: '#b3121e',
    stroke: '#5e0a10',
    sw: 0.7,
  });
  return parts;
}

/** A wheel's parts about its centre (x, z): tyre, sidewall, rim with its spokes, hub. */
export function wheelParts(sd: Side, x: number, style: number, z = sd.wheelR): Part[] {
  const R = sd.wheelR;
  const r = sd.rimR;
  const parts: Part[] = [
    { circle: [x, z, R], fill: TYRE, stroke: '#050607', sw: 0.8 },
    { circle: [x, z, R * 0.93], fill: 'none', stroke: '#454a53', sw: 1 },
    { circle: [x, z, r], fill: style === 3 ? '#c4c9d0' : 'url(#ca-r)', stroke: '#3b3f46', sw: 0.8 },
  ];
  const holes = [5, 10, 14, 5][style];
  const inner = r * (style === 3 ? 0.55 : 0.32);
  const outer = r * (style === 3 ? 0.8 : 0.86);
  const gap = style === 3 ? 0.5 : style === 0 ? 0.18 : style === 1 ? (Math.PI / holes) * 0.55 : 0.12;
  const openings: Corner[][] = [];
  for (let i = 0; i < holes; i++) {
    const a0 = (i * 2 * Math.PI) / holes + gap;
    const a1 = ((i + 1) * 2 * Math.PI) / holes - gap;
    const at = (rad: number, a: number): Corner => [x + Math.cos(a) * rad, z + Math.sin(a) * rad, 0];
    const mid = (a0 + a1) / 2;
    openings.push([
      at(inner, mid - 0.25 * (a1 - a0)),
      at(outer, a0),
      at(outer, mid),
      at(outer, a1),
      at(inner, mid + 0.25 * (a1 - a0)),
    ]);
  }
  parts.push({ holes: openings, fill: '#2b2f35' });
  parts.push({ circle: [x, z, r * 0.2], fill: '#d9dde2', stroke: '#555b63', sw: 0.6 });
  return parts;
}

/** Everything on the near side but the wheels, in drawing order, and the wheels last. */
export function sideParts(sd: Side, paint: string): Part[] {
  const { shape, H, L, axles, archR, wheelR, clearance, beltAt, cowl, glass, pillars, shutLines, handles } = sd;
  const { traits: t, silhouette: s } = shape;
  const ink = inks(paint);
  const rugged = s === 'small-suv' || s === 'large-suv' || s === 'pickup';
  const parts: Part[] = [];
  // Arch shadows, then the body, its shading, and the rim of light along its top.
  for (const ax of axles) parts.push({ circle: [ax, wheelR, archR * 0.98], fill: '#0b0c0e' });
  parts.push({ pts: sd.outline, fill: paint, stroke: ink.edge, sw: 1.3 });
  parts.push({ pts: sd.outline, fill: 'url(#ca-s)' });
  const creaseZ = (x: number): number => beltAt(x) - H * (0.07 + 0.09 * t.crease);
  parts.push({
    pts: [
      [120, creaseZ(0), 0],
      [L - 250, creaseZ(L) + 10, 0],
    ],
    open: true,
    fill: 'none',
    stroke: ink.crease,
    sw: 1,
  });
  // Lower body: dark cladding on SUVs and pick-ups, a sill shadow on the rest.
  const [rx, fx] = axles;
  const sillTop = clearance + (rugged ? 150 : 70);
  parts.push({
    pts: [
      [rx + archR, clearance + 5, 30],
      [fx - archR, clearance + 5, 30],
      [fx - archR - 20, sillTop, 30],
      [rx + archR + 20, sillTop, 30],
    ],
    fill: rugged ? '#2a2d32' : shade(paint, -0.2),
    op: rugged ? 1 : 0.6,
  });
  if (rugged)
    for (const ax of axles)
      parts.push({
        pts: [...arcCorners(ax, wheelR, archR + 45, 0.15), ...arcCorners(ax, wheelR, archR, 0.15).reverse()],
        fill: '#2a2d32',
      });

  // Glass, the pillars over it, and the window surround.
  if (glass.length) parts.push({ pts: glass, fill: 'url(#ca-g)', stroke: TRIM, sw: 1.2 });
  pillars.forEach((p, i) =>
    parts.push({ pts: p, fill: i === 0 || t.twoTone || s === 'coupe' ? TRIM : paint, stroke: TRIM, sw: 0.6 }),
  );
  if (s === 'convertible') parts.push(...convertibleCabin(sd));
  for (const l of shutLines)
    parts.push({ pts: l.map(([x, z]) => [x, z, 0] as Corner), open: true, fill: 'none', stroke: ink.line, sw: 0.9 });
  for (const [x, z] of handles)
    parts.push({
      pts: [
        [x - 80, z - 14, 14],
        [x + 80, z - 14, 14],
        [x + 80, z + 14, 14],
        [x - 80, z + 14, 14],
      ],
      fill: ink.light ? '#6a707a' : shade(paint, -0.18),
    });
  // The door mirror, standing off the window's front corner.
  const mz = beltAt(cowl[0]) + 20;
  const mx = cowl[0] - 120;
  parts.push({
    pts: [
      [mx - 150, mz - 10, 40],
      [mx + 60, mz + 10, 40],
      [mx + 50, mz + 140, 50],
      [mx - 140, mz + 130, 50],
    ],
    fill: t.twoTone ? TRIM : paint,
    stroke: ink.edge,
    sw: 0.9,
    out: 120,
  });
  parts.push(...lamps(sd));
  // Front intake below the bumper line.
  parts.push({
    pts: [
      [L - 45, clearance + 90, 20],
      [L - 330, clearance + 95, 20],
      [L - 300, clearance + 180, 20],
      [L - 25, clearance + 200, 20],
    ],
    fill: TRIM,
    op: 0.85,
  });
  return parts;
}

function arcCorners(cx: number, cz: number, r: number, foot: number): Corner[] {
  const out: Corner[] = [];
  for (let i = 0; i <= 8; i++) {
    const a = foot + ((Math.PI - 2 * foot) * i) / 8;
    out.push([cx + Math.cos(a) * r, cz + Math.sin(a) * r, 0]);
  }
  return out;
}

/** An open car's cabin over the doors: headrests and the windscreen's glass. */
function convertibleCabin(sd: Side): Part[] {
  const { beltAt, cowl, H, shape } = sd;
  const rows = shape.seats > 2 ? 2 : 1;
  const parts: Part[] = [];
  for (let i = 0; i < rows; i++) {
    const x = cowl[0] - 1050 - i * 800;
    const z = beltAt(x);
    parts.push({
      pts: [
        [x - 90, z - 20, 30],
        [x + 90, z - 20, 30],
        [x + 70, z + H * 0.17, 60],
        [x - 110, z + H * 0.17, 60],
      ],
      fill: '#2b2e34',
      stroke: TRIM,
      sw: 0.6,
    });
  }
  return parts;
}
