// Three-quarter views in true perspective: the side profile (car-profile.ts) is extruded into a body
// of the model's real width, with the greenhouse drawn in (tumblehome), seen by a camera standing off
// a front or rear corner. Every point is projected through the camera, so near parts come out larger
// than far ones and the front (or rear) face is foreshortened as in a photograph.
import type { CarShape } from './car-shape';
import { GROUND_Y, axleShares, rooflineOf, sideGlassPoints, wheelRadiusMm, type Roofline } from './car-profile';

type V3 = [number, number, number];
type P2 = [number, number];
export type Corner = 'front' | 'rear';

const r1 = (n: number): number => Math.round(n * 10) / 10;
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** Camera: 7.5 m from the car's centre, 38 degrees round from the side towards the chosen end, eye 1.9 m up. */
interface Camera {
  at: V3;
  project: (p: V3) => P2;
  depth: (p: V3) => number;
}

function camera(shape: CarShape, corner: Corner): Camera {
  const distance = 7500;
  const a = ((corner === 'front' ? 38 : -38) * Math.PI) / 180;
  const at: V3 = [distance * Math.sin(a), -distance * Math.cos(a), 1900];
  const f = unit(sub([0, 0, shape.heightMm * 0.45], at));
  const r = unit(cross(f, [0, 0, 1]));
  const u = cross(r, f);
  // Pixels per millimetre at the car's centre: the side view's scale, so sizes stay comparable.
  const k = Math.min(340, Math.max(205, 205 + (shape.lengthMm - 3400) * 0.068)) / shape.lengthMm;
  return {
    at,
    depth: (p) => dot(sub(p, at), f),
    project: (p) => {
      const v = sub(p, at);
      const d = dot(v, f);
      return [(dot(v, r) * distance * k) / d, (-dot(v, u) * distance * k) / d];
    },
  };
}

/** The side outline as (t, h): rear sill, up the tail, over deck and roof, down the screen and nose. */
function outline(shape: CarShape, line: Roofline, sillH: number): [number, number][] {
  const { deckEnd, tailH, roofRear, roofFront, cowl, noseH, belt } = line;
  const pts: [number, number][] = [
    [0, sillH],
    [0, tailH - 0.06],
    [0.03, tailH],
  ];
  if (shape.silhouette === 'pickup') pts.push([deckEnd, tailH], [deckEnd, 0.97], [roofRear, 1]);
  else if (shape.silhouette === 'convertible')
    pts.push([deckEnd, tailH + 0.02], [roofFront - 0.1, belt + 0.02], [roofFront, 0.9], [roofFront + 0.02, 0.9]);
  else {
    if (deckEnd > 0) pts.push([deckEnd, tailH + 0.02]);
    pts.push([roofRear, 1], [(roofRear + roofFront) / 2, 1.01], [roofFront, 1]);
  }
  pts.push([cowl, belt + 0.02], [0.97, noseH], [1, noseH - 0.1], [1, sillH]);
  return pts;
}

function shade(hex: string, amount: number): string {
  if (!hex.startsWith('#')) return hex;
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  return `#${((ch((n >> 16) & 255) << 16) | (ch((n >> 8) & 255) << 8) | ch(n & 255)).toString(16).padStart(6, '0')}`;
}

export interface PerspectiveParts {
  /** SVG of the car (shadow, far wheels, body, glass, near wheels, end-face details). */
  svg: string;
  /** Screen centre and radius for the brand badge on the visible end face. */
  badge: { x: number; y: number; r: number };
}

