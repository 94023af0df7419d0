import { describe, expect, it } from 'vitest';
import { BODY_STYLES } from '@/data/catalogue/types';
import { carArtSvg, galleryShots, paintFor } from './car-art';

describe('car art', () => {
  it('paints known colours and gives unknown ones a stable colour', () => {
    expect(paintFor('Metallic Blue')).toBe('#1f4fa8');
    expect(paintFor('Polar White')).toBe('#f4f5f7');
    expect(paintFor('Moonbeam')).toBe(paintFor('Moonbeam'));
    expect(paintFor('Moonbeam')).toMatch(/^hsl\(/);
  });

  it('draws every body style from every angle as well-formed SVG', () => {
    for (const bodyStyle of BODY_STYLES) {
      for (const view of ['side', 'side-flipped', 'front', 'rear'] as const) {
        const svg = carArtSvg({ bodyStyle, colour: 'Red', view, backdrop: 'dusk' });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).toContain('#b3202a');
        expect(svg).not.toContain('undefined');
        expect(svg).not.toContain('NaN');
      }
    }
  });

  it('differs by body style', () => {
    expect(carArtSvg({ bodyStyle: 'suv', colour: 'Red' })).not.toBe(carArtSvg({ bodyStyle: 'hatchback', colour: 'Red' }));
  });

  it('makes four distinct shots per seed, and seeds vary the gallery', () => {
    const a = galleryShots(7);
    expect(new Set(a.map((s) => s.view)).size).toBe(4);
    expect(galleryShots(7)).toEqual(a);
    expect(galleryShots(8)).not.toEqual(a);
  });
});
