import { describe, expect, it } from 'vitest';
import { lookupOutcode } from '@/domain/uk';
import { homeDistanceLabel } from './home-distance';

const point = (outcode: string) => {
  const found = lookupOutcode(outcode);
  if (!found.ok) throw new Error(`no centroid for ${outcode}`);
  return found.point;
};

describe('homeDistanceLabel', () => {
  it('gives the distance from the home postcode to the dealer', () => {
    const label = homeDistanceLabel('ls1 4ap', point('M1'));
    expect(label).toMatch(/^About \d+ miles from LS1 4AP$/);
    const miles = Number(/About (\d+)/.exec(label ?? '')?.[1]);
    expect(miles).toBeGreaterThan(30);
    expect(miles).toBeLessThan(45);
  });
  it('says less than a mile for the same outcode', () => {
    expect(homeDistanceLabel('LS1 4AP', point('LS1'))).toBe('Less than a mile from LS1 4AP');
  });
  it('is null without a home postcode, a dealer, or a postcode it can place', () => {
    expect(homeDistanceLabel(undefined, point('LS1'))).toBeNull();
    expect(homeDistanceLabel('', point('LS1'))).toBeNull();
    expect(homeDistanceLabel('LS1 4AP', null)).toBeNull();
    expect(homeDistanceLabel('hello', point('LS1'))).toBeNull();
  });
});
