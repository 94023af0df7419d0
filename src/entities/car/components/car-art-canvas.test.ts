import { describe, expect, it } from 'vitest';
import { BODY_STYLES } from '@/data/catalogue/types';
import { carArtSvg, type Backdrop, type CarView } from './car-art';
import { drawCarArt, UnsupportedSvg, type Canvas2D } from './car-art-canvas';

const VIEWS: CarView[] = ['front-three-quarter', 'side', 'rear-three-quarter', 'interior'];
const BACKDROPS: Backdrop[] = ['studio', 'forecourt', 'dusk', 'showroom'];

/** A 2D context that records what is drawn (name and arguments, with the fill or stroke style). */
function recorder() {
  const ops: string[] = [];
  const gradient = (kind: string, args: number[]) => {
    ops.push(`${kind}(${args.join(',')})`);
    return { addColorStop: (o: number, c: string) => ops.push(`stop(${o},${c})`) } as unknown as CanvasGradient;
  };
  const stack: Record<string, unknown>[] = [];
  const STATE = ['fillStyle', 'strokeStyle', 'lineWidth', 'lineCap', 'lineJoin', 'globalAlpha', 'font', 'textAlign'];
  const ctx: Record<string, unknown> & { fillStyle: unknown; strokeStyle: unknown; globalAlpha: number } = {
    fillStyle: '' as string | CanvasGradient | CanvasPattern,
    strokeStyle: '' as string | CanvasGradient | CanvasPattern,
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    miterLimit: 10,
    globalAlpha: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    save: () => {
      stack.push(Object.fromEntries(STATE.map((k) => [k, ctx[k]])));
      ops.push('save');
    },
    restore: () => {
      Object.assign(ctx, stack.pop());
      ops.push('restore');
    },
    translate: (x: number, y: number) => ops.push(`translate(${x},${y})`),
    scale: (x: number, y: number) => ops.push(`scale(${x},${y})`),
    beginPath: () => undefined,
    closePath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    arc: () => undefined,
    ellipse: () => undefined,
    rect: () => undefined,
    fill: (p?: unknown) => ops.push(`fill ${String(ctx.fillStyle)}${p ? ` ${String(p)}` : ''} a${ctx.globalAlpha}`),
    stroke: () => ops.push(`stroke ${String(ctx.strokeStyle)} w${ctx.lineWidth} a${ctx.globalAlpha}`),
    fillText: (t: string, x: number, y: number) => ops.push(`text ${t} ${ctx.font} ${ctx.textAlign} ${x},${y}`),
    setLineDash: (d: number[]) => d.length && ops.push(`dash ${d.join(' ')}`),
    createLinearGradient: (...a: number[]) => gradient('linear', a),
    createRadialGradient: (...a: number[]) => gradient('radial', a),
  };
  return { ctx: ctx as unknown as Canvas2D, ops };
}

const makePath = (d: string) => `path:${d}` as unknown as Path2D;

describe('drawCarArt (the car art on a canvas)', () => {
  it('draws every picture car-art.ts makes, with nothing it does not understand', () => {
    for (const bodyStyle of BODY_STYLES)
      for (const view of VIEWS)
        for (const backdrop of BACKDROPS) {
          const { ctx, ops } = recorder();
          const svg = carArtSvg({ bodyStyle, colour: 'Red', view, backdrop, brand: 'Volkswagen' });
          drawCarArt(ctx, svg, 2, makePath);
          expect(ops[1]).toBe('scale(2,2)');
          expect(ops.filter((o) => o === 'save').length).toBe(ops.filter((o) => o === 'restore').length);
          const paint = view === 'interior' ? 'stroke #b3202a' : 'fill #b3202a';
          expect(ops.some((o) => o.startsWith(paint))).toBe(true);
          if (view !== 'side') expect(ops.some((o) => o.startsWith('text V 700 '))).toBe(true);
        }
  });

  it('follows the SVG: gradients in the box, inherited strokes, opacity, dashes, translate, text', () => {
    const { ctx, ops } = recorder();
    drawCarArt(
      ctx,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="400" height="240">' +
        '<defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fff"/>' +
        '<stop offset="1" stop-color="#ddd"/></radialGradient></defs><rect width="400" height="240" fill="url(#bg)"/>' +
        '<g stroke="#c9ced6" stroke-width="3"><line x1="0" y1="0" x2="5" y2="5"/></g>' +
        '<path d="M0,0 L1,1" stroke="#111" opacity="0.55" stroke-dasharray="24 16"/>' +
        '<path d="M0,0 L9,9 Z" fill="#222" transform="translate(0,-3)"/>' +
        '<text x="10" y="20" dy="0.35em" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700" ' +
        'font-size="10" fill="#22262d">A&amp;B</text></svg>',
      1,
      makePath,
    );
    expect(ops).toContain('radial(0.5,0.4,0,0.5,0.4,0.75)');
    expect(ops).toContain('stop(1,#ddd)');
    expect(ops).toContain('scale(400,240)');
    expect(ops).toContain('stroke #c9ced6 w3 a1');
    expect(ops).toContain('dash 24 16');
    expect(ops).toContain('stroke #111 w1 a0.55');
    expect(ops).toContain('fill #000 path:M0,0 L1,1 a0.55');
    expect(ops).toContain('translate(0,-3)');
    expect(ops).toContain('fill #222 path:M0,0 L9,9 Z a1');
    expect(ops).toContain('text A&B 700 10px Arial,sans-serif center 10,23.5');
  });

  it('refuses SVG it does not know, so the caller keeps the SVG picture', () => {
    const draw = (svg: string) => () => drawCarArt(recorder().ctx, svg, 1, makePath);
    expect(draw('<svg viewBox="0 0 4 4"><image href="x.png"/></svg>')).toThrow(UnsupportedSvg);
    expect(draw('<svg viewBox="0 0 4 4"><rect width="4" height="4" filter="url(#f)"/></svg>')).toThrow(UnsupportedSvg);
    expect(draw('<svg viewBox="0 0 4 4"><rect transform="rotate(4)" width="4" height="4"/></svg>')).toThrow(
      UnsupportedSvg,
    );
    expect(draw('<svg viewBox="0 0 4 4"><g opacity="0.5"><rect width="4" height="4"/></g></svg>')).toThrow(
      UnsupportedSvg,
    );
  });
});
