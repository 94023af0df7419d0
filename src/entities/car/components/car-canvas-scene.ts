// Reads the car art's own SVG markup (car-art.ts: the tags and attributes it emits, no more) into a list of
// shapes a 2D canvas can draw, for the picture worker (car-art.worker.ts), which has no DOMParser. The markup
// stays the one source of the drawing: the canvas picture is the SVG picture, drawn elsewhere.

import { pathPolygons } from './svg-path';

/** A 2D affine matrix [a, b, c, d, e, f], as SVG's matrix() and canvas's transform() take it. */
export type Matrix = [number, number, number, number, number, number];

export interface GradientStop {
  offset: number;
  /** A CSS colour with the stop's opacity folded in. */
  color: string;
}

/** A gradient in the shape's bounding box units (SVG's default objectBoundingBox), the only kind the art uses. */
export type Gradient =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; stops: GradientStop[] };

export type Paint = string | Gradient | null;

export type Geometry =
  | { kind: 'path'; d: string }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; rx: number; ry: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number };

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneShape {
  type: 'shape';
  geometry: Geometry;
  /** The geometry's bounding box in its own units (a gradient's frame). */
  box: Box;
  matrix: Matrix;
  fill: Paint;
  stroke: Paint;
  strokeWidth: number;
  opacity: number;
  dash: number[];
  join: CanvasLineJoin;
  cap: CanvasLineCap;
}

export interface SceneText {
  type: 'text';
  text: string;
  x: number;
  y: number;
  size: number;
  font: string;
  anchor: CanvasTextAlign;
  fill: string;
  matrix: Matrix;
}

export type SceneItem = SceneShape | SceneText;

export interface Scene {
  width: number;
  height: number;
  items: SceneItem[];
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** A transform attribute: matrix(), translate() and scale(), the forms the art (and a reader) would write. */
export function parseTransform(t: string): Matrix {
  let m = IDENTITY;
  for (const [, fn, args] of t.matchAll(/(matrix|translate|scale)\s*\(([^)]*)\)/g)) {
    const v = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const n: Matrix =
      fn === 'matrix'
        ? [v[0], v[1], v[2], v[3], v[4], v[5]]
        : fn === 'translate'
          ? [1, 0, 0, 1, v[0], v[1] ?? 0]
          : [v[0], 0, 0, v[1] ?? v[0], 0, 0];
    m = multiply(m, n);
  }
  return m;
}

/** A length or fraction: '50%' -> 0.5, '.4' -> 0.4. */
const frac = (v: string | undefined, fallback: number): number =>
  v === undefined ? fallback : v.endsWith('%') ? Number(v.slice(0, -1)) / 100 : Number(v);

