// @vitest-environment jsdom
// The app's own generated monograms go in the page as inline SVG; any other logo stays an <img>, so markup
// from the server is never put in the page.
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { brandMonogramSvg } from '@/domain/uk';
import { BrandLogo, legibleMonogram, ownMonogramSource } from './brand-logo';

describe('ownMonogramSource', () => {
  it('accepts exactly the monogram generated for the name', () => {
    const url = brandMonogramSvg('Alfa Romeo', '#9b1b30');
    expect(ownMonogramSource('Alfa Romeo', url)).toContain('<circle cx="48" cy="48" r="46" fill="#9b1b30"/>');
    expect(ownMonogramSource('Alfa Romeo', url)).toContain('>AR</text>');
  });

  it('refuses a logo that differs from the generated one, another name, a script, or a plain URL', () => {
    const url = brandMonogramSvg('Ford', '#003478');
    expect(ownMonogramSource('Fiat', url)).toBeNull();
    expect(
      ownMonogramSource('Ford', url.replace('%3C%2Fsvg%3E', '%3Cscript%3Ealert(1)%3C%2Fscript%3E%3C%2Fsvg%3E')),
    ).toBeNull();
    expect(ownMonogramSource('Ford', url.replace('%3Ccircle', '%3Ccircle%20onload%3D%22alert(1)%22'))).toBeNull();
    expect(ownMonogramSource('Ford', 'https://example.com/ford.svg')).toBeNull();
    expect(ownMonogramSource('Ford', 'data:image/svg+xml;charset=utf-8,%E0%A4%A')).toBeNull();
    expect(ownMonogramSource('Ford', null)).toBeNull();
  });
});

describe('BrandLogo', () => {
  it('draws a generated monogram inline and hidden from assistive technology', async () => {
    const { container } = render(
      <BrandLogo brand={{ name: 'Ford', logo_url: brandMonogramSvg('Ford', '#003478') }} size={48} />,
    );
    const box = container.querySelector('span.brand-logo');
    expect(box?.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(box?.querySelector('svg circle')?.getAttribute('fill')).toBe('#003478'));
    expect(container.querySelector('img')).toBeNull();
  });

  it('keeps any other logo an <img>, and draws nothing without one', async () => {
    const other = render(<BrandLogo brand={{ name: 'Ford', logo_url: 'https://example.com/ford.svg' }} size={48} />);
    await waitFor(() =>
      expect(other.container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/ford.svg'),
    );
    expect(other.container.querySelector('svg')).toBeNull();
    const none = render(<BrandLogo brand={{ name: 'Ford', logo_url: null }} size={48} />);
    expect(none.container.innerHTML).toBe('');
  });
});

describe('issue 36: brand marks at 24 px', () => {
  it('grow the letters to at least 8 px on screen when drawn small, and leave large marks alone', () => {
    for (const name of ['Ford', 'Land Rover', 'BMW', 'MG']) {
      const source = ownMonogramSource(name, brandMonogramSvg(name, '#003478'))!;
      const px = (svg: string, size: number) => (Number(/font-size="(\d+)"/.exec(svg)?.[1]) * size) / 96;
      expect(px(legibleMonogram(source, 24), 24), name).toBeGreaterThanOrEqual(8.4);
      expect(px(source, 24), name).toBeLessThan(px(legibleMonogram(source, 24), 24));
      expect(legibleMonogram(source, 72)).toBe(source);
    }
  });
});
