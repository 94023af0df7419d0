import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { BodyStyle, CarModelRow } from '@/data/catalogue';
import { carArtDataUri, type Backdrop, type CarArtInput, type CarView } from './car-art';
import { bitmapScale, carArtBitmap } from './car-art-bitmap';

export interface CarImageProps {
  bodyStyle: BodyStyle;
  colour: string;
  alt: string;
  /** The model, so the picture has its own shape and proportions (else the body style's typical ones). */
  model?: CarModelRow | null;
  /** Brand name for the badge. */
  brand?: string;
  view?: CarView;
  backdrop?: Backdrop;
  className?: string;
  eager?: boolean;
  /**
   * Draw the picture only once it comes near the viewport (a card's media box keeps its place meanwhile),
   * as a bitmap made off the main thread (car-art-bitmap.ts): cards in long lists, scrolled past quickly.
   * A generated picture is otherwise an SVG data: URL, which the browser parses at once whatever `loading`
   * says: a page of cards would draw every one of them in the same task as the render.
   */
  whenNear?: boolean;
}

/** How far outside the viewport a deferred picture starts drawing. */
const NEAR_MARGIN = '600px';

/** null until the element comes within NEAR_MARGIN of the viewport (at once when `now`), then its width. */
function useNear(ref: RefObject<Element | null>, now: boolean): number | null {
  const [near, setNear] = useState<number | null>(now ? 0 : null);
  useEffect(() => {
    const el = ref.current;
    if (near !== null || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(el.clientWidth);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((e) => e.isIntersecting);
        if (!entry) return;
        io.disconnect();
        // (A test's entry may have no box: then the element's own width.)
        setNear((entry.boundingClientRect as DOMRectReadOnly | undefined)?.width ?? el.clientWidth);
      },
      { rootMargin: NEAR_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref]);
  return near;
}

/** The bitmap's src once drawn (at once when drawn before), for a picture `width` px wide; else undefined. */
function useBitmap(input: CarArtInput | null, width: number): string | undefined {
  const now = useMemo(
    () =>
      input
        ? carArtBitmap(input, bitmapScale(width, typeof devicePixelRatio === 'number' ? devicePixelRatio : 1))
        : undefined,
    [input, width],
  );
  const [late, setLate] = useState<{ from: Promise<string>; src: string } | null>(null);
  useEffect(() => {
    if (!(now instanceof Promise)) return;
    let live = true;
    void now.then((src) => live && setLate({ from: now, src }));
    return () => {
      live = false;
    };
  }, [now]);
  if (typeof now === 'string') return now;
  return late && late.from === now ? late.src : undefined;
}

/** A generated picture of the car (no network, works offline; memoised per model, colour and view). */
export function CarImage({
  bodyStyle,
  colour,
  alt,
  model,
  brand,
  view,
  backdrop,
  className,
  eager,
  whenNear,
}: CarImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const deferred = whenNear === true && eager !== true;
  const near = useNear(ref, !deferred);
  const input = useMemo(
    () => (near !== null ? { bodyStyle, model, colour, view, backdrop, brand } : null),
    [near, bodyStyle, model, colour, view, backdrop, brand],
  );
  const bitmap = useBitmap(deferred ? input : null, near ?? 0);
  const svg = useMemo(() => (input && !deferred ? carArtDataUri(input) : undefined), [input, deferred]);
  return (
    <img
      ref={ref}
      className={className ?? 'cat-img'}
      src={svg ?? bitmap}
      alt={alt}
      width={400}
      height={240}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
