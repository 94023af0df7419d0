// SVG path data as polygons: the one reader of the car art's paths, shared by the picture worker (a path's
// bounds, for gradient frames) and the test rasteriser (silhouettes). Absolute or relative M/L/H/V/Q/C/Z; any
// other command throws, so art this reader cannot follow fails the tests instead of drawing wrongly.

export type Pt = [number, number];

const TOKENS = /[a-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi;

function bezier(ctrl: Pt[], t: number): Pt {
  let pts = ctrl;
  while (pts.length > 1)
    pts = pts.slice(1).map((p, k) => [pts[k][0] + (p[0] - pts[k][0]) * t, pts[k][1] + (p[1] - pts[k][1]) * t]);
  return pts[0];
}

/** A path's subpaths as polygons, each curve flattened into `curveSegments` straight segments. */
export function pathPolygons(d: string, curveSegments = 8): Pt[][] {
  const tokens = d.match(TOKENS) ?? [];
  const polys: Pt[][] = [];
  let cur: Pt[] = [];
  let at: Pt = [0, 0];
  let start: Pt = [0, 0];
  let cmd = 'M';
  let rel = false;
  let i = 0;
  const n = (): number => Number(tokens[i++]);
  const pt = (): Pt => {
    const [x, y] = [n(), n()];
    return rel ? [at[0] + x, at[1] + y] : [x, y];
  };
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i])) {
      const t = tokens[i++];
      cmd = t.toUpperCase();
      rel = t !== cmd;
      if (cmd === 'Z') {
        if (cur.length) polys.push(cur);
        cur = [];
        at = start;
        continue;
      }
    }
    if (cmd === 'Z') throw new Error('Numbers after Z');
    if (cmd === 'M') {
      if (cur.length) polys.push(cur);
      at = pt();
      start = at;
      cur = [at];
      cmd = 'L';
    } else if (cmd === 'L') {
      at = pt();
      cur.push(at);
    } else if (cmd === 'H') {
      at = [rel ? at[0] + n() : n(), at[1]];
      cur.push(at);
    } else if (cmd === 'V') {
      at = [at[0], rel ? at[1] + n() : n()];
      cur.push(at);
    } else if (cmd === 'Q' || cmd === 'C') {
      const ctrl: Pt[] = [at];
      for (let k = 0; k < (cmd === 'Q' ? 2 : 3); k++) ctrl.push(pt());
      for (let s = 1; s <= curveSegments; s++) cur.push(bezier(ctrl, s / curveSegments));
      at = ctrl[ctrl.length - 1];
    } else {
      throw new Error(`Unsupported path command ${cmd}`);
    }
  }
  if (cur.length) polys.push(cur);
  return polys;
}
