import { describe, expect, it } from 'vitest';
import { pathPolygons } from './svg-path';

describe('pathPolygons', () => {
  it('follows absolute and relative lines and closes subpaths', () => {
    expect(pathPolygons('M0,0 L10,0 l0,10 H0 z M20,20 h5 v5')).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
      [
        [20, 20],
        [25, 20],
        [25, 25],
      ],
    ]);
  });

  it('flattens a curve into the asked number of segments, ending on its end point', () => {
    const [poly] = pathPolygons('M0,0 Q10,10 20,0', 4);
    expect(poly).toHaveLength(5);
    expect(poly[2]).toEqual([10, 5]);
    expect(poly[4]).toEqual([20, 0]);
  });

  it('throws on a command it cannot follow instead of skipping it', () => {
    expect(() => pathPolygons('M0,0 A5,5 0 0 1 10,10')).toThrow('Unsupported path command A');
    expect(() => pathPolygons('M0,0 L1,1 Z 5,5')).toThrow('Numbers after Z');
  });
});
