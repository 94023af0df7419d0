// The car art worker's reader of the art's SVG: every picture the art can make reads without an unknown tag
// or path command, every shape in the markup becomes a shape with its gradients, groups and opacities.
import { describe, expect, it } from 'vitest';
import { carArtSvg, type CarView } from './car-art';
import { coverMatrix } from './car-canvas-paint';
import { parseScene, parseTransform, pathBox, withOpacity, type SceneShape } from './car-canvas-scene';
import { SILHOUETTE_BODY, SILHOUETTES } from './car-shape';

const VIEWS: CarView[] = ['side', 'front-three-quarter', 'rear-three-quarter', 'interior'];
const BACKDROPS = ['studio', 'forecourt', 'dusk', 'showroom'] as const;

describe('parseScene', () => {
  it('reads every silhouette, view and backdrop the art draws: one shape per shape tag, no paint left unresolved', () => {
    for (const silhouette of SILHOUETTES)
      for (const view of VIEWS)
        for (const backdrop of BACKDROPS) {
          const svg = carArtSvg({
            bodyStyle: SILHOUETTE_BODY[silhouette],
            silhouette,
            colour: 'Red',
            view,
            backdrop,
            brand: 'Kia',
          });
          const scene = parseScene(svg);
          const shapes = scene.items.filter((i): i is SceneShape => i.type === 'shape');
          expect(shapes).toHaveLength([...svg.matchAll(/<(path|rect|circle|ellipse)\b/g)].length);
          for (const s of shapes) {
            for (const p of [s.fill, s.stroke]) if (typeof p === 'string') expect(p).not.toMatch(/url\(/);
            expect(Number.isFinite(s.box.w) && Number.isFinite(s.box.h)).toBe(true);
          }
          expect(scene.items.some((i) => i.type === 'text')).toBe(view !== 'side');
        }
  });

  it('resolves gradients (stops with opacity), group transforms, opacity, dashes and the badge text', () => {
    const scene = parseScene(
      '<svg viewBox="0 0 400 240"><defs><linearGradient id="a" x1="0" y1="0" x2=".4" y2="1">' +
        '<stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset="1" stop-color="#102030"/></linearGradient>' +
        '<radialGradient id="b" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#000"/></radialGradient></defs>' +
        '<rect width="400" height="240" fill="url(#b)"/>' +
        '<g transform="matrix(2 0 0 2 10 20)"><path d="M0,0 L10,0 L10,5 Z" fill="url(#a)" opacity=".5"/></g>' +
        '<path d="M0,212 L400,212" stroke="#f4f5f7" stroke-width="3" stroke-dasharray="24 16"/>' +
        '<text x="50" y="60" dy="0.35em" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700" ' +
        'font-size="10" fill="#22262d">R&amp;R</text></svg>',
    );
    const [bg, body, line, text] = scene.items;
    expect(bg).toMatchObject({
      fill: { kind: 'radial', cx: 0.5, cy: 0.4, r: 0.75 },
      box: { x: 0, y: 0, w: 400, h: 240 },
    });
    expect(body).toMatchObject({
      matrix: [2, 0, 0, 2, 10, 20],
      opacity: 0.5,
      box: { x: 0, y: 0, w: 10, h: 5 },
      fill: {
        kind: 'linear',
        x2: 0.4,
        y2: 1,
        stops: [
          { offset: 0, color: 'rgba(255,255,255,0.3)' },
          { offset: 1, color: '#102030' },
        ],
      },
    });
    expect(line).toMatchObject({
      fill: '#000',
      stroke: '#f4f5f7',
      strokeWidth: 3,
      dash: [24, 16],
      matrix: [1, 0, 0, 1, 0, 0],
    });
    expect(text).toMatchObject({
      type: 'text',
      text: 'R&R',
      x: 50,
      y: 63.5,
      anchor: 'center',
      font: '700 10px Arial,sans-serif',
    });
  });

  it('throws on what it cannot draw, rather than leaving it out', () => {
    expect(() => parseScene('<svg><polyline points="0,0 1,1"/></svg>')).toThrow(/polyline/);
    expect(() => parseScene('<svg><path d="M0,0 A5,5 0 0 1 10,10"/></svg>')).toThrow(/A/);
  });
});

describe('geometry helpers', () => {
  it("finds a path's box through relative lines and curves", () => {
    expect(pathBox('M10,10 l20,0 q10,10 0,20 L10,30 z')).toEqual({ x: 10, y: 10, w: 25, h: 20 });
  });
  it('composes transforms and folds opacity into colours', () => {
    expect(parseTransform('translate(5 6) scale(2)')).toEqual([2, 0, 0, 2, 5, 6]);
    expect(withOpacity('#abc', 0)).toBe('rgba(170,187,204,0)');
    expect(withOpacity('hsl(10 45% 40%)', 1)).toBe('hsl(10 45% 40%)');
  });
  it('covers a box of any shape with the 400x240 picture, centred (xMidYMid slice)', () => {
    expect(coverMatrix({ width: 400, height: 240 }, 800, 480)).toEqual([2, 0, 0, 2, 0, 0]);
    expect(coverMatrix({ width: 400, height: 240 }, 700, 300)).toEqual([1.75, 0, 0, 1.75, 0, -60]);
  });
});
