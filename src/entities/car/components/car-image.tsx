import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { BodyStyle, CarModelRow } from '@/data/catalogue';
import { carArtDataUri, type Backdrop, type CarArtInput, type CarView } from './car-art';
import { bitmapScale, bitmapsSupported, carArtBitmap } from './car-art-bitmap';

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
   * as a bitmap a worker draws (car-art-bitmap.ts) in a <canvas>: cards in long lists, scrolled past fast.
   * A generated picture is otherwise an SVG data: URL, which the browser parses at once whatever `loading`
   * says: a page of cards would draw every one of them in the same task as the render.
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

/** A generated picture of the car (no network, works offline; memoised per model, colour and view). */
export function CarImage(props: CarImageProps) {
  const [svg, setSvg] = useState(false);
  if (props.whenNear === true && props.eager !== true && !svg && bitmapsSupported())
    return <CarCanvas {...props} onFail={() => setSvg(true)} />;
  return <CarSvg {...props} />;
}

function CarSvg({ bodyStyle, colour, alt, model, brand, view, backdrop, className, eager, whenNear }: CarImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const near = useNear(ref, !whenNear || eager === true);
  const src = useMemo(
    () => (near ? carArtDataUri({ bodyStyle, model, colour, view, backdrop, brand }) : undefined),
    [near, bodyStyle, model, colour, view, backdrop, brand],
  );
  return (
    <img
      ref={ref}
      className={className ?? 'cat-img'}
      src={src}
      alt={alt}
      width={400}
      height={240}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/**
 * The picture as a bitmap in a canvas (an image to assistive technology, named by `alt`; hidden when `alt` is
 * empty, as an img with an empty alt is). The bitmap is copied in, so one bitmap serves every card showing it.
 */
function CarCanvas({
  bodyStyle,
  colour,
  alt,
  model,
  brand,
  view,
  backdrop,
  className,
  onFail,
}: CarImageProps & { onFail: () => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const near = useNear(ref, false);
  const input = useMemo<CarArtInput | null>(
    () => (near ? { bodyStyle, model, colour, view, backdrop, brand } : null),
    [near, bodyStyle, model, colour, view, backdrop, brand],
  );
  const fail = useRef(onFail);
  fail.current = onFail;
  useEffect(() => {
    const canvas = ref.current;
    if (!input || !canvas) return;
    const dpr = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
    const got = carArtBitmap(input, bitmapScale(canvas.clientWidth, dpr));
    let live = true;
    const show = (bitmap: ImageBitmap | null) => {
      if (!live) return;
      const ctx = bitmap ? canvas.getContext('2d') : null;
      if (!bitmap || !ctx) return fail.current();
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      ctx.drawImage(bitmap, 0, 0);
    };
    if (got instanceof Promise) void got.then(show);
    else show(got);
    return () => {
      live = false;
    };
  }, [input]);
  return (
    <canvas
      ref={ref}
      className={className ?? 'cat-img'}
      width={400}
      height={240}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    />
  );
}
