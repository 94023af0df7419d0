// The car art worker's painter: what it asks of a 2D context for each kind of shape (a recording context,
// as node has no canvas; the pixels are compared with the browser's SVG in bench/car-canvas-fidelity.ts).
import { describe, expect, it } from 'vitest';
import { paintScene } from './car-canvas-paint';
import { parseScene } from './car-canvas-scene';

class FakePath {
  ops: string[] = [];
  constructor(public d?: string) {}
  ellipse(...a: number[]) {
    this.ops.push(`ellipse ${a.slice(0, 4).join(' ')}`);
  }
  rect(...a: number[]) {
    this.ops.push(`rect ${a.join(' ')}`);
  }
  roundRect(x: number, y: number, w: number, h: number) {
    this.ops.push(`roundRect ${x} ${y} ${w} ${h}`);
  }
}

function recorder() {
  const calls: string[] = [];
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(_, key: string) {
      if (key in state) return state[key];
      return (...args: unknown[]) => {
        const shown = args.map((a) => (a instanceof FakePath ? (a.d ?? a.ops.join(';')) : JSON.stringify(a)));
        calls.push(`${key}(${shown.join(', ')})`);
        if (key === 'createLinearGradient' || key === 'createRadialGradient')
          return { addColorStop: (o: number, c: string) => calls.push(`stop ${o} ${c}`) };
        return undefined;
      };
    },
    set(_, key: string, value: unknown) {
      state[key] = value;
      calls.push(`${key}=${typeof value === 'object' ? 'gradient' : String(value)}`);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

const paint = (svg: string, w = 800, h = 480) => {
  const { ctx, calls } = recorder();
  paintScene(ctx, parseScene(svg), w, h, (d) => new FakePath(d) as unknown as Path2D);
  return calls;
};

describe('paintScene', () => {
  it('scales the picture to the canvas and fills a solid shape with its opacity', () => {
    const calls = paint(
      '<svg viewBox="0 0 400 240"><ellipse cx="5" cy="6" rx="7" ry="8" fill="#000" opacity=".22"/></svg>',
    );
    expect(calls).toEqual([
      'save()',
      'setTransform(2, 0, 0, 2, 0, 0)',
      'save()',
      'transform(1, 0, 0, 1, 0, 0)',
      'globalAlpha=0.22',
      'fillStyle=#000',
      'fill(ellipse 5 6 7 8)',
      'restore()',
      'restore()',
    ]);
  });

  it("fills a gradient in the shape's bounding box: clipped, then a unit square in the box's frame", () => {
    const calls = paint(
      '<svg viewBox="0 0 400 240"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset=".5" stop-color="#fff"/>' +
        '</linearGradient></defs><path d="M10,20 L50,20 L50,60 Z" fill="url(#g)"/></svg>',
    );
    const at = calls.indexOf('clip(M10,20 L50,20 L50,60 Z)');
    expect(at).toBeGreaterThan(0);
    expect(calls.slice(at + 1)).toEqual(
      expect.arrayContaining([
        'transform(40, 0, 0, 40, 10, 20)',
        'createLinearGradient(0, 0, 0, 1)',
        'stop 0.5 #fff',
        'fillRect(0, 0, 1, 1)',
      ]),
    );
    expect(calls.some((c) => c.startsWith('fill('))).toBe(false);
  });

  it("strokes with SVG's defaults and dashes; draws the badge's text centred", () => {
    const calls = paint(
      '<svg viewBox="0 0 400 240"><path d="M0,212 L400,212" fill="none" stroke="#f4f5f7" stroke-width="3" stroke-dasharray="24 16"/>' +
        '<rect x="1" y="2" width="3" height="4" rx="1" fill="#eee"/>' +
        '<text x="20" y="30" text-anchor="middle" font-size="8" font-weight="700" font-family="Arial" fill="#222">VW</text></svg>',
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'lineWidth=3',
        'miterLimit=4',
        'lineJoin=miter',
        'setLineDash([24,16])',
        'stroke(M0,212 L400,212)',
        'fill(roundRect 1 2 3 4)',
        'font=700 8px Arial',
        'textAlign=center',
        'fillText("VW", 20, 30)',
      ]),
    );
    expect(calls.filter((c) => c.startsWith('fill('))).toHaveLength(1);
  });
});
