import { describe, expect, it } from 'vitest';
import { milesAway } from './listing-card';

describe('milesAway', () => {
  it('says "mile" for one and "miles" for the rest', () => {
    expect(milesAway(1)).toBe('1 mile away');
    expect(milesAway(1.4)).toBe('1 mile away');
    expect(milesAway(0.6)).toBe('1 mile away');
    expect(milesAway(2)).toBe('2 miles away');
    expect(milesAway(1234)).toBe('1,234 miles away');
  });

  it('never says "0 miles away"', () => {
    expect(milesAway(0)).toBe('under a mile away');
    expect(milesAway(0.4)).toBe('under a mile away');
  });
});
