// A small rasteriser for the car art's own SVG (tests only): fills the opaque shapes it draws (paths of
// M/L/Q/C/Z commands, circles, ellipses, rects and polygons) into a coverage bitmap, one sample per pixel
// centre, so silhouettes can be compared without a browser. Faint shapes (opacity under 0.6: shadows,
// sheen) and unfilled strokes are left out: they are not the car's outline.

import { pathPolygons, type Pt } from './svg-path';

export interface Bitmap {
  width: number;
  height: number;
  /** 1 where some opaque shape covers the pixel's centre. */
  data: Uint8Array;
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const num = (tag: string, name: string, fallback = 0): number => Number(attr(tag, name) ?? fallback);

/** Fill polygons (even-odd within one shape) into the bitmap. */
function fillPolygons(bm: Bitmap, polys: Pt[][]): void {
  for (let y = 0; y < bm.height; y++) {
    const cy = y + 0.5;
    const xs: number[] = [];
    for (const poly of polys)
      for (let k = 0; k < poly.length; k++) {
        const [x0, y0] = poly[k];
        const [x1, y1] = poly[(k + 1) % poly.length];
        if (y0 <= cy === y1 <= cy) continue;
        xs.push(x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0));
      }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - 0.5));
      const to = Math.min(bm.width - 1, Math.floor(xs[k + 1] - 0.5));
      for (let x = from; x <= to; x++) bm.data[y * bm.width + x] = 1;
    }
  }
}

function fillEllipse(bm: Bitmap, cx: number, cy: number, rx: number, ry: number): void {
  for (let y = Math.max(0, Math.floor(cy - ry)); y <= Math.min(bm.height - 1, Math.ceil(cy + ry)); y++)
    for (let x = Math.max(0, Math.floor(cx - rx)); x <= Math.min(bm.width - 1, Math.ceil(cx + rx)); x++) {
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - cy) / ry;
      if (dx * dx + dy * dy <= 1) bm.data[y * bm.width + x] = 1;
    }
}

/** Rasterise the opaque, filled shapes of `svg` at its viewBox size (no transforms). */
export function rasterise(svg: string, width = 400, height = 240): Bitmap {
  if (svg.includes('transform=')) throw new Error('Transformed shapes are not supported');
  const bm: Bitmap = { width, height, data: new Uint8Array(width * height) };
  for (const [tag, name] of svg.matchAll(/<(path|circle|ellipse|rect|polygon)\b[^>]*>/g)) {
    const fill = attr(tag, 'fill') ?? '#000';
    if (fill === 'none' || Number(attr(tag, 'opacity') ?? 1) < 0.6) continue;
    if (name === 'path') fillPolygons(bm, pathPolygons(attr(tag, 'd') ?? ''));
    else if (name === 'polygon') {
      const nums = (attr(tag, 'points') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      const poly: Pt[] = [];
      for (let k = 0; k + 1 < nums.length; k += 2) poly.push([nums[k], nums[k + 1]]);
      fillPolygons(bm, [poly]);
    } else if (name === 'rect') {
      const [x, y, w, h] = [num(tag, 'x'), num(tag, 'y'), num(tag, 'width'), num(tag, 'height')];
      fillPolygons(bm, [
        [
          [x, y],
          [x + w, y],
          [x + w, y + h],
          [x, y + h],
        ],
      ]);
    } else if (name === 'circle') fillEllipse(bm, num(tag, 'cx'), num(tag, 'cy'), num(tag, 'r'), num(tag, 'r'));
    else fillEllipse(bm, num(tag, 'cx'), num(tag, 'cy'), num(tag, 'rx'), num(tag, 'ry'));
  }
  return bm;
}

/** Intersection over union of two bitmaps' covered pixels. */
export function iou(a: Bitmap, b: Bitmap): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.data.length; i++) {
    both += a.data[i] & b.data[i];
    either += a.data[i] | b.data[i];
  }
  return either ? both / either : 1;
}

/** The covered pixels' bounding box. */
export function bounds(bm: Bitmap): { left: number; right: number; top: number; bottom: number } {
  let [left, right, top, bottom] = [bm.width, -1, bm.height, -1];
  for (let y = 0; y < bm.height; y++)
    for (let x = 0; x < bm.width; x++)
      if (bm.data[y * bm.width + x]) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return { left, right, top, bottom };
}
