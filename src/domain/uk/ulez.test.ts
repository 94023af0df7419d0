import { describe, expect, it } from 'vitest';
import { ulezStatus } from './ulez';

describe('ulezStatus', () => {
  it('treats electric cars as compliant', () => {
    expect(ulezStatus({ fuel: 'electric' })).toMatchObject({ compliant: true, dailyCharge: 0 });
  });

  it('uses the declared Euro standard first', () => {
    expect(ulezStatus({ fuel: 'petrol', euroStandard: 4, firstRegistered: '2003-01-01' })).toMatchObject({
      compliant: true,
      certainty: 'declared',
      label: 'ULEZ compliant',
    });
    expect(ulezStatus({ fuel: 'petrol', euroStandard: 3 })).toMatchObject({
      compliant: false,
      dailyCharge: 12.5,
      label: 'Not ULEZ compliant',
    });
    expect(ulezStatus({ fuel: 'diesel', euroStandard: 5, firstRegistered: '2016-01-01' }).compliant).toBe(false);
    expect(ulezStatus({ fuel: 'diesel', euroStandard: 6 }).compliant).toBe(true);
  });

  it('derives "likely compliant" from fuel and first registration', () => {
    expect(ulezStatus({ fuel: 'petrol', firstRegistered: '2006-01-01' })).toMatchObject({
      compliant: true,
      certainty: 'derived',
      label: 'ULEZ likely compliant',
    });
    expect(ulezStatus({ fuel: 'petrol', firstRegistered: '2005-12-31' })).toMatchObject({
      compliant: false,
      label: 'ULEZ likely not compliant',
      dailyCharge: 12.5,
    });
    expect(ulezStatus({ fuel: 'diesel', firstRegistered: '2015-09-01' }).compliant).toBe(true);
    expect(ulezStatus({ fuel: 'diesel', firstRegistered: '2015-08-31' }).compliant).toBe(false);
    expect(ulezStatus({ fuel: 'hybrid', firstRegistered: '2010-05-01' }).compliant).toBe(true);
    // Plug-in hybrids are petrol-electric: petrol's Euro 4 rule (issue 34).
    expect(ulezStatus({ fuel: 'plugin_hybrid', firstRegistered: '2014-05-01' }).compliant).toBe(true);
    expect(ulezStatus({ fuel: 'plugin_hybrid', euroStandard: 6 }).label).toBe('ULEZ compliant');
  });

  it('says unknown without a standard or a date', () => {
    expect(ulezStatus({ fuel: 'diesel' })).toMatchObject({ compliant: null, certainty: 'unknown', dailyCharge: 0 });
  });
});
