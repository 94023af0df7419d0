// The side view: the profile's parts (car-parts.ts) drawn flat, the car facing right over its shadow,
// sized by its real length so a city car looks small beside a large SUV.
import { PathWriter, r1, roundedPath, type P } from './car-geometry';
import { sideParts, wheelParts, type Part } from './car-parts';
import type { Side } from './car-profile';

export const GROUND_Y = 200;

/** Car length on screen, growing faster than the length: a city car looks small beside a large SUV. */
export function lengthPx(lengthMm: number): number {
  return Math.min(372, Math.max(190, lengthMm * 0.068 * (lengthMm / 4500) ** 0.3));
}

/** One part as SVG through `map` (mm to screen), at `scale` screen units per mm for circles. */
export function partSvg(p: Part, map: (q: P) => P, scale: number, digits = 1): string {
  const paint = ` fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.sw ?? 1}"` : ''}${
    p.op !== undefined ? ` opacity="${p.op}"` : ''
  }`;
  if (p.circle) {
    const [cx, cy] = map([p.circle[0], p.circle[1]]);
    return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(p.circle[2] * scale)}"${paint}/>`;
  }
  if (p.holes) {
    const w = new PathWriter(digits);
    for (const h of p.holes) roundedPath(h, map, w);
    return `<path d="${w.open()}"${paint}/>`;
  }
  const pts = p.pts ?? [];
  if (p.open) {
    const w = new PathWriter(digits);
    pts.forEach((c, i) => (i ? w.line(map([c[0], c[1]])) : w.move(map([c[0], c[1]]))));
    return `<path d="${w.open()}"${paint} stroke-linecap="round"/>`;
  }
  return `<path d="${roundedPath(pts, map, new PathWriter(digits))}"${paint} stroke-linejoin="round"/>`;
}

export interface SidePlacement {
  k: number;
  map: (q: P) => P;
  left: number;
  right: number;
}

export function sidePlacement(sd: Side): SidePlacement {
  const w = lengthPx(sd.L);
  const k = w / sd.L;
  const left = 200 - w / 2;
  return { k, left, right: left + w, map: ([x, z]) => [left + x * k, GROUND_Y - z * k] };
}

export function sideView(sd: Side, paint: string): string {
  const { k, map, left, right } = sidePlacement(sd);
  const [rx, fx] = sd.axles;
  let s = `<ellipse cx="${r1((left + right) / 2)}" cy="${GROUND_Y + 1}" rx="${r1((right - left) / 2 + 10)}" ry="6" fill="#000" opacity=".22"/>`;
  for (const ax of [rx, fx])
    s += `<ellipse cx="${r1(map([ax, 0])[0])}" cy="${GROUND_Y}" rx="${r1(sd.wheelR * k * 1.05)}" ry="2.6" fill="#000" opacity=".55"/>`;
  const parts = [
    ...sideParts(sd, paint),
    ...wheelParts(sd, rx, sd.shape.traits.wheel),
    ...wheelParts(sd, fx, sd.shape.traits.wheel),
  ];
  for (const p of parts) s += partSvg(p, map, k);
  return s;
}
