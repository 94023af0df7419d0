import { describe, expect, it } from 'vitest';
import { homePostcodeOffer } from './market-filters';

describe('homePostcodeOffer', () => {
  it('offers the normalised home postcode when the URL has none', () => {
    expect(homePostcodeOffer(undefined, 'ls1 4ap')).toBe('LS1 4AP');
  });
  it('offers nothing when the URL already searches from it, or there is no usable home postcode', () => {
    expect(homePostcodeOffer('LS1 4AP', 'ls14ap')).toBeUndefined();
    expect(homePostcodeOffer(undefined, '')).toBeUndefined();
    expect(homePostcodeOffer(undefined, null)).toBeUndefined();
    expect(homePostcodeOffer(undefined, 'not a postcode')).toBeUndefined();
  });
  it('still offers home when the URL searches from elsewhere', () => {
    expect(homePostcodeOffer('M1 1AE', 'LS1 4AP')).toBe('LS1 4AP');
  });
});