/** The car seen from a front or rear corner. Coordinates: x along the car (front +), y across (near -), z up; mm. */
export function perspectiveCar(shape: CarShape, paint: string, corner: Corner): PerspectiveParts {
  const line = rooflineOf(shape);
  const L = shape.lengthMm;
  const H = shape.heightMm;
  const W = shape.widthMm;
  const cam = camera(shape, corner);
  const sillH = (line.clearance + 0.06 * H) / H;
  // Tumblehome: the glasshouse narrows by a fifth from the belt line to the roof.
  const halfWidth = (h: number): number =>
    (W / 2) * (h <= line.belt ? 1 : 1 - 0.2 * ((h - line.belt) / (1 - line.belt)));
  const at = (t: number, h: number, side: -1 | 1, inset = 0): V3 => [
    (t - 0.5) * L,
    side * (halfWidth(h) - inset),
    h * H,
  ];

  // Project everything first, then place the picture: centred, its lowest point on the ground line.
  const raw: { pts: V3[]; fill: string; depth: number; stroke?: string }[] = [];
  const dark = shade(paint, -0.25);
  const light: V3 = unit([0.3, -0.4, 1]);
  const lit = (n: V3): string => shade(paint, 0.16 * dot(unit(n), light) - 0.06);

  const wheelR = wheelRadiusMm(shape);
  const wheelCircle = (t: number, side: -1 | 1, radius: number, from = 0, to = 2 * Math.PI, y = W / 2 - 40): V3[] => {
    const out: V3[] = [];
    const steps = 20;
    for (let i = 0; i <= steps; i++) {
      const a = from + ((to - from) * i) / steps;
      out.push([(t - 0.5) * L + Math.cos(a) * radius, side * y, wheelR + Math.sin(a) * radius]);
    }
    return out;
  };
  const [rearT, frontT] = axleShares(shape);

  // Far wheels show under the body.
  const back: { pts: V3[]; fill: string }[] = [rearT, frontT].map((t) => ({
    pts: wheelCircle(t, 1, wheelR),
    fill: '#121317',
  }));

  // Upper and end surfaces: one quad per outline edge, kept when it faces the camera.
  const pts = outline(shape, line, sillH);
  const greenhouse = shape.silhouette !== 'convertible';
  for (let i = 0; i < pts.length - 1; i++) {
    const [t0, h0] = pts[i];
    const [t1, h1] = pts[i + 1];
    const dx = (t1 - t0) * L;
    const dz = (h1 - h0) * H;
    const normal: V3 = [-dz, 0, dx];
    const quad = [at(t0, h0, -1), at(t1, h1, -1), at(t1, h1, 1), at(t0, h0, 1)];
    const mid: V3 = [(quad[0][0] + quad[2][0]) / 2, 0, (quad[0][2] + quad[2][2]) / 2];
    if (dot(normal, sub(cam.at, mid)) <= 0) continue;
    const roof = h0 >= 0.97 && h1 >= 0.97;
    const upper = Math.min(h0, h1) > line.belt + 0.005;
    let fill = lit(normal);
    if (upper && !roof) fill = '#2c3e50';
    if (shape.silhouette === 'pickup' && t1 <= line.deckEnd + 0.001 && h0 === h1) fill = '#2a2d33';
    if (!greenhouse && Math.abs(h0 - h1) < 0.03 && t0 >= line.deckEnd - 0.001 && t1 <= line.roofFront) fill = '#2b2f36';
    raw.push({ pts: quad, fill, depth: cam.depth(mid), stroke: dark });
  }
  raw.sort((a, b) => b.depth - a.depth);

  // The near side: body panel, side glass, shut lines, arches and wheels.
  const near: { pts: V3[]; fill: string; stroke?: string; width?: number }[] = [];
  near.push({ pts: pts.map(([t, h]) => at(t, h, -1)), fill: paint, stroke: dark, width: 1.5 });
  const glassPts = sideGlassPoints(shape).map(([t, h]) => at(t, h, -1, -4));
  near.push({ pts: glassPts, fill: '#263645' });
  near.push({ pts: [at(0.02, 0.42, -1, -2), at(0.98, 0.45, -1, -2)], fill: 'none', stroke: dark, width: 1 });
  for (const t of [rearT, frontT]) {
    near.push({ pts: wheelCircle(t, -1, wheelR * 1.12, 0, Math.PI, W / 2 + 2), fill: '#15171b' });
    near.push({ pts: wheelCircle(t, -1, wheelR, 0, 2 * Math.PI, W / 2 - 10), fill: '#1b1d22' });
    near.push({ pts: wheelCircle(t, -1, wheelR * 0.64, 0, 2 * Math.PI, W / 2 - 6), fill: '#9aa0a9' });
    near.push({ pts: wheelCircle(t, -1, wheelR * 0.5, 0, 2 * Math.PI, W / 2 - 5), fill: '#3d424a' });
  }

  // The visible end face: lamps, grille, number plate and the badge's place.
  const endT = corner === 'front' ? 1 : 0;
  const topH = corner === 'front' ? line.noseH - 0.1 : line.tailH - 0.06;
  const face = (u: number, v: number): V3 => [
    (endT - 0.5) * L + (corner === 'front' ? 2 : -2),
    (u - 0.5) * W * 0.94,
    (sillH + (topH - sillH) * v) * H,
  ];
  const rect = (u0: number, u1: number, v0: number, v1: number): V3[] => [
    face(u0, v0),
    face(u1, v0),
    face(u1, v1),
    face(u0, v1),
  ];
  const lamp = corner === 'front' ? '#fff6cf' : '#c1121f';
  const details: { pts: V3[]; fill: string; stroke?: string; width?: number }[] = [
    { pts: rect(0.04, 0.27, 0.66, 0.9), fill: lamp },
    { pts: rect(0.73, 0.96, 0.66, 0.9), fill: lamp },
    {
      pts: rect(0.36, 0.64, 0.1, 0.26),
      fill: corner === 'front' ? '#f4f5f7' : '#f2c230',
      stroke: '#1f2228',
      width: 0.6,
    },
  ];
  if (corner === 'front')
    details.push({ pts: shape.electric ? rect(0.3, 0.7, 0.34, 0.42) : rect(0.28, 0.72, 0.32, 0.58), fill: '#1f2228' });

  // Placement: every point counts towards the frame.
  const all = [...back, ...raw, ...near, ...details].flatMap((s) => s.pts).map(cam.project);
  const minX = Math.min(...all.map((p) => p[0]));
  const maxX = Math.max(...all.map((p) => p[0]));
  const maxY = Math.max(...all.map((p) => p[1]));
  const dx = 200 - (minX + maxX) / 2;
  const dy = GROUND_Y + 2 - maxY;
  const place = (p: V3): string => {
    const [x, y] = cam.project(p);
    return `${r1(x + dx)},${r1(y + dy)}`;
  };
  const poly = (s: { pts: V3[]; fill: string; stroke?: string; width?: number }): string => {
    if (s.fill === 'none') {
      const line = `points="${s.pts.map(place).join(' ')}" fill="none" stroke="${s.stroke}"`;
      return `<polyline ${line} stroke-width="${s.width ?? 1}" opacity="0.55"/>`;
    }
    const stroke = s.stroke ? ` stroke="${s.stroke}" stroke-width="${s.width ?? 0.8}" stroke-linejoin="round"` : '';
    return `<polygon points="${s.pts.map(place).join(' ')}" fill="${s.fill}"${stroke}/>`;
  };

  const shadowW = r1((maxX - minX) / 2 + 10);
  let svg = `<ellipse cx="200" cy="${GROUND_Y + 1}" rx="${shadowW}" ry="10" fill="#000" opacity="0.25"/>`;
  svg += back.map(poly).join('') + raw.map(poly).join('') + near.map(poly).join('') + details.map(poly).join('');
  const [bx, by] = cam.project(face(0.5, corner === 'front' ? 0.76 : 0.5));
  const [ex] = cam.project(face(0.56, corner === 'front' ? 0.76 : 0.5));
  return { svg, badge: { x: r1(bx + dx), y: r1(by + dy), r: Math.max(4, r1(Math.abs(ex - bx) * 0.9)) } };
}
