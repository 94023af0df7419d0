import { describe, expect, it } from 'vitest';
import { AUTH_VALIDATION, isWeakPassword, validateEmail, validateNewPassword } from './validation';

describe('validateEmail', () => {
  it.each(['a@b.co', 'shopper@example.com', ' first.last+tag@sub.example.co.uk '])('accepts %s', (e) => {
    expect(validateEmail(e)).toBeNull();
  });
  it.each(['', 'plain', 'a@b', 'a @b.com', '@example.com', 'a@.c'])('rejects %s', (e) => {
    expect(validateEmail(e)).toBe('Invalid email format');
  });
});

describe('validateNewPassword', () => {
  it('requires 12 characters first', () => {
    expect(validateNewPassword('Ab1!xyz')).toBe(AUTH_VALIDATION.length);
    expect(validateNewPassword('Password must be at least 12 characters long')).not.toBe(AUTH_VALIDATION.length);
  });
  it('requires all four character classes', () => {
    expect(validateNewPassword('alllowercase1!')).toBe(
      'Password must contain uppercase, lowercase, numbers, and special characters',
    );
    expect(validateNewPassword('NoDigitsHere!!x')).toBe(AUTH_VALIDATION.complexity);
    expect(validateNewPassword('NoSpecials12xyZ')).toBe(AUTH_VALIDATION.complexity);
  });
  it('rejects common words, runs and repeats', () => {
    expect(validateNewPassword('MyPassword!2024')).toBe('Password is too common or contains weak patterns');
    expect(validateNewPassword('Zebra!1234Moon')).toBe(AUTH_VALIDATION.weak);
    expect(validateNewPassword('Zebra!aaa7Moon')).toBe(AUTH_VALIDATION.weak);
    expect(validateNewPassword('Zebra!9Qwerty')).toBe(AUTH_VALIDATION.weak);
    expect(isWeakPassword('Zebra!DCBA7Moon')).toBe(true);
  });
  it('accepts strong passwords including the demo ones', () => {
    for (const pw of ['Shopper!Drive2026', 'Dealer!Forecourt2026', 'Tr4ffic-Cone#Bristol']) {
      expect(validateNewPassword(pw)).toBeNull();
    }
  });
});
