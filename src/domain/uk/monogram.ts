/** Brand logos as generated SVG monograms (initials on the brand colour), so no trademarked artwork ships. */
import { escapeHtml } from '../../shared/lib/escape-html';

export function brandInitials(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  if (words.length === 1) {
    const w = words[0];
    return w.length <= 3 && w === w.toUpperCase() ? w : w[0].toUpperCase();
  }
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** Relative luminance of a #rrggbb colour (WCAG). */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new RangeError(`Expected #rrggbb, got ${hex}`);
  const channel = (i: number): number => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** SVG source for a round monogram; text is white or near-black, whichever contrasts more. */
export function brandMonogramSvgSource(name: string, colour: string): string {
  const initials = escapeHtml(brandInitials(name));
  const text = luminance(colour) > 0.35 ? '#111111' : '#ffffff';
  const size = initials.length >= 3 ? 26 : initials.length === 2 ? 32 : 40;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)}">` +
    `<circle cx="48" cy="48" r="46" fill="${colour}"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui,Arial,sans-serif" ` +
    `font-weight="700" font-size="${size}" fill="${text}">${initials}</text></svg>`
  );
}

/** A data: URI usable directly as an <img src>. */
export function brandMonogramSvg(name: string, colour: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(brandMonogramSvgSource(name, colour))}`;
}
