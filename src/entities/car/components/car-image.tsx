import { startTransition, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { BodyStyle } from '@/data/catalogue';
import { PHOTO_WIDTHS, photoUrl } from '@/data/listing-photos/photo-files';
import { useInVirtualList, useQueuedMarkup } from '@/shared/ui';
import {
  CAR_ART_SHARED_DEFS,
  CAR_ART_SHARED_DEFS_ID,
  ILLUSTRATION_TAG,
  carArtDataUri,
  carArtInlineSvg,
  illustrationAlt,
  type Backdrop,
  type CarArtInput,
  type CarView,
} from './car-art';
import { canvasPictures, drawPicture } from './car-canvas';

export interface CarImageProps {
  bodyStyle: BodyStyle;
  colour: string;
  alt: string;
  /** The model, so the picture has its own shape and proportions (else the body style's typical ones). */
  model?: CarArtInput['model'];
  /** Brand name for the badge. */
  brand?: string;
  view?: CarView;
  backdrop?: Backdrop;
  className?: string;
  /** The page's main picture: an <img> drawn at once (the head script draws the same one early). */
  eager?: boolean;
  /**
   * Draw the picture only once it comes near the viewport (a card's media box keeps its place meanwhile):
   * a page of cards would otherwise draw every one of them as it renders.
   */
  whenNear?: boolean;
  /**
   * Tag the drawing as an illustration (a small label over it, and in its alt text), where a real photo
   * could be expected: listing cards, a listing's gallery, a model's page. The box it sits in is positioned.
   */
  labelled?: boolean;
  /** A dealer's photo of this car: when given it always wins over the drawing (photos come with dealers). */
  photoUrl?: string | null;
  /**
   * A dealer's photo in Storage (a path in bucket listing-photos): drawn from its resized variants (srcset),
   * lazily, in the drawing's box; it wins over the drawing and drops the Illustration tag.
   */
  photo?: string | null;
  /** The photo's displayed width for srcset (a card's default: a column of the results grid). */
  sizes?: string;
}

/** How far outside the viewport a deferred picture starts drawing. */
const NEAR_MARGIN = '600px';

/** Callbacks of the elements waiting to come near, by element. */
const waiting = new Map<Element, () => void>();
let nearObserver: IntersectionObserver | null = null;

function stopWaiting(el: Element): void {
  waiting.delete(el);
  nearObserver?.unobserve(el);
  // Kept only while pictures wait: a page without any holds no observer.
  if (waiting.size === 0) {
    nearObserver?.disconnect();
    nearObserver = null;
  }
}

/**
 * One observer for every deferred picture in the page (one per picture made the browser compute a page of
 * observers on each scrolled frame). Calls `near` once the element comes within NEAR_MARGIN; returns a stop.
 */
function whenNear(el: Element, near: () => void): () => void {
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const call = waiting.get(e.target);
        if (!e.isIntersecting || !call) continue;
        stopWaiting(e.target);
        call();
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  waiting.set(el, near);
  nearObserver.observe(el);
  return () => stopWaiting(el);
}

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
    // A transition: the pictures that come near together (a page of cards) are drawn in one render that React
    // slices per picture, not in one task of every picture's markup (hundreds of ms at 4x CPU on a first visit).
    return whenNear(el, () => startTransition(() => setNear(true)));
  }, [near, ref]);
  return near;
}

/** Puts the gradients that inline pictures share in the page, once (see CAR_ART_SHARED_DEFS). */
function ensureSharedDefs(): void {
  if (typeof document === 'undefined' || document.getElementById(CAR_ART_SHARED_DEFS_ID)) return;
  document.body.insertAdjacentHTML('afterbegin', CAR_ART_SHARED_DEFS);
}

/**
 * A generated picture of the car (no network, works offline; memoised per model, colour and view), drawn in the
 * car art worker and shown as an <img> of its WebP where the browser can (see car-canvas.ts), else put in the
 * page as an inline <svg> element: an <img> of an SVG data: URL makes the browser create, load, lay out and
 * paint a separate SVG document per picture, about 9 ms of main-thread time at 1x CPU each against about 1 ms
 * inline (24 pictures: 190-240 ms against 24-34 ms, Chromium 156). The draw queue puts the markup in a few
 * pictures per task, once the picture comes near when `whenNear`; in a virtualised list (VirtualGrid) at once,
 * as its rows mount near the viewport. Not at mount: a row of cards mounting in the scroll event's task with
 * its pictures made tasks of 70-290 ms while scrolling the marketplace at 4x CPU (bench:scroll-tasks). The listing's
 * main picture (`eager`) stays an <img>: the page's largest paint, drawn before the app by the head script.
 */
