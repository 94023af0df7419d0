import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('issue 31 hole 9: isValidEmail holds addresses to the database rule', () => {
  it.each([
    'pat@example.com',
    "o'brien+cars@mail.example.co.uk",
    'first.last@sub-domain.example.org',
    'x_y=z&w@example.io',
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    'a@b.co?bcc=x%40evil.example',
    'a?bcc=x@evil.example',
    'a%40evil.example@b.co',
    'a#frag@b.co',
    'a@b.co#x',
    'a b@c.co',
    ' a@b.co',
    'a@b',
    'a@-b.co',
    'a@b-.co',
    'a..b@c.co',
    '.a@b.co',
    'a.@b.co',
    'a@b.c0',
    'a@b.c',
    'a@@b.co',
    '<a@b.co>',
    '',
  ])('refuses %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('refuses a local part over 64 characters and an address over 254', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const host = `${Array.from({ length: 5 }, () => 'h'.repeat(60)).join('.')}.com`;
    expect(isValidEmail(`a@${host}`)).toBe(false);
  });
});
