import { describe, expect, it } from 'vitest';
import {
  locatePostcode,
  lookupOutcode,
  milesBetween,
  milesFromPostcode,
  normalisePostcode,
  parsePostcode,
} from './distance';
import { OUTCODE_CENTROIDS } from './outcodes';

describe('parsePostcode', () => {
  it.each([
    ['LS1 4AP', 'LS1', '4AP'],
    ['ls14ap', 'LS1', '4AP'],
    ['WC2H 9JQ', 'WC2H', '9JQ'],
    ['M1 1AE', 'M1', '1AE'],
    ['EH12 9DN', 'EH12', '9DN'],
    [' sw1a 1aa ', 'SW1A', '1AA'],
  ])('%s -> %s %s', (input, outcode, incode) => {
    expect(parsePostcode(input)).toMatchObject({ ok: true, outcode, incode, formatted: `${outcode} ${incode}` });
  });

  it('accepts a bare outcode', () => {
    expect(parsePostcode('hg1')).toMatchObject({ ok: true, outcode: 'HG1', incode: null });
  });

  it('rejects things that are not postcodes', () => {
    for (const bad of ['', 'hello', '12345', 'LS1 4A', 'LSS1 4AP', 'L']) {
      expect(parsePostcode(bad)).toMatchObject({ ok: false, error: 'invalid_postcode' });
    }
  });
});

// The inputs of the two normalisers this one replaced (the account form's and the marketplace filter's).
describe('normalisePostcode', () => {
  it.each([
    ['ls14ap', 'LS1 4AP'],
    [' sw1a 1aa ', 'SW1A 1AA'],
    ['ls1 4ap', 'LS1 4AP'],
    ['SW1A1AA', 'SW1A 1AA'],
    ['m1', 'M1'],
    [' ec1v ', 'EC1V'],
    ['wc2h  9jq', 'WC2H 9JQ'],
  ])('%j -> %s', (raw, out) => expect(normalisePostcode(raw)).toBe(out));

  it.each(['', null, undefined, 'hello world', '12345', 'LS', 'LS1 4A', 'LSS1 4AP', 'LS1 4AP X'])('rejects %j', (raw) =>
    expect(normalisePostcode(raw)).toBeUndefined(),
  );
});

describe('outcode lookup', () => {
  it('finds centroids, falling back from a sub-district', () => {
    expect(lookupOutcode('LS1')).toMatchObject({ ok: true, point: { lat: 53.7967, lng: -1.5475 } });
    expect(lookupOutcode('WC2H')).toMatchObject({ ok: true, point: { lat: 51.5133, lng: -0.1235 } });
  });

  it('returns a clear error for unknown outcodes', () => {
    expect(lookupOutcode('ZZ9')).toMatchObject({ ok: false, error: 'unknown_outcode' });
    expect(locatePostcode('ZZ9 9ZZ')).toMatchObject({ ok: false, error: 'unknown_outcode' });
    expect(locatePostcode('nope')).toMatchObject({ ok: false, error: 'invalid_postcode' });
  });

  it('has plausible UK coordinates and a wide spread of outcodes', () => {
    const entries = Object.entries(OUTCODE_CENTROIDS);
    expect(entries.length).toBeGreaterThanOrEqual(250);
    for (const [code, [lat, lng]] of entries) {
      expect(code).toMatch(/^[A-Z]{1,2}[0-9][A-Z0-9]?$/);
      expect(lat).toBeGreaterThan(49.8);
      expect(lat).toBeLessThan(60.9);
      expect(lng).toBeGreaterThan(-8.2);
      expect(lng).toBeLessThan(1.8);
    }
  });
});

describe('milesBetween', () => {
  it('London WC2 to Leeds LS1 is about 170 miles', () => {
    const wc2 = lookupOutcode('WC2');
    const ls1 = lookupOutcode('LS1');
    if (!wc2.ok || !ls1.ok) throw new Error('missing outcode');
    expect(milesBetween(wc2.point, ls1.point)).toBeGreaterThan(165);
    expect(milesBetween(wc2.point, ls1.point)).toBeLessThan(175);
  });

  it('is zero to itself, symmetric, and about 69 miles per degree of latitude', () => {
    const a = { lat: 52, lng: -1 };
    expect(milesBetween(a, a)).toBe(0);
    expect(milesBetween(a, { lat: 53, lng: -1 })).toBeCloseTo(69.09, 1);
    expect(milesBetween(a, { lat: 55, lng: -4 })).toBeCloseTo(milesBetween({ lat: 55, lng: -4 }, a), 9);
  });

  it('measures from a typed postcode', () => {
    const r = milesFromPostcode('EH1 1YZ', { lat: 55.8604, lng: -4.2467 }); // Edinburgh to Glasgow
    expect(r.ok && r.miles).toBeGreaterThan(38);
    expect(r.ok && r.miles).toBeLessThan(45);
  });
});
