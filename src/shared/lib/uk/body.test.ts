import { describe, expect, it } from 'vitest';
import { BODY_STYLES, FUEL_TYPES, bodyStyleLabel, fuelLabel, isBodyStyle, isFuelType } from './body';

describe('UK labels', () => {
  it('says saloon and estate', () => {
    expect(bodyStyleLabel('sedan')).toBe('Saloon');
    expect(bodyStyleLabel('wagon')).toBe('Estate');
    expect(bodyStyleLabel('suv')).toBe('SUV');
    expect(fuelLabel('electric')).toBe('Electric');
  });

  it('covers the SPEC option lists exactly', () => {
    expect([...FUEL_TYPES]).toEqual(['petrol', 'diesel', 'electric', 'hybrid']);
    expect([...BODY_STYLES]).toEqual(['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible']);
    expect(isFuelType('lpg')).toBe(false);
    expect(isBodyStyle('coupe')).toBe(true);
  });
});
