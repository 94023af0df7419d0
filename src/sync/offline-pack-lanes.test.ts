import { describe, expect, it } from 'vitest';
import { LANE_ROWS, inPackRange, nextInLane, packSlices } from './offline-pack-lanes';

const uuid = (prefix: string, tail = '000000000001') => `${prefix}-0000-4000-8000-${tail}`;

describe('offline pack slices', () => {
  it('cut the whole id space into slices that meet with no gap and no overlap', () => {
    const slices = packSlices(3400);
    expect(slices).toHaveLength(Math.ceil(3400 / LANE_ROWS));
    expect(slices[0].after).toBeNull();
    expect(slices[slices.length - 1].before).toBeNull();
    // Each slice spans an even share of the id space: four slices meet at 40..., 80... and c0....
    expect(slices.map((s) => s.before)).toEqual([
      '40000000-0000-0000-0000-000000000000',
      '80000000-0000-0000-0000-000000000000',
      'c0000000-0000-0000-0000-000000000000',
      null,
    ]);
    expect(slices[1].after).toBe('3fffffff-ffff-ffff-ffff-ffffffffffff');
    // Every id falls in exactly one slice, the boundaries included.
    for (const id of [
      uuid('00000000'),
      '3fffffff-ffff-ffff-ffff-ffffffffffff',
      '40000000-0000-0000-0000-000000000000',
      uuid('7a000000'),
      uuid('c0000000'),
      uuid('ffffffff', 'ffffffffffff'),
    ])
      expect(slices.filter((r) => inPackRange(id, r))).toHaveLength(1);
  });

  it('make one slice of a small pack', () => {
    expect(packSlices(300)).toEqual([{ after: null, before: null }]);
    expect(packSlices(0)).toEqual([{ after: null, before: null }]);
  });

  it('page on within a slice after its last id, never past the slice', () => {
    const [first, second] = packSlices(1800);
    const next = nextInLane(first, uuid('10000000'));
    expect(inPackRange(uuid('10000000'), next)).toBe(false);
    expect(inPackRange(uuid('10000000', '000000000002'), next)).toBe(true);
    expect(inPackRange(second.before ?? uuid('80000000'), next)).toBe(false);
    // Upper-case ids compare as Postgres compares uuids.
    expect(inPackRange(uuid('10000000', '00000000000A'), next)).toBe(true);
  });
});
