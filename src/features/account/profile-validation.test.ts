import { describe, expect, it } from 'vitest';
import { validateProfile } from './profile-validation';

describe('profile validation', () => {
  it('saves the home postcode normalised, and refuses one that cannot be a postcode', () => {
    const saved = (postcode: string) => validateProfile({ name: '', postcode, mileage: '' });
    expect(saved('ls14ap')).toMatchObject({ values: { home_postcode: 'LS1 4AP' } });
    expect(saved(' sw1a 1aa ')).toMatchObject({ values: { home_postcode: 'SW1A 1AA' } });
    expect(saved('m1')).toMatchObject({ values: { home_postcode: 'M1' } });
    expect(saved('12345')).toMatchObject({ errors: { postcode: 'Please enter a valid UK postcode, like LS1 4AP.' } });
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
