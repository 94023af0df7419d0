// The interior view: the car from above with its roof lifted off, facing right, showing its seats in
// rows as the model has them (two in a roadster, five in a hatchback, seven in an MPV), the wheel on the
// right-hand side as in a UK car, dashboard and windscreen.
import { r1, roundedPath, type Corner } from './car-geometry';
import { GRADIENTS, TRIM, inks } from './car-parts';
import type { Side } from './car-profile';
import { lengthPx } from './car-side';

/** Seats per row, front first. */
export function seatRows(seats: number): number[] {
  const rows: Record<number, number[]> = {
    1: [1],
    2: [2],
    3: [3],
    4: [2, 2],
    5: [2, 3],
    6: [2, 2, 2],
    7: [2, 3, 2],
    8: [2, 3, 3],
    9: [3, 3, 3],
  };
  return rows[Math.min(9, Math.max(1, Math.round(seats)))];
}

export interface InteriorParts {
  svg: string;
  wheel: { x: number; y: number; r: number };
}

export function interiorView(sd: Side, paint: string): InteriorParts {
  const { shape, L } = sd;
  const k = lengthPx(L) / L;
  const len = L * k;
  const wid = shape.widthMm * k;
  const x0 = 200 - len / 2;
  const yc = 122;
  const X = (mm: number): number => x0 + mm * k;
  const ink = inks(paint);
  const seatFill = shape.premium ? '#8a6446' : '#3a3f47';
  const seatEdge = shape.premium ? '#5a3e2a' : '#1b1e23';
  const ident = (p: [number, number]): [number, number] => p;
  const path = (pts: Corner[], attrs: string): string => `<path d="${roundedPath(pts, ident)}" ${attrs}/>`;
  const half = wid / 2;
  // Body in plan: rounded at both ends, a little narrower at the nose.
  const body: Corner[] = [
    [x0, yc - half + 8, 26],
    [x0 + len * 0.5, yc - half, 60],
    [x0 + len - 6, yc - half + 10, 34],
    [x0 + len, yc, 6],
    [x0 + len - 6, yc + half - 10, 34],
    [x0 + len * 0.5, yc + half, 60],
    [x0, yc + half - 8, 26],
  ];
  let s = `<ellipse cx="200" cy="${yc}" rx="${r1(half * 0.2 + len / 2 + 8)}" ry="${r1(half + 10)}" fill="#000" opacity=".15"/>`;
  // Mirrors by the windscreen's foot.
  const mx = X(sd.cowl[0] - 160);
  for (const sy of [-1, 1])
    s += `<ellipse cx="${r1(mx)}" cy="${r1(yc + sy * (half + 5))}" rx="6" ry="4" fill="${paint}" stroke="${ink.edge}"/>`;
  s += path(body, `fill="${paint}" stroke="${ink.edge}" stroke-width="1.3"`);
  // The cabin: from the windscreen's foot back to the last row or the boot.
  const rows = seatRows(shape.seats);
  const front = X(sd.cowl[0]);
  const pitch = 860 * k;
  const back = Math.max(X(sd.roofRear[0] + 120), front - pitch * (rows.length + 0.25) - 40 * k);
  const inset = half * 0.14;
  const cabin: Corner[] = [
    [back, yc - half + inset, 16],
    [front, yc - half + inset + 4, 10],
    [front, yc + half - inset - 4, 10],
    [back, yc + half - inset, 16],
  ];
  s += path(cabin, `fill="#55595f" stroke="${TRIM}" stroke-width="1.2"`);
  // Windscreen and dashboard.
  s += `<path d="M${r1(front)},${r1(yc - half + inset + 4)}L${r1(front + 22)},${r1(yc - half + inset + 10)}L${r1(front + 22)},${r1(yc + half - inset - 10)}L${r1(front)},${r1(yc + half - inset - 4)}Z" fill="url(#ca-g)"/>`;
  s += `<rect x="${r1(front - 14)}" y="${r1(yc - half + inset + 3)}" width="14" height="${r1(wid - 2 * inset - 6)}" rx="3" fill="${TRIM}"/>`;
  // Seats: each a cushion and a backrest, rows back from the dashboard.
  const span = wid - 2 * inset - 8;
  rows.forEach((n, row) => {
    const sx = front - 22 - pitch * (row + 0.55);
    const sw = span / n;
    for (let i = 0; i < n; i++) {
      const cy = yc - span / 2 + sw * (i + 0.5);
      const w = Math.min(sw - 3, 30);
      s += `<rect x="${r1(sx - 10)}" y="${r1(cy - w / 2)}" width="${r1(pitch * 0.55)}" height="${r1(w)}" rx="4" fill="${seatFill}" stroke="${seatEdge}"/>`;
      s += `<rect x="${r1(sx - 16)}" y="${r1(cy - w / 2)}" width="9" height="${r1(w)}" rx="3" fill="${seatEdge}"/>`;
    }
  });
  // Steering wheel in front of the right-hand (lower, as the car faces right) front seat.
  const wy = yc + span / 4;
  const wx = front - 24;
  s += `<rect x="${r1(wx - 3)}" y="${r1(wy - 13)}" width="6" height="26" rx="3" fill="#0d0f12"/>`;
  return { svg: GRADIENTS + s, wheel: { x: r1(wx + 2), y: r1(wy), r: 4 } };
}
