import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { BodyStyle, CarModelRow } from '@/data/catalogue';
import { queueDraw } from '@/shared/lib/draw-queue';
import { useInVirtualList } from '@/shared/ui';
import { carArtDataUri, carArtInlineSvg, type Backdrop, type CarView } from './car-art';

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
   * Draw the picture only once it comes near the viewport (a card's media box keeps its place meanwhile).
   * A generated picture is a data: URL, which the browser parses at once whatever `loading` says: a page of
   * cards would draw every one of them in the same task as the render.
   */
  whenNear?: boolean;
}

/** How far outside the viewport a deferred picture starts drawing. */
const NEAR_MARGIN = '600px';

/** Whether the element has come within NEAR_MARGIN of the viewport (true at once when `now`). */
function useNear(ref: RefObject<Element | null>, now: boolean): boolean {
  const [near, setNear] = useState(now);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * A generated picture of the car (no network, works offline; memoised per model, colour and view).
 * In a virtualised list (VirtualGrid) it is drawn inline as an <svg> element in the card, at once: those cards
 * mount one row every few frames while the page scrolls, and an <img> of an SVG data: URL costs a separate SVG
 * document per picture (created, loaded, laid out and painted apart, with a load event), the largest part of a
 * new card's main-thread time in bench:scroll. Elsewhere it stays an <img> whose src the draw queue sets.
 */
export function CarImage(props: CarImageProps) {
  return useInVirtualList() && props.eager !== true ? <InlineCarImage {...props} /> : <ImgCarImage {...props} />;
}

function InlineCarImage({ bodyStyle, colour, alt, model, brand, view, backdrop, className }: CarImageProps) {
  const markup = useMemo(
    () => ({ __html: carArtInlineSvg({ bodyStyle, model, colour, view, backdrop, brand }) }),
    [bodyStyle, model, colour, view, backdrop, brand],
  );
  return (
    <span
      className={className ?? 'cat-img'}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      dangerouslySetInnerHTML={markup}
    />
  );
}

function ImgCarImage({
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
  const src = useMemo(
    () => (near ? carArtDataUri({ bodyStyle, model, colour, view, backdrop, brand }) : undefined),
    [near, bodyStyle, model, colour, view, backdrop, brand],
  );
  // A deferred picture's src is set by the draw queue (a few pictures per task), outside React's render
  // (React leaves an attribute alone while its prop stays undefined).
  useEffect(() => {
    if (!deferred || !src) return;
    return queueDraw(() => ref.current?.setAttribute('src', src));
  }, [deferred, src]);
  return (
    <img
      ref={ref}
      className={className ?? 'cat-img'}
      src={deferred ? undefined : src}
      alt={alt}
      width={400}
      height={240}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
