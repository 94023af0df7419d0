// Three-quarter views in true perspective: the side profile (car-profile.ts) is extruded into a body of
// the model's real width, narrowing over the glasshouse and rounding in plan at the ends, seen by a camera
// standing off a front or rear corner. The near side's parts (car-parts.ts) are projected onto the body's
// side; the end in view gets its own face: lamps, grille and plate at the front, tail lamps, rear screen
// and plate at the back (a real rear, not the front mirrored).
import { flatten, lightness, r1, shade, type Corner, type P } from './car-geometry';
import { GRADIENTS, TRIM, TYRE, sideParts, wheelParts, type Part } from './car-parts';
import type { Side } from './car-profile';
import { GROUND_Y, lengthPx, partSvg } from './car-side';
import { endFace, type FacePart } from './car-face';

type V3 = [number, number, number];
export type End = 'front' | 'rear';

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** Camera 11 m from the car's centre, 52 degrees round from the side towards the chosen end, eye 1.5 m up. */
function camera(sd: Side, end: End) {
  const distance = 11000;
  const a = ((end === 'front' ? 52 : -52) * Math.PI) / 180;
  const at: V3 = [distance * Math.sin(a), -distance * Math.cos(a), 1500];
  const f = unit(sub([0, 0, sd.H * 0.45], at));
  const r = unit(cross(f, [0, 0, 1]));
  const u = cross(r, f);
  const k = lengthPx(sd.L) / sd.L;
  return {
    at,
    depth: (p: V3): number => dot(sub(p, at), f),
    project: (p: V3): P => {
      const v = sub(p, at);
      const d = dot(v, f);
      return [(dot(v, r) * distance * k) / d, (-dot(v, u) * distance * k) / d];
    },
  };
}

interface Poly {
  pts: V3[];
  fill: string;
  stroke?: string;
  sw?: number;
  op?: number;
  open?: boolean;
}

export interface PerspectiveParts {
  svg: string;
  /** Screen centre and radius for the brand badge on the end in view. */
  badge: { x: number; y: number; r: number };
}

