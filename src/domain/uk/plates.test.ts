import { describe, expect, it } from 'vitest';
import {
  ageIdentifierFor,
  ageIdentifierRange,
  isValidPlate,
  makePlate,
  parsePlate,
  plateAgeLabel,
  plateMatchesDate,
} from './plates';

describe('age identifiers', () => {
  it.each([
    ['2024-03-01', '24'],
    ['2024-08-31', '24'],
    ['2024-09-01', '74'],
    ['2024-12-25', '74'],
    ['2025-01-15', '74'],
    ['2025-02-28', '74'],
    ['2025-03-01', '25'],
    ['2025-09-30', '75'],
    ['2026-02-10', '75'],
    ['2026-06-01', '26'],
    ['2026-10-01', '76'],
    ['2001-09-01', '51'],
    ['2002-02-28', '51'],
    ['2002-03-01', '02'],
    ['2009-09-01', '59'],
    ['2010-03-01', '10'],
    ['2012-11-01', '62'],
  ])('%s -> %s', (date, id) => {
    expect(ageIdentifierFor(date)).toBe(id);
  });

  it('refuses dates before the current format', () => {
    expect(() => ageIdentifierFor('2001-05-01')).toThrow(RangeError);
    expect(() => ageIdentifierFor('1999-01-01')).toThrow(RangeError);
  });

  it('maps identifiers back to date ranges', () => {
    expect(ageIdentifierRange('74')).toEqual({ from: '2024-09-01', to: '2025-02-28' });
    expect(ageIdentifierRange('24')).toEqual({ from: '2024-03-01', to: '2024-08-31' });
    expect(ageIdentifierRange('73')).toEqual({ from: '2023-09-01', to: '2024-02-29' });
    expect(ageIdentifierRange('51')).toEqual({ from: '2001-09-01', to: '2002-02-28' });
    expect(ageIdentifierRange('01')).toBeNull();
    expect(ageIdentifierRange('50')).toBeNull();
    expect(ageIdentifierRange('7')).toBeNull();
  });

  it('round-trips every month from 2001 to 2026', () => {
    for (let y = 2001; y <= 2026; y++) {
      for (let m = 1; m <= 12; m++) {
        const date = `${y}-${String(m).padStart(2, '0')}-15`;
        if (date < '2001-09-01') continue;
        const range = ageIdentifierRange(ageIdentifierFor(date));
        expect(range && date >= range.from && date <= range.to).toBe(true);
      }
    }
  });

  it('labels identifiers', () => {
    expect(plateAgeLabel('74')).toBe('Sep 2024 – Feb 2025');
    expect(plateAgeLabel('25')).toBe('Mar 2025 – Aug 2025');
    expect(plateAgeLabel('00')).toBeNull();
  });
});

describe('plate validation', () => {
  it('accepts current-format plates in any spacing or case', () => {
    expect(parsePlate('ab24 cde')).toMatchObject({
      memoryTag: 'AB',
      ageIdentifier: '24',
      random: 'CDE',
      formatted: 'AB24 CDE',
    });
    expect(isValidPlate('YX74ZZZ')).toBe(true);
  });

  it('applies the letter rules', () => {
    expect(isValidPlate('IA24 ABC')).toBe(false); // I not used in the first two letters
    expect(isValidPlate('AQ24 ABC')).toBe(false); // nor Q
    expect(isValidPlate('ZA24 ABC')).toBe(false); // nor Z
    expect(isValidPlate('AB24 ABI')).toBe(false); // I not used in the last three
    expect(isValidPlate('AB24 QBC')).toBe(false); // nor Q
    expect(isValidPlate('AB24 ABZ')).toBe(true); // Z is fine at the end
  });

  it('rejects impossible identifiers and other formats', () => {
    expect(isValidPlate('AB01 CDE')).toBe(false);
    expect(isValidPlate('AB50 CDE')).toBe(false);
    expect(isValidPlate('A123 BCD')).toBe(false);
    expect(isValidPlate('AB24 CD')).toBe(false);
  });

  it('matches plates to registration dates and builds them', () => {
    expect(plateMatchesDate('AB74 CDE', '2025-01-20')).toBe(true);
    expect(plateMatchesDate('AB24 CDE', '2025-01-20')).toBe(false);
    expect(makePlate('YS', '2022-10-05', 'KLM')).toBe('YS72 KLM');
    expect(() => makePlate('IQ', '2022-10-05', 'KLM')).toThrow(RangeError);
  });
});
