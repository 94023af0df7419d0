import { describe, expect, it } from 'vitest';
import { normaliseUkPostcode, validateProfile } from './profile-validation';

describe('profile validation', () => {
  it('normalises postcodes and outcodes', () => {
    expect(normaliseUkPostcode('ls14ap')).toBe('LS1 4AP');
    expect(normaliseUkPostcode(' sw1a 1aa ')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode('m1')).toBe('M1');
    expect(normaliseUkPostcode('12345')).toBeNull();
  });
  it('accepts a blank form and a full one', () => {
    expect(validateProfile({ name: '', postcode: '', mileage: '' })).toEqual({
      values: { display_name: '', home_postcode: '', annual_mileage: null },
    });
    expect(validateProfile({ name: ' Sam ', postcode: 'ls1 4ap', mileage: '8,000' })).toEqual({
      values: { display_name: 'Sam', home_postcode: 'LS1 4AP', annual_mileage: 8000 },
    });
  });
  it('explains each bad field', () => {
    const r = validateProfile({ name: 'x'.repeat(81), postcode: 'nowhere', mileage: '500' });
    expect(r).toEqual({
      errors: {
        name: 'Keep your name to 80 characters or fewer.',
        postcode: 'Please enter a valid UK postcode, like LS1 4AP.',
        mileage: 'Enter whole miles a year between 1,000 and 50,000.',
      },
    });
    expect(validateProfile({ name: '', postcode: '', mileage: '12.5' })).toMatchObject({
      errors: { mileage: expect.any(String) },
    });
  });
});
