import { describe, expect, it } from 'vitest';
import { LANE_ROWS, inPackRange, nextInLane, remainingAfter, slicesAfter } from './offline-pack-lanes';

const uuid = (prefix: string, tail = '000000000001') => `${prefix}-0000-4000-8000-${tail}`;

describe('offline pack slices', () => {
  it('cut the ids after the first page into slices that meet with no gap and no overlap', () => {
    const last = uuid('3fffffff');
    const slices = slicesAfter(last, 3400);
    expect(slices).toHaveLength(Math.ceil(3400 / LANE_ROWS));
    expect(slices[0]).toMatchObject({ from: null, after: last });
    expect(slices[slices.length - 1].before).toBeNull();
    for (let i = 1; i < slices.length; i++) expect(slices[i].from).toBe(slices[i - 1].before);
    // Each slice spans an even share of what is left of the id space.
    expect(slices[1].from).toBe('70000000-0000-0000-0000-000000000000');
    // Every id after the first page falls in exactly one slice; the page's own ids in none.
    for (const id of [last, uuid('00000000'), uuid('3fffffff', '000000000002'), uuid('7a000000'), uuid('ffffffff')])
      expect(slices.filter((r) => inPackRange(id, r))).toHaveLength(id <= last ? 0 : 1);
    expect(inPackRange('70000000-0000-0000-0000-000000000000', slices[1])).toBe(true);
  });

  it('make one slice of ids that are not UUIDs, or of little left', () => {
    expect(slicesAfter('id-999', 4000)).toEqual([{ from: null, after: 'id-999', before: null }]);
    expect(slicesAfter(uuid('80000000'), 300)).toEqual([{ from: null, after: uuid('80000000'), before: null }]);
  });

  it('expect what the count leaves, else what the first page covered', () => {
    expect(remainingAfter(uuid('3fffffff'), 1000, 4395, 5000)).toBe(3395);
    expect(remainingAfter(uuid('3fffffff'), 1000, 9000, 5000)).toBe(4000);
    // A page of 1,000 over a quarter of the ids: about 4,000 in all.
    expect(remainingAfter(uuid('3fffffff'), 1000, null, 5000)).toBe(3000);
  });

  it('page on within a slice after its last id, never past the slice', () => {
    const [first, second] = slicesAfter(uuid('0fffffff'), 1800);
    const next = nextInLane(first, uuid('10000000'));
    expect(inPackRange(uuid('10000000'), next)).toBe(false);
    expect(inPackRange(uuid('10000000', '000000000002'), next)).toBe(true);
    expect(inPackRange(second.from ?? '', next)).toBe(false);
    // Upper-case ids compare as Postgres compares uuids.
    expect(inPackRange(uuid('10000000', '00000000000A'), next)).toBe(true);
  });
});
