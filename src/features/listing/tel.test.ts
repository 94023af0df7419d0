import { describe, expect, it } from 'vitest';
import { telHref } from './tel';

describe('telHref', () => {
  it('turns a UK number into an international tel: link', () => {
    expect(telHref('01522 510 123')).toBe('tel:+441522510123');
    expect(telHref('0113 496 0000')).toBe('tel:+441134960000');
    expect(telHref('(020) 7946 0000')).toBe('tel:+442079460000');
  });

  it('keeps a number already in international form', () => {
    expect(telHref('+44 1522 510123')).toBe('tel:+441522510123');
    expect(telHref('0044 1522 510123')).toBe('tel:+441522510123');
  });

  it('gives nothing for a missing or too short number', () => {
    expect(telHref(null)).toBeNull();
    expect(telHref('')).toBeNull();
    expect(telHref('call us')).toBeNull();
    expect(telHref('123')).toBeNull();
  });
});
