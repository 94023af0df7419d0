import { describe, expect, it } from 'vitest';
import { checkRephrase, numbersIn, type GroundedAnswer } from './guard';

const answer: GroundedAnswer = {
  text: 'The Toyota Corolla is cheaper to run: about £1,120 a year in fuel at 8,500 miles, against £1,410 for the Volkswagen Golf. Both are in insurance group 14.',
  figures: ['£1,120', '8,500 miles', '£1,410', '14'],
  cars: ['Toyota Corolla', 'Volkswagen Golf'],
  otherNames: ['Corolla', 'Golf', 'Octavia', 'Qashqai'],
};

describe('checkRephrase', () => {
  it('accepts a rewording that keeps every figure and car', () => {
    const text =
      'At 8,500 miles a year the Toyota Corolla costs about £1,120 in fuel, while the Volkswagen Golf costs £1,410. Insurance group 14 for both.';
    expect(checkRephrase(answer, text)).toEqual({ ok: true });
  });
  it('refuses a changed or dropped figure', () => {
    const changed =
      'At 8,500 miles the Toyota Corolla costs about £1,200 in fuel and the Volkswagen Golf £1,410; group 14.';
    expect(checkRephrase(answer, changed)).toMatchObject({ ok: false, reason: expect.stringContaining('£1,120') });
    const dropped = 'The Toyota Corolla is cheaper to run than the Volkswagen Golf: £1,120 against £1,410, group 14.';
    expect(checkRephrase(answer, dropped)).toMatchObject({ ok: false, reason: expect.stringContaining('8,500 miles') });
  });
  it('refuses a number the answer never had', () => {
    const text = 'At 8,500 miles the Toyota Corolla costs £1,120 and the Volkswagen Golf £1,410, group 14, saving 20%.';
    expect(checkRephrase(answer, text)).toMatchObject({ ok: false, reason: 'number not in the answer: 20' });
  });
  it('refuses a car not in the answer, from the catalogue list or a known brand, and a dropped car', () => {
    const keep = 'At 8,500 miles the Toyota Corolla costs £1,120, the Volkswagen Golf £1,410; group 14.';
    expect(checkRephrase(answer, `${keep} The Skoda Octavia is similar.`)).toMatchObject({ ok: false });
    expect(checkRephrase(answer, `${keep} A Nissan Qashqai costs more.`)).toMatchObject({ ok: false });
    expect(checkRephrase(answer, `${keep} Consider a Tesla too.`)).toMatchObject({
      ok: false,
      reason: 'car not in the answer: Tesla',
    });
    const noGolf = 'At 8,500 miles the Toyota Corolla costs £1,120 against £1,410; group 14.';
    expect(checkRephrase(answer, noGolf)).toMatchObject({ ok: false, reason: 'car dropped: Volkswagen Golf' });
  });
  it('refuses an empty reply', () => {
    expect(checkRephrase(answer, '  ')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('numbersIn', () => {
  it('reads numbers as written without thousands separators', () => {
    expect(numbersIn('£24,995 at 52.3 mpg, 8,500 miles.')).toEqual(['24995', '52.3', '8500']);
  });
});
