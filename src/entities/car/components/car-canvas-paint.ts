// Paints a parsed car picture (car-canvas-scene.ts) on a 2D canvas as the browser paints the SVG: viewBox
// scaled to cover the canvas (preserveAspectRatio xMidYMid slice, as the page's <svg> and object-fit: cover
// crop it), gradients in each shape's bounding box, SVG's stroke defaults.
import type { Box, Gradient, Matrix, Scene, SceneShape, SceneText } from './car-canvas-scene';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type PathMaker = (d?: string) => Path2D;

const newPath: PathMaker = (d) => new Path2D(d);

function pathOf(s: SceneShape, make: PathMaker): Path2D {
  const g = s.geometry;
  if (g.kind === 'path') return make(g.d);
  const p = make();
  if (g.kind === 'ellipse') p.ellipse(g.cx, g.cy, g.rx, g.ry, 0, 0, Math.PI * 2);
  else if (g.rx > 0 || g.ry > 0) p.roundRect(g.x, g.y, g.w, g.h, [{ x: g.rx, y: g.ry }]);
  else p.rect(g.x, g.y, g.w, g.h);
  return p;
}

function gradientOf(ctx: Ctx, g: Gradient): CanvasGradient {
  const grad =
    g.kind === 'linear'
      ? ctx.createLinearGradient(g.x1, g.y1, g.x2, g.y2)
      : ctx.createRadialGradient(g.cx, g.cy, 0, g.cx, g.cy, g.r);
  for (const s of g.stops) grad.addColorStop(Math.min(1, Math.max(0, s.offset)), s.color);
  return grad;
}

/** Fills the path with a gradient in its bounding box's units (clip, then a unit square in the box's frame). */
function fillGradient(ctx: Ctx, path: Path2D, g: Gradient, box: Box): void {
  if (box.w <= 0 || box.h <= 0) return;
  ctx.save();
  ctx.clip(path);
  ctx.transform(box.w, 0, 0, box.h, box.x, box.y);
  ctx.fillStyle = gradientOf(ctx, g);
  ctx.fillRect(0, 0, 1, 1);
  ctx.restore();
}

function paintShape(ctx: Ctx, s: SceneShape, make: PathMaker): void {
  if (s.opacity <= 0 || (!s.fill && !s.stroke)) return;
  const path = pathOf(s, make);
  ctx.save();
  ctx.transform(...s.matrix);
  ctx.globalAlpha = s.opacity;
  if (s.fill) {
    if (typeof s.fill === 'string') {
      ctx.fillStyle = s.fill;
      ctx.fill(path);
    } else fillGradient(ctx, path, s.fill, s.box);
  }
  if (s.stroke && s.strokeWidth > 0) {
    ctx.lineWidth = s.strokeWidth;
    ctx.lineJoin = s.join;
    ctx.lineCap = s.cap;
    ctx.miterLimit = 4;
    ctx.setLineDash(s.dash);
    // A gradient stroke (not in the art today) is drawn in user units.
    ctx.strokeStyle = typeof s.stroke === 'string' ? s.stroke : gradientOf(ctx, s.stroke);
    ctx.stroke(path);
  }
  ctx.restore();
}

function paintText(ctx: Ctx, t: SceneText): void {
  ctx.save();
  ctx.transform(...t.matrix);
  ctx.font = t.font;
  ctx.textAlign = t.anchor;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = t.fill;
  ctx.fillText(t.text, t.x, t.y);
  ctx.restore();
}

/** The matrix that scales the scene to cover a width x height canvas, centred (xMidYMid slice). */
export function coverMatrix(scene: Pick<Scene, 'width' | 'height'>, width: number, height: number): Matrix {
  const k = Math.max(width / scene.width, height / scene.height);
  return [k, 0, 0, k, (width - scene.width * k) / 2, (height - scene.height * k) / 2];
}

/** Paints the scene over the whole canvas (width x height pixels). */
export function paintScene(ctx: Ctx, scene: Scene, width: number, height: number, make = newPath): void {
  ctx.save();
  ctx.setTransform(...coverMatrix(scene, width, height));
  for (const item of scene.items) {
    if (item.type === 'shape') paintShape(ctx, item, make);
    else paintText(ctx, item);
  }
  ctx.restore();
}