/** A colour with an opacity: hex colours become rgba(); other CSS colours are kept when opaque. */
export function withOpacity(color: string, opacity: number): string {
  if (opacity >= 1) return color;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return opacity <= 0 ? 'rgba(0,0,0,0)' : color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r},${g},${b},${opacity})`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeText = (s: string): string =>
  s.replace(/&(#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ENTITIES[e],
  );

/** A path's bounding box: every point it passes through, curves sampled 16 times. */
export function pathBox(d: string): Box {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of pathPolygons(d, 16))
    for (const [x, y] of poly) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  return x0 <= x1 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : { x: 0, y: 0, w: 0, h: 0 };
}

type Attrs = Record<string, string>;

function attrsOf(s: string): Attrs {
  const a: Attrs = {};
  for (const [, k, v] of s.matchAll(/([\w:-]+)="([^"]*)"/g)) a[k] = v;
  return a;
}

const num = (a: Attrs, k: string, fallback = 0): number => (a[k] === undefined ? fallback : Number(a[k]));

function geometryOf(tag: string, a: Attrs): { geometry: Geometry; box: Box } | null {
  switch (tag) {
    case 'path': {
      const d = a.d ?? '';
      return { geometry: { kind: 'path', d }, box: pathBox(d) };
    }
    case 'rect': {
      const [x, y, w, h] = [num(a, 'x'), num(a, 'y'), num(a, 'width'), num(a, 'height')];
      const rx = num(a, 'rx', num(a, 'ry'));
      return { geometry: { kind: 'rect', x, y, w, h, rx, ry: num(a, 'ry', rx) }, box: { x, y, w, h } };
    }
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [num(a, 'cx'), num(a, 'cy')];
      const rx = tag === 'circle' ? num(a, 'r') : num(a, 'rx');
      const ry = tag === 'circle' ? rx : num(a, 'ry');
      return { geometry: { kind: 'ellipse', cx, cy, rx, ry }, box: { x: cx - rx, y: cy - ry, w: rx * 2, h: ry * 2 } };
    }
    default:
      return null;
  }
}

const SKIPPED = new Set(['svg', 'defs', 'stop', 'linearGradient', 'radialGradient', 'g', 'text']);

/**
 * The markup's shapes in paint order. Throws on a tag or path command it does not know, so a new kind of
 * shape in the art fails the unit tests rather than going missing from the canvas pictures.
 */
export function parseScene(svg: string): Scene {
  const items: SceneItem[] = [];
  const gradients = new Map<string, Gradient>();
  const pending: { item: SceneShape; fill?: string; stroke?: string }[] = [];
  const groups: Matrix[] = [IDENTITY];
  let gradient: Gradient | null = null;
  let text: SceneText | null = null;
  let [width, height] = [400, 240];
  for (const [, close, tag, rest, selfClose, chars] of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const matrix = groups[groups.length - 1];
    if (chars !== undefined) {
      if (text) text.text += unescapeText(chars);
      continue;
    }
    if (close) {
      if (tag === 'g') groups.pop();
      else if (tag === 'text' && text) items.push(text);
      if (tag === 'text') text = null;
      if (tag === 'linearGradient' || tag === 'radialGradient') gradient = null;
      continue;
    }
    const a = attrsOf(rest);
    if (tag === 'svg') {
      const vb = a.viewBox?.split(/[\s,]+/).map(Number);
      if (vb) [width, height] = [vb[2], vb[3]];
    } else if (tag === 'g') {
      if (!selfClose) groups.push(a.transform ? multiply(matrix, parseTransform(a.transform)) : matrix);
    } else if (tag === 'linearGradient' || tag === 'radialGradient') {
      gradient =
        tag === 'linearGradient'
          ? { kind: 'linear', x1: frac(a.x1, 0), y1: frac(a.y1, 0), x2: frac(a.x2, 1), y2: frac(a.y2, 0), stops: [] }
          : { kind: 'radial', cx: frac(a.cx, 0.5), cy: frac(a.cy, 0.5), r: frac(a.r, 0.5), stops: [] };
      if (a.id) gradients.set(a.id, gradient);
    } else if (tag === 'stop') {
      gradient?.stops.push({
        offset: frac(a.offset, 0),
        color: withOpacity(a['stop-color'] ?? '#000', frac(a['stop-opacity'], 1)),
      });
    } else if (tag === 'text') {
      const size = num(a, 'font-size', 16);
      const dy = a.dy?.endsWith('em') ? Number(a.dy.slice(0, -2)) * size : num(a, 'dy');
      const anchor = a['text-anchor'];
      text = {
        type: 'text',
        text: '',
        x: num(a, 'x'),
        y: num(a, 'y') + dy,
        size,
        font: `${a['font-weight'] ?? 'normal'} ${size}px ${a['font-family'] ?? 'sans-serif'}`,
        anchor: anchor === 'middle' ? 'center' : anchor === 'end' ? 'end' : 'start',
        fill: a.fill ?? '#000',
        matrix,
      };
      if (selfClose) text = null;
    } else if (!SKIPPED.has(tag)) {
      const shape = geometryOf(tag, a);
      if (!shape) throw new Error(`Unsupported SVG element <${tag}>`);
      const item: SceneShape = {
        type: 'shape',
        ...shape,
        matrix,
        fill: null,
        stroke: null,
        strokeWidth: num(a, 'stroke-width', 1),
        opacity: num(a, 'opacity', 1),
        dash:
          a['stroke-dasharray']
            ?.split(/[\s,]+/)
            .filter(Boolean)
            .map(Number) ?? [],
        join: (a['stroke-linejoin'] as CanvasLineJoin | undefined) ?? 'miter',
        cap: (a['stroke-linecap'] as CanvasLineCap | undefined) ?? 'butt',
      };
      items.push(item);
      pending.push({ item, fill: a.fill ?? '#000', stroke: a.stroke });
    }
  }
  // Gradients are looked up once the whole markup is read (a reference may come before its definition).
  const paint = (v: string | undefined): Paint => {
    if (!v || v === 'none') return null;
    const ref = /^url\(#([^)]+)\)$/.exec(v)?.[1];
    return ref === undefined ? v : (gradients.get(ref) ?? null);
  };
  for (const { item, fill, stroke } of pending) {
    item.fill = paint(fill);
    item.stroke = paint(stroke);
  }
  return { width, height, items };
}
