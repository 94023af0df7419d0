// Draws the car art's SVG (car-art.ts) on a 2D canvas, so a worker can turn a picture into a bitmap: an
// <img> of a bitmap is decoded once off the main thread and then only composited, while an SVG <img> is a
// whole SVG document per picture, laid out and painted on the main thread and re-rastered as vectors.
// Only the SVG that car-art.ts writes is understood (its elements and attributes); anything else throws
// (UnsupportedSvg), and the caller keeps the SVG picture instead.

/** The part of CanvasRenderingContext2D / OffscreenCanvasRenderingContext2D the drawing uses. */
export type Canvas2D = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'translate'
  | 'scale'
  | 'beginPath'
  | 'closePath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'ellipse'
  | 'rect'
  | 'fill'
  | 'stroke'
  | 'fillText'
  | 'setLineDash'
  | 'createLinearGradient'
  | 'createRadialGradient'
> & {
  fillStyle: CanvasRenderingContext2D['fillStyle'];
  strokeStyle: CanvasRenderingContext2D['strokeStyle'];
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  miterLimit: number;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
};

/** A Path2D maker (the global one in a page or worker; tests pass their own). */
export type MakePath = (d: string) => Path2D;

export class UnsupportedSvg extends Error {}

interface Tag {
  name: string;
  attrs: Record<string, string>;
  close: boolean;
  selfClosing: boolean;
  /** Text up to the next tag. */
  text: string;
}

const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>([^<]*)/g;
const ATTR = /([\w:-]+)="([^"]*)"/g;

function tags(svg: string): Tag[] {
  const out: Tag[] = [];
  let at = 0;
  for (const m of svg.matchAll(TAG)) {
    if (m.index !== at) throw new UnsupportedSvg(`unexpected text at ${at}`);
    at = m.index + m[0].length;
    const attrs: Record<string, string> = {};
    for (const a of m[3].matchAll(ATTR)) attrs[a[1]] = a[2];
    out.push({ name: m[2], attrs, close: m[1] === '/', selfClosing: m[4] === '/', text: m[5] });
  }
  if (at !== svg.length) throw new UnsupportedSvg(`unexpected text at ${at}`);
  return out;
}

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Inherited presentation attributes (SVG initial values). */
interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  dash: number[];
  fontFamily: string;
  fontWeight: string;
  fontSize: number;
  anchor: string;
}

const INITIAL: Style = {
  fill: '#000',
  stroke: 'none',
  strokeWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  dash: [],
  fontFamily: 'sans-serif',
  fontWeight: '400',
  fontSize: 16,
  anchor: 'start',
};

const num = (v: string | undefined, fallback = 0): number => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UnsupportedSvg(`not a number: ${v}`);
  return n;
};

/** A number or a percentage (of 1) in a gradient's objectBoundingBox units. */
const fraction = (v: string | undefined, fallback: number): number =>
  v === undefined ? fallback : v.endsWith('%') ? num(v.slice(0, -1)) / 100 : num(v);

const KNOWN = new Set([
  'svg',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'g',
  'rect',
  'circle',
  'ellipse',
  'line',
  'path',
  'polygon',
  'polyline',
  'text',
]);
const ATTRS = new Set([
  'xmlns',
  'viewBox',
  'width',
  'height',
  'id',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'offset',
  'stop-color',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'opacity',
  'transform',
  'font-family',
  'font-weight',
  'font-size',
  'text-anchor',
  'dy',
]);

interface Gradient {
  kind: 'linear' | 'radial';
  attrs: Record<string, string>;
  stops: { offset: number; colour: string }[];
}

function styleOf(parent: Style, a: Record<string, string>): Style {
  const s = { ...parent };
  if (a.fill !== undefined) s.fill = a.fill;
  if (a.stroke !== undefined) s.stroke = a.stroke;
  if (a['stroke-width'] !== undefined) s.strokeWidth = num(a['stroke-width']);
  if (a['stroke-linecap'] !== undefined) s.lineCap = a['stroke-linecap'] as CanvasLineCap;
  if (a['stroke-linejoin'] !== undefined) s.lineJoin = a['stroke-linejoin'] as CanvasLineJoin;
  if (a['stroke-dasharray'] !== undefined) s.dash = a['stroke-dasharray'].split(/[\s,]+/).map((v) => num(v));
  if (a['font-family'] !== undefined) s.fontFamily = a['font-family'];
  if (a['font-weight'] !== undefined) s.fontWeight = a['font-weight'];
  if (a['font-size'] !== undefined) s.fontSize = num(a['font-size']);
  if (a['text-anchor'] !== undefined) s.anchor = a['text-anchor'];
  return s;
}

