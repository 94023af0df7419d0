import { describe, expect, it } from 'vitest';
import { MSG_CHARACTERS, MSG_TOO_SHORT, MSG_WEAK, checkPassword, isValidEmail, isWeakPattern } from './password-policy';

describe('password policy', () => {
  it('accepts strong passwords, including the demo and test ones', () => {
    for (const pw of [
      'Correct-Horse-Battery-9',
      'Shopper!Drive2026',
      'Dealer!Forecourt2026',
      'Admin!Control2026',
      'Gearbox!Tyre-Pressure9',
    ]) {
      expect(checkPassword(pw), pw).toBeNull();
    }
  });

  it('reports the first failing rule and every reason', () => {
    expect(checkPassword('abc')).toEqual({ message: MSG_TOO_SHORT, reasons: ['length', 'characters', 'pwned'] });
    expect(checkPassword('lowercase-only-long9')?.message).toBe(MSG_CHARACTERS);
    expect(checkPassword('P@ssw0rd!Garage')?.message).toBe(MSG_WEAK);
  });

  it('flags repeated, sequential and keyboard runs', () => {
    for (const pw of ['Zzzz!Garage-91', 'Garage!abcd-91', 'Garage!4321-xY', 'Asdf!Garage-91', 'Garage!9876-xY']) {
      expect(isWeakPattern(pw), pw).toBe(true);
    }
    expect(isWeakPattern('Garage!Tyre-91')).toBe(false);
  });

  it('validates e-mail format', () => {
    expect(isValidEmail('a.b+c@example.co.uk')).toBe(true);
    for (const bad of ['', 'plain', 'a@b', 'a b@example.com', '@example.com', 'a@-x.com'])
      expect(isValidEmail(bad), bad).toBe(false);
  });
});
