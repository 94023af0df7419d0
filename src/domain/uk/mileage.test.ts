import { describe, expect, it } from 'vitest';
import { annualMilesOrDefault, DEFAULT_ANNUAL_MILES, expectedMilesForAge, MAX_ANNUAL_MILES } from './mileage';

describe('the one annual-mileage default (issue 34)', () => {
  it('uses the user’s own mileage when it is sensible, else the default', () => {
    expect(DEFAULT_ANNUAL_MILES).toBe(8_000);
    expect(annualMilesOrDefault(12_000)).toBe(12_000);
    expect(annualMilesOrDefault(null)).toBe(DEFAULT_ANNUAL_MILES);
    expect(annualMilesOrDefault(0)).toBe(DEFAULT_ANNUAL_MILES);
    expect(annualMilesOrDefault(Number.NaN)).toBe(DEFAULT_ANNUAL_MILES);
    expect(annualMilesOrDefault(90_000)).toBe(MAX_ANNUAL_MILES);
  });

  it('estimates the miles a car of an age has done, to the nearest thousand', () => {
    expect(expectedMilesForAge(5)).toBe(40_000);
    expect(expectedMilesForAge(2.5, 10_000)).toBe(25_000);
    expect(expectedMilesForAge(-1)).toBe(0);
  });
});