export function CarImage(props: CarImageProps) {
  const inVirtualList = useInVirtualList();
  if (props.photo) return <StoragePhotoCarImage {...props} photo={props.photo} />;
  if (props.photoUrl) return <PhotoCarImage {...props} photoUrl={props.photoUrl} />;
  const drawn = props.labelled ? { ...props, alt: illustrationAlt(props.alt) } : props;
  // In a virtualised list the row is near the viewport already: no observer, drawn by the queue at once.
  const picture =
    props.eager === true ? (
      <ImgCarImage {...drawn} />
    ) : (
      <DrawnCarImage {...drawn} whenNear={props.whenNear === true && !inVirtualList} />
    );
  if (!props.labelled) return picture;
  return (
    <>
      {picture}
      <span className="car-art-tag" aria-hidden="true">
        {ILLUSTRATION_TAG}
      </span>
    </>
  );
}

/** The dealer's own photo, in the drawing's box (same size and crop, so swapping them shifts nothing). */
function PhotoCarImage({ photoUrl, alt, className, eager }: CarImageProps & { photoUrl: string }) {
  return (
    <img
      className={className ?? 'cat-img'}
      src={photoUrl}
      alt={alt}
      width={400}
      height={240}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** Waits before looking again for a photo that did not load (it may still be on its way from the dealer). */
const PHOTO_RETRY_MS = [3_000, 8_000, 20_000, 45_000];
const DEFAULT_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * A dealer's photo from Storage. A listing's row can reach a shopper a moment before its photos finish
 * uploading, so a photo that fails shows the drawing meanwhile and is asked for again a few times.
 */
function StoragePhotoCarImage(props: CarImageProps & { photo: string }) {
  const { photo, alt, className, eager, sizes } = props;
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setAttempt(0);
    setFailed(false);
  }, [photo]);
  useEffect(() => {
    if (!failed || attempt >= PHOTO_RETRY_MS.length) return;
    const timer = setTimeout(() => {
      setAttempt((n) => n + 1);
      setFailed(false);
    }, PHOTO_RETRY_MS[attempt]);
    return () => clearTimeout(timer);
  }, [failed, attempt]);
  if (failed) return <CarImage {...props} photo={null} photoUrl={null} />;
  const bust = (url: string) => (attempt ? `${url}${url.includes('?') ? '&' : '?'}attempt=${attempt}` : url);
  return (
    <img
      key={attempt}
      className={className ?? 'cat-img'}
      src={bust(photoUrl(photo, 640))}
      srcSet={PHOTO_WIDTHS.map((w) => `${bust(photoUrl(photo, w))} ${w}w`).join(', ')}
      sizes={sizes ?? DEFAULT_SIZES}
      alt={alt}
      width={400}
      height={240}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      crossOrigin="anonymous"
      onError={() => setFailed(true)}
      data-photo={photo}
    />
  );
}

/** The picture's box: a span with the <svg> inside, labelled as one image (or hidden when decorative). */
const pictureBox = (alt: string, className: string | undefined) => ({
  className: className ?? 'cat-img',
  role: alt ? 'img' : undefined,
  'aria-label': alt || undefined,
  'aria-hidden': alt ? undefined : true,
});

/**
 * A list picture drawn in the car art worker and shown as an <img> (near-zero main-thread cost), or, where
 * workers cannot draw (jsdom, older browsers) or the worker fails, the inline SVG through the draw queue.
 */
function DrawnCarImage(props: CarImageProps) {
  const [canvas, setCanvas] = useState(canvasPictures);
  return canvas ? <CanvasCarImage {...props} failed={() => setCanvas(false)} /> : <QueuedCarImage {...props} />;
}

function CanvasCarImage(props: CarImageProps & { failed: () => void }) {
  const { bodyStyle, colour, alt, model, brand, view, backdrop, className, whenNear, failed } = props;
  const ref = useRef<HTMLSpanElement>(null);
  const near = useNear(ref, whenNear !== true);
  const failedRef = useRef(failed);
  failedRef.current = failed;
  useEffect(() => {
    const box = ref.current;
    if (!near || !box) return;
    return drawPicture(box, { bodyStyle, model, colour, view, backdrop, brand }, () => failedRef.current());
  }, [near, bodyStyle, model, colour, view, backdrop, brand]);
  // The picture (an <img>) is put in by drawPicture: React renders the box with no children.
  return <span ref={ref} {...pictureBox(alt, className)} />;
}

function QueuedCarImage({ bodyStyle, colour, alt, model, brand, view, backdrop, className, whenNear }: CarImageProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const near = useNear(ref, whenNear !== true);
  const markup = useMemo(() => {
    if (!near) return null;
    return () => {
      ensureSharedDefs();
      return carArtInlineSvg({ bodyStyle, model, colour, view, backdrop, brand });
    };
  }, [near, bodyStyle, model, colour, view, backdrop, brand]);
  useQueuedMarkup(ref, markup);
  return <span ref={ref} {...pictureBox(alt, className)} />;
}

function ImgCarImage({ bodyStyle, colour, alt, model, brand, view, backdrop, className }: CarImageProps) {
  const src = useMemo(
    () => carArtDataUri({ bodyStyle, model, colour, view, backdrop, brand }),
    [bodyStyle, model, colour, view, backdrop, brand],
  );
  return (
    <img
      className={className ?? 'cat-img'}
      src={src}
      alt={alt}
      width={400}
      height={240}
      loading="eager"
      decoding="async"
    />
  );
}