export function perspectiveCar(sd: Side, paint: string, end: End): PerspectiveParts {
  const { L, H, shape } = sd;
  const W = shape.widthMm;
  const belt = sd.beltAt(L / 2);
  const cam = camera(sd, end);
  // Half-width at (x, z): the glasshouse leans in above the window line, the ends round off in plan.
  const hw = (x: number, z: number): number => {
    const tumble = z <= belt ? 1 : 1 - 0.17 * Math.min(1, (z - belt) / (H - belt));
    const e = Math.min(x, L - x) / 420;
    const plan = e >= 1 ? 1 : 0.9 + 0.1 * Math.sqrt(Math.max(0, e));
    return (W / 2) * tumble * plan;
  };
  const at = (x: number, z: number, side: -1 | 1, out = 0): V3 => [x - L / 2, side * (hw(x, z) + out), z];

  // Surfaces between the two sides, one per outline edge, kept when facing the camera; glass is inset.
  const outline = flatten(sd.outline, 2);
  const light: V3 = unit([0.25, -0.35, 1]);
  const surfaces: (Poly & { depth: number })[] = [];
  const pickupBed = shape.silhouette === 'pickup';
  const open = shape.silhouette === 'convertible';
  for (let i = 0; i < outline.length; i++) {
    const [x0, z0] = outline[i];
    const [x1, z1] = outline[(i + 1) % outline.length];
    const normal: V3 = [-(z1 - z0), 0, x1 - x0];
    if (Math.hypot(normal[0], normal[2]) < 1) continue;
    const quad = [at(x0, z0, -1), at(x1, z1, -1), at(x1, z1, 1), at(x0, z0, 1)];
    const mid: V3 = [(x0 + x1) / 2 - L / 2, 0, (z0 + z1) / 2];
    if (dot(normal, sub(cam.at, mid)) <= 0) continue;
    const n = unit(normal);
    // Light paints only darken away from the light, so a white bonnet still shows on a white background.
    const lift = lightness(paint) > 0.75 ? 0.1 * dot(n, light) - 0.17 : 0.18 * dot(n, light) - 0.05;
    const lit = shade(paint, lift);
    const depth = cam.depth(mid);
    surfaces.push({ pts: quad, fill: lit, stroke: lit, sw: 0.4, depth });
    const zMin = Math.min(z0, z1);
    const roof = zMin > H - 70;
    // Glass: screens above the window line, steep enough not to be a boot lid or the roof.
    const steep = Math.abs(z1 - z0) > 0.3 * Math.abs(x1 - x0);
    const glassy =
      !roof && steep && zMin > sd.beltAt((x0 + x1) / 2) + 5 && !(pickupBed && Math.max(x0, x1) <= sd.roofRear[0]);
    const inner = (s: number): V3[] => quad.map((p) => scaleY(p, s));
    if (glassy) {
      const fill = '#1d2832';
      surfaces.push({ pts: inner(open ? 0.95 : 0.84), fill, stroke: fill, sw: 0.6, depth: depth - 1 });
    }
    if (pickupBed && Math.abs(x1 - x0) < 1 && Math.abs(x0 - sd.roofRear[0] + 60) < 1 && zMin >= belt - 300)
      surfaces.push({
        pts: [at(x0, belt + 40, -1), at(x0, H - 150, -1), at(x0, H - 150, 1), at(x0, belt + 40, 1)].map((p) =>
          scaleY(p, 0.75),
        ),
        fill: '#1d2832',
        depth: depth - 1,
      });
    if (roof && shape.traits.twoTone) surfaces.push({ pts: inner(0.93), fill: TRIM, depth: depth - 1 });
    if (
      (pickupBed && Math.abs(z1 - z0) < 1 && Math.max(x0, x1) <= sd.roofRear[0] && zMin > belt - 200) ||
      (open && Math.abs(z1 - z0) < 40 && zMin > belt && zMin < belt + 60)
    )
      surfaces.push({ pts: inner(0.88), fill: '#2a2d32', depth: depth - 1 });
  }
  surfaces.sort((a, b) => b.depth - a.depth);

  const toPoly = (p: Part, side: -1 | 1, out: number): Poly => {
    const pts = p.circle ? circlePts(p.circle) : flatten(p.pts ?? [], 2);
    return {
      pts: pts.map(([x, z]) => at(x, z, side, out + (p.out ?? 0))),
      fill: p.fill,
      stroke: p.stroke,
      sw: p.sw,
      op: p.op,
      open: p.open,
    };
  };
  const [rx, fx] = sd.axles;
  const wheelStyle = shape.traits.wheel;
  const far: Poly[] = [rx, fx].map((x) => toPoly({ circle: [x, sd.wheelR, sd.wheelR], fill: TYRE }, 1, -60));
  const near = sideParts(sd, paint).map((p) => toPoly(p, -1, 0));
  // Near wheels: the tyre's inner edge, then its face; drawn flat in an affine frame (below), bounded here.
  const wheelAt: [number, number][] = [rx, fx].flatMap((x) => [
    [x, -110],
    [x, -25],
  ]);
  const wheels: Poly[] = wheelAt.map(([x, out]) => toPoly({ circle: [x, sd.wheelR, sd.wheelR], fill: TYRE }, -1, out));
  const face = endFace(sd, paint, end);
  const faceX = faceLine(outline, end);
  // Face parts are across the width in shares of the half-width: round their corners in millimetres.
  const onFace = (fp: FacePart): Poly => ({
    pts: flatten(
      fp.pts.map(([u, z, r]) => [(u * W) / 2, z, r] as Corner),
      2,
    ).map(([y, z]) => {
      const x = faceX(z) + (end === 'front' ? 4 : -4);
      return [x - L / 2, ((y * 2) / W) * hw(x, z) * 0.97, z];
    }),
    fill: fp.fill,
    stroke: fp.stroke,
    sw: fp.sw,
  });
  const details = face.parts.map(onFace);

  // Place the picture: centred, its lowest point on the ground line.
  const all = [...far, ...surfaces, ...near, ...wheels].flatMap((s) => s.pts).map(cam.project);
  const xs = all.map((p) => p[0]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const dx = 200 - (minX + maxX) / 2;
  const dy = GROUND_Y - Math.max(...all.map((p) => p[1]));
  const place = (p: V3): P => {
    const [x, y] = cam.project(p);
    return [x + dx, y + dy];
  };
  const svgOf = (s: Poly): string => {
    const pts = s.pts.map(place);
    const corners: Corner[] = pts.map(([x, y]) => [x, y, 0]);
    return partSvg({ pts: corners, fill: s.fill, stroke: s.stroke, sw: s.sw, op: s.op, open: s.open }, (q) => q, 1);
  };
  const groundPt = (x: number, y: number): P => place([x - L / 2, y, 0]);
  const shadow: Corner[] = [
    [...groundPt(40, -W / 2 + 20), 8],
    [...groundPt(L - 40, -W / 2 + 20), 8],
    [...groundPt(L - 40, W / 2 - 20), 8],
    [...groundPt(40, W / 2 - 20), 8],
  ];
  let svg = partSvg({ pts: shadow, fill: '#000', op: 0.28 }, (q) => q, 1);
  svg += [...far, ...surfaces, ...near].map(svgOf).join('');
  // A wheel is a flat disc: seen from afar it projects as an affine image of the side view's wheel, so the
  // side view's markup goes in a transformed group (a few circles instead of polygons of many points).
  for (const [x, out] of wheelAt) {
    const hub = at(x, sd.wheelR, -1, out);
    const [cx, cy] = place(hub);
    const [ux, uy] = place([hub[0] + 1000, hub[1], hub[2]]);
    const [vx, vy] = place([hub[0], hub[1], hub[2] + 1000]);
    const m = [(ux - cx) / 1000, (uy - cy) / 1000, -(vx - cx) / 1000, -(vy - cy) / 1000];
    const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    const parts = out < -50 ? [{ circle: [0, 0, sd.wheelR], fill: TYRE } as Part] : wheelParts(sd, 0, wheelStyle, 0);
    const local = parts
      .map((p) => partSvg({ ...p, sw: p.sw && +(p.sw / scale).toFixed(1) }, ([a, b]) => [a, -b], 1, 0))
      .join('');
    svg += `<g transform="matrix(${m.map((v) => +v.toFixed(5)).join(' ')} ${r1(cx)} ${r1(cy)})">${local}</g>`;
  }
  svg += details.map(svgOf).join('');
  const [bx, by] = place(onFace({ pts: [[0, face.badge[1], 0]], fill: '' }).pts[0]);
  const [ex] = place(onFace({ pts: [[0.12, face.badge[1], 0]], fill: '' }).pts[0]);
  return { svg: GRADIENTS + svg, badge: { x: r1(bx), y: r1(by), r: Math.max(3, r1(Math.abs(ex - bx) * 0.5)) } };
}

const scaleY = (p: V3, s: number): V3 => [p[0], p[1] * s, p[2]];

function circlePts([cx, cz, r]: [number, number, number]): P[] {
  const out: P[] = [];
  for (let i = 0; i < 20; i++) {
    const a = (i * Math.PI) / 10;
    out.push([cx + Math.cos(a) * r, cz + Math.sin(a) * r]);
  }
  return out;
}

/** The outline's foremost (front) or rearmost (rear) x at height z. */
function faceLine(outline: P[], end: End): (z: number) => number {
  return (z) => {
    let best = end === 'front' ? -Infinity : Infinity;
    for (let i = 0; i < outline.length; i++) {
      const [x0, z0] = outline[i];
      const [x1, z1] = outline[(i + 1) % outline.length];
      if ((z0 - z) * (z1 - z) > 0 || z0 === z1) continue;
      const x = x0 + ((z - z0) / (z1 - z0)) * (x1 - x0);
      best = end === 'front' ? Math.max(best, x) : Math.min(best, x);
    }
    return Number.isFinite(best) ? best : end === 'front' ? outline[0][0] : 0;
  };
}
