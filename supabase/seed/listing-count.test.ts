// MOTORLY_LISTINGS scales the seed for benches; unset or empty keeps the usual 10,800.
import { expect, it } from 'vitest';
import { DEFAULT_LISTING_COUNT, listingCount } from './listings';

it('reads MOTORLY_LISTINGS, defaulting to 10,800 and refusing nonsense', () => {
  expect(DEFAULT_LISTING_COUNT).toBe(10_800);
  expect(listingCount(undefined)).toBe(10_800);
  expect(listingCount('')).toBe(10_800);
  expect(listingCount('50000')).toBe(50_000);
  expect(() => listingCount('lots')).toThrow(/MOTORLY_LISTINGS must be a whole number/);
  expect(() => listingCount('0')).toThrow(/MOTORLY_LISTINGS/);
});