function points(v: string | undefined): [number, number][] {
  const ns = (v ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((p) => num(p));
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < ns.length; i += 2) out.push([ns[i], ns[i + 1]]);
  return out;
}

/**
 * Draws `svg` (as car-art.ts writes it, viewBox at the origin) on `ctx` at `scale` device pixels per SVG
 * unit. Throws UnsupportedSvg on anything it does not know, before or while drawing.
 */
export function drawCarArt(ctx: Canvas2D, svg: string, scale: number, makePath: MakePath): void {
  const list = tags(svg);
  for (const t of list) {
    if (!KNOWN.has(t.name)) throw new UnsupportedSvg(`element <${t.name}>`);
    for (const k of Object.keys(t.attrs)) if (!ATTRS.has(k)) throw new UnsupportedSvg(`attribute ${k}`);
    if (t.name === 'svg' && !t.close && t.attrs.viewBox && !/^0 0 /.test(t.attrs.viewBox))
      throw new UnsupportedSvg('viewBox not at the origin');
  }
  const gradients = new Map<string, Gradient>();
  const styles: Style[] = [INITIAL];
  let gradient: Gradient | null = null;
  let inDefs = false;
  ctx.save();
  ctx.scale(scale, scale);
  ctx.miterLimit = 4;
  try {
    for (const t of list) {
      if (t.close) {
        if (t.name === 'g') styles.pop();
        if (t.name === 'defs') inDefs = false;
        if (t.name === 'linearGradient' || t.name === 'radialGradient') gradient = null;
        continue;
      }
      const a = t.attrs;
      switch (t.name) {
        case 'svg':
          continue;
        case 'defs':
          inDefs = !t.selfClosing;
          continue;
        case 'linearGradient':
        case 'radialGradient':
          gradient = { kind: t.name === 'linearGradient' ? 'linear' : 'radial', attrs: a, stops: [] };
          if (a.id) gradients.set(a.id, gradient);
          if (t.selfClosing) gradient = null;
          continue;
        case 'stop':
          if (!gradient) throw new UnsupportedSvg('<stop> outside a gradient');
          gradient.stops.push({ offset: fraction(a.offset, 0), colour: a['stop-color'] ?? '#000' });
          continue;
        case 'g':
          if (a.opacity !== undefined || a.transform !== undefined) throw new UnsupportedSvg('group opacity');
          if (!t.selfClosing) styles.push(styleOf(styles[styles.length - 1], a));
          continue;
      }
      if (inDefs) throw new UnsupportedSvg(`<${t.name}> in defs`);
      shape(ctx, t, styleOf(styles[styles.length - 1], a), gradients, makePath);
    }
  } finally {
    ctx.restore();
  }
}

