import { describe, expect, it } from 'vitest';
import { DEFAULT_ANNUAL_MILES, MAX_ANNUAL_MILES, runningCostMiles } from './compare-store';

describe('runningCostMiles', () => {
  it("uses the profile's annual mileage until the user types one in a panel", () => {
    expect(runningCostMiles(DEFAULT_ANNUAL_MILES, false, 12_000)).toBe(12_000);
    expect(runningCostMiles(5_000, true, 12_000)).toBe(5_000);
  });
  it('falls back to the stored mileage without a usable profile figure, and clamps', () => {
    expect(runningCostMiles(DEFAULT_ANNUAL_MILES, false, null)).toBe(DEFAULT_ANNUAL_MILES);
    expect(runningCostMiles(DEFAULT_ANNUAL_MILES, false, 0)).toBe(DEFAULT_ANNUAL_MILES);
    expect(runningCostMiles(DEFAULT_ANNUAL_MILES, false, 90_000)).toBe(MAX_ANNUAL_MILES);
  });
});
