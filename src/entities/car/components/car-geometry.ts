// Plane geometry shared by the car drawings: polygons with rounded corners, in millimetres (x along the
// car from its tail, z up from the ground), turned into SVG path data or flattened to points for the
// three-quarter views' projection.

/** A corner: x, z (mm) and its rounding radius (mm, 0 for a sharp corner). */
export type Corner = [number, number, number];
export type P = [number, number];

export const r1 = (n: number): number => Math.round(n * 10) / 10;

interface Round {
  /** Where the corner's curve starts and ends, and the corner itself (the curve's control point). */
  a: P;
  b: P;
  c: P;
  sharp: boolean;
}

function roundCorners(pts: readonly Corner[]): Round[] {
  const n = pts.length;
  return pts.map(([x, z, r], i) => {
    const [px, pz] = pts[(i - 1 + n) % n];
    const [nx, nz] = pts[(i + 1) % n];
    const lp = Math.hypot(px - x, pz - z) || 1;
    const ln = Math.hypot(nx - x, nz - z) || 1;
    const d = Math.min(r, lp / 2, ln / 2);
    return {
      a: [x + ((px - x) / lp) * d, z + ((pz - z) / lp) * d],
      b: [x + ((nx - x) / ln) * d, z + ((nz - z) / ln) * d],
      c: [x, z],
      sharp: d < 0.5,
    };
  });
}

/** A number for path data: one decimal, no leading zero ("-.5"), joined to the previous by a comma unless signed. */
const num = (n: number, first: boolean, digits: number): string => {
  const s = String((digits ? r1(n) : Math.round(n)) || 0).replace(/^(-?)0\./, '$1.');
  return first || s.startsWith('-') ? s : `,${s}`;
};

/**
 * Path data in relative commands (shorter: most moves are a few pixels), from screen points. Each step is
 * the difference of rounded absolute points, so rounding never drifts.
 */
export class PathWriter {
  private d = '';
  private at: P = [0, 0];
  private cmd = '';
  /** `digits`: 1 for tenths (screen units), 0 for whole units (millimetres in a wheel's own frame). */
  constructor(private readonly digits = 1) {}
  private put(cmd: string, pts: P[]): void {
    const round = (n: number): number => (this.digits ? r1(n) : Math.round(n));
    const abs = pts.map(([x, y]) => [round(x), round(y)] as P);
    const rel = cmd === 'M' ? abs : abs.map(([x, y]) => [x - this.at[0], y - this.at[1]] as P);
    if (cmd !== this.cmd || cmd === 'M') this.d += cmd;
    else if (round(rel[0][0]) >= 0) this.d += ' ';
    this.cmd = cmd; // after an absolute M, a bare pair would be an absolute L: name the next command
    this.d += rel.map(([x, y], i) => num(x, i === 0, this.digits) + num(y, false, this.digits)).join('');
    this.at = abs[abs.length - 1];
  }
  move(p: P): void {
    this.put('M', [p]);
  }
  line(p: P): void {
    this.put('l', [p]);
  }
  quad(c: P, p: P): void {
    this.put('q', [c, p]);
  }
  close(): string {
    this.d += 'z';
    this.cmd = '';
    return this.d;
  }
  open(): string {
    return this.d;
  }
}

/** SVG path data of a closed rounded polygon, through `map` (mm to screen). */
export function roundedPath(pts: readonly Corner[], map: (p: P) => P, w = new PathWriter()): string {
  roundCorners(pts).forEach((c, i) => {
    const start = c.sharp ? map(c.c) : map(c.a);
    if (i === 0) w.move(start);
    else w.line(start);
    if (!c.sharp) w.quad(map(c.c), map(c.b));
  });
  return w.close();
}

/** The rounded polygon as points (each corner's curve in `steps` segments), for projection. */
export function flatten(pts: readonly Corner[], steps = 2): P[] {
  const out: P[] = [];
  for (const c of roundCorners(pts)) {
    if (c.sharp) {
      out.push(c.c);
      continue;
    }
    // Small roundings need fewer segments than a roof's long curve.
    const size = Math.hypot(c.a[0] - c.c[0], c.a[1] - c.c[1]);
    const n = size < 60 ? 1 : size < 250 ? Math.min(steps, 2) : steps;
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      out.push([
        u * u * c.a[0] + 2 * u * t * c.c[0] + t * t * c.b[0],
        u * u * c.a[1] + 2 * u * t * c.c[1] + t * t * c.b[1],
      ]);
    }
  }
  return out;
}

/** Points on a circle's arc (centre, radius, from and to angles in radians; anticlockwise in x-z). */
export function arc(cx: number, cz: number, r: number, from: number, to: number, steps: number): Corner[] {
  const out: Corner[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = from + ((to - from) * i) / steps;
    out.push([cx + Math.cos(a) * r, cz + Math.sin(a) * r, 0]);
  }
  return out;
}

/** Linear interpolation between a and b. */
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Shift a #rrggbb colour towards white (amount > 0) or black (< 0); other colour forms pass through. */
export function shade(hex: string, amount: number): string {
  if (!hex.startsWith('#')) return hex;
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  return `#${((ch((n >> 16) & 255) << 16) | (ch((n >> 8) & 255) << 8) | ch(n & 255)).toString(16).padStart(6, '0')}`;
}

/** Perceived lightness of a #rrggbb colour, 0 (black) .. 1 (white); mid-grey for other forms. */
export function lightness(hex: string): number {
  if (!hex.startsWith('#')) return 0.4;
  const n = parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}
