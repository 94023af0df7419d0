import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './contact-links';

describe('issue 31 hole 9: contact links are encoded', () => {
  it('links a valid address, encoding each part and the prefilled headers', () => {
    expect(mailtoHref('pat@example.com')).toBe('mailto:pat@example.com');
    expect(mailtoHref(' x&y=z@example.com ')).toBe('mailto:x%26y%3Dz@example.com');
    expect(mailtoHref('sales@motorly.example', { subject: 'Joining Motorly & co?' })).toBe(
      'mailto:sales@motorly.example?subject=Joining%20Motorly%20%26%20co%3F',
    );
  });

  it('gives no link for an address carrying mailto parameters (it is shown as text instead)', () => {
    expect(mailtoHref('a@b.co?bcc=x%40evil.example')).toBeNull();
    expect(mailtoHref('a?cc=x@evil.example')).toBeNull();
    expect(mailtoHref('')).toBeNull();
  });

  it('dials only the digits of a phone number, with a leading + kept', () => {
    expect(telHref('0113 496 0000')).toBe('tel:01134960000');
    expect(telHref('+44 (0)113 496-0000')).toBe('tel:+4401134960000');
    expect(telHref('0113?x=1;ext=2#3')).toBe('tel:0113123');
    expect(telHref('1+2')).toBe('tel:12');
    expect(telHref('call me')).toBeNull();
  });
});