function translateOf(v: string | undefined): [number, number] | null {
  if (v === undefined) return null;
  const m = /^translate\(\s*(-?[\d.]+)(?:[\s,]+(-?[\d.]+))?\s*\)$/.exec(v.trim());
  if (!m) throw new UnsupportedSvg(`transform ${v}`);
  return [num(m[1]), num(m[2] ?? '0')];
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function paintOf(
  ctx: Canvas2D,
  value: string,
  box: Box | null,
  gradients: Map<string, Gradient>,
): string | CanvasGradient | null {
  if (value === 'none') return null;
  const ref = /^url\(#([^)]+)\)$/.exec(value);
  if (!ref) return value;
  const g = gradients.get(ref[1]);
  if (!g || !box) throw new UnsupportedSvg(`paint ${value}`);
  // objectBoundingBox units (the default): the gradient is drawn in the box's unit square, see bboxFill.
  const a = g.attrs;
  const grad =
    g.kind === 'linear'
      ? ctx.createLinearGradient(fraction(a.x1, 0), fraction(a.y1, 0), fraction(a.x2, 1), fraction(a.y2, 0))
      : ctx.createRadialGradient(
          fraction(a.fx ?? a.cx, 0.5),
          fraction(a.fy ?? a.cy, 0.5),
          0,
          fraction(a.cx, 0.5),
          fraction(a.cy, 0.5),
          fraction(a.r, 0.5),
        );
  for (const s of g.stops) grad.addColorStop(Math.max(0, Math.min(1, s.offset)), s.colour);
  return grad;
}

function shape(ctx: Canvas2D, t: Tag, s: Style, gradients: Map<string, Gradient>, makePath: MakePath): void {
  const a = t.attrs;
  let path: Path2D | null = null;
  let box: Box | null = null;
  const trace = (): void => {
    ctx.beginPath();
    switch (t.name) {
      case 'rect': {
        const x = num(a.x);
        const y = num(a.y);
        const w = num(a.width);
        const h = num(a.height);
        box = { x, y, w, h };
        const rx = Math.min(num(a.rx ?? a.ry), w / 2);
        const ry = Math.min(num(a.ry ?? a.rx), h / 2);
        if (rx > 0 && ry > 0) {
          ctx.moveTo(x + rx, y);
          ctx.lineTo(x + w - rx, y);
          ctx.ellipse(x + w - rx, y + ry, rx, ry, 0, -Math.PI / 2, 0);
          ctx.lineTo(x + w, y + h - ry);
          ctx.ellipse(x + w - rx, y + h - ry, rx, ry, 0, 0, Math.PI / 2);
          ctx.lineTo(x + rx, y + h);
          ctx.ellipse(x + rx, y + h - ry, rx, ry, 0, Math.PI / 2, Math.PI);
          ctx.lineTo(x, y + ry);
          ctx.ellipse(x + rx, y + ry, rx, ry, 0, Math.PI, (3 * Math.PI) / 2);
          ctx.closePath();
        } else ctx.rect(x, y, w, h);
        return;
      }
      case 'circle':
        ctx.arc(num(a.cx), num(a.cy), num(a.r), 0, 2 * Math.PI);
        ctx.closePath();
        return;
      case 'ellipse':
        ctx.ellipse(num(a.cx), num(a.cy), num(a.rx), num(a.ry), 0, 0, 2 * Math.PI);
        ctx.closePath();
        return;
      case 'line':
        ctx.moveTo(num(a.x1), num(a.y1));
        ctx.lineTo(num(a.x2), num(a.y2));
        return;
      case 'polygon':
      case 'polyline': {
        const ps = points(a.points);
        ps.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
        if (t.name === 'polygon') ctx.closePath();
        return;
      }
      case 'path':
        path = makePath(a.d ?? '');
        return;
      default:
        throw new UnsupportedSvg(`element <${t.name}>`);
    }
  };

  ctx.save();
  try {
    const shift = translateOf(a.transform);
    if (shift) ctx.translate(shift[0], shift[1]);
    if (a.opacity !== undefined) ctx.globalAlpha = num(a.opacity);
    if (t.name === 'text') {
      const fill = paintOf(ctx, s.fill, null, gradients);
      if (!fill) return;
      ctx.fillStyle = fill;
      ctx.font = `${s.fontWeight} ${s.fontSize}px ${s.fontFamily}`;
      ctx.textAlign = s.anchor === 'middle' ? 'center' : s.anchor === 'end' ? 'end' : 'start';
      ctx.textBaseline = 'alphabetic';
      const dy = a.dy?.endsWith('em') ? num(a.dy.slice(0, -2)) * s.fontSize : num(a.dy);
      ctx.fillText(unescape(t.text), num(a.x), num(a.y) + dy);
      return;
    }
    trace();
    const fill = t.name === 'line' ? null : paintOf(ctx, s.fill, box, gradients);
    if (fill) {
      if (typeof fill !== 'string') {
        // A bounding-box gradient: draw the box's unit square through the box's transform.
        const b = box as Box | null;
        if (!b) throw new UnsupportedSvg('gradient on a shape without a box');
        ctx.save();
        ctx.translate(b.x, b.y);
        ctx.scale(b.w, b.h);
        ctx.fillStyle = fill;
        ctx.beginPath();
        ctx.rect(0, 0, 1, 1);
        ctx.fill();
        ctx.restore();
        trace();
      } else {
        ctx.fillStyle = fill;
        if (path) ctx.fill(path);
        else ctx.fill();
      }
    }
    const stroke = paintOf(ctx, s.stroke, null, gradients);
    if (stroke && s.strokeWidth > 0) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = s.strokeWidth;
      ctx.lineCap = s.lineCap;
      ctx.lineJoin = s.lineJoin;
      ctx.setLineDash(s.dash);
      if (path) ctx.stroke(path);
      else ctx.stroke();
    }
  } finally {
    ctx.restore();
  }
}
