import { useMemo, useRef } from 'react';
import type { BrandRow } from '@/data/catalogue';
import { brandMonogramSvg, brandMonogramSvgSource } from '@/domain/uk';
import { QueuedImg, useQueuedMarkup } from '@/shared/ui';

/**
 * The brand's own monogram markup when its logo_url is exactly the monogram this app generates for that name
 * and colour (the seeded brands): the markup is then ours, made from an escaped name and a checked colour, so
 * it can go in the page. Any other logo (an uploaded one, or a data: URL that differs by a byte) is not ours
 * to inline and stays an <img>.
 */
export function ownMonogramSource(name: string, url: string | null): string | null {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  if (!url?.startsWith(prefix)) return null;
  let svg: string;
  try {
    svg = decodeURIComponent(url.slice(prefix.length));
  } catch {
    return null;
  }
  const colour = /<circle [^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
  if (!colour || brandMonogramSvg(name, colour) !== url) return null;
  return brandMonogramSvgSource(name, colour);
}

/**
 * The monogram's letters grown to fill its disc when drawn small (24-40 px, on cards and lists), so they stay
 * legible: at 24 px the generated sizes came out 6-10 px; these give 8.5-13 px.
 */
export function legibleMonogram(source: string, size: number): string {
  if (size > 40) return source;
  return source.replace(/font-weight="700" font-size="(\d+)"/, (_, n: string) => {
    const grown = { 26: 34, 32: 42, 40: 52 }[Number(n)] ?? Number(n);
    return `font-weight="800" font-size="${grown}"`;
  });
}

export interface BrandLogoProps {
  brand: Pick<BrandRow, 'name' | 'logo_url'>;
  size: number;
}

/**
 * A brand's logo, decorative (its name is always beside it). A generated monogram is put in the page as an
 * inline <svg>, a few per task through the draw queue: as an <img> each was a separate SVG document, about
 * 9 ms of main-thread time at 1x CPU (the home page's brand grid appears at once when the catalogue arrives).
 */
export function BrandLogo({ brand, size }: BrandLogoProps) {
  const source = useMemo(() => {
    const own = ownMonogramSource(brand.name, brand.logo_url);
    return own && legibleMonogram(own, size);
  }, [brand.name, brand.logo_url, size]);
  const ref = useRef<HTMLSpanElement>(null);
  useQueuedMarkup(ref, source);
  if (!brand.logo_url) return null;
  if (!source) return <QueuedImg src={brand.logo_url} alt="" width={size} height={size} />;
  return <span ref={ref} className="brand-logo" style={{ width: size, height: size }} aria-hidden="true" />;
}
