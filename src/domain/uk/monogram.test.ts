import { describe, expect, it } from 'vitest';
import { brandInitials, brandMonogramSvg, brandMonogramSvgSource } from './monogram';

describe('brand monograms', () => {
  it('picks initials', () => {
    expect(brandInitials('Land Rover')).toBe('LR');
    expect(brandInitials('Mercedes-Benz')).toBe('MB');
    expect(brandInitials('BMW')).toBe('BMW');
    expect(brandInitials('Toyota')).toBe('T');
  });

  it('makes a data URI SVG with contrasting text', () => {
    const uri = brandMonogramSvg('Alfa Romeo', '#8b0000');
    expect(uri.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(uri.split(',')[1])).toContain('>AR</text>');
    expect(brandMonogramSvgSource('Renault', '#ffcc33')).toContain('fill="#111111">R<');
    expect(brandMonogramSvgSource('Renault', '#003366')).toContain('fill="#ffffff">R<');
    expect(() => brandMonogramSvg('X', 'red')).toThrow(RangeError);
  });
});
