// A listing's gallery around the main picture ListingLayout draws: a counter and swipe on the picture, the
// thumbnails (tablet and up), and a full-screen viewer (swipe, arrow keys, Escape; focus stays inside).
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { GallerySlide } from '@/entities/car';
import { CloseIcon } from '@/shared/ui';
import { useSwipe } from '../hooks/use-swipe';

/** Draws one slide: `big` in the full-screen viewer, else a thumbnail. */
export type DrawSlide = (slide: GallerySlide, big: boolean) => ReactNode;

const counter = (shot: number, total: number) => `${shot + 1} of ${total}`;
const wrap = (i: number, total: number) => (i + total) % total;

interface OverlayProps {
  total: number;
  shot: number;
  onShot: (i: number) => void;
  onOpen: () => void;
  title: string;
}

/** Over the main picture: tap to open full screen, swipe for the next picture, "1 of 4" in the corner. */
export function GalleryOverlay({ total, shot, onShot, onOpen, title }: OverlayProps) {
  const swipe = useSwipe((step) => onShot(wrap(shot + step, total)));
  return (
    <>
      <button
        type="button"
        className="lgal-open"
        aria-label={`Open the pictures of the ${title} full screen (picture ${counter(shot, total)})`}
        data-testid="gallery-open"
        onPointerDown={swipe.onPointerDown}
        onPointerUp={swipe.onPointerUp}
        onPointerCancel={swipe.onPointerCancel}
        onClick={() => {
          if (!swipe.swiped()) onOpen();
        }}
      />
      <span className="lgal-count" aria-hidden="true">
        {counter(shot, total)}
      </span>
    </>
  );
}

interface ThumbsProps {
  slides: readonly GallerySlide[];
  shot: number;
  onShot: (i: number) => void;
  draw: DrawSlide;
}

export function GalleryThumbs({ slides, shot, onShot, draw }: ThumbsProps) {
  return (
    <div className="cat-gallery__thumbs" role="group" aria-label="Pictures">
      {slides.map((s, i) => (
        <button
          key={`${s.view}-${i}`}
          type="button"
          className="cat-thumb"
          aria-pressed={i === shot}
          aria-label={`Show ${s.label}`}
          onClick={() => onShot(i)}
        >
          {draw(s, false)}
        </button>
      ))}
    </div>
  );
}

interface ViewerProps {
  slides: readonly GallerySlide[];
  shot: number;
  onShot: (i: number) => void;
  onClose: () => void;
  title: string;
  draw: DrawSlide;
}

/**
 * Tab from the last control goes round to the first (and Shift+Tab from the first to the last): a modal
 * <dialog> keeps focus off the inert page, but would hand it to the browser's own controls.
 */
function keepFocusInside(e: KeyboardEvent<HTMLDialogElement>): void {
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled)')];
  const index = controls.indexOf(document.activeElement as HTMLElement);
  const next = e.shiftKey ? (index <= 0 ? controls.length - 1 : index - 1) : (index + 1) % controls.length;
  controls[next]?.focus();
}

/**
 * The full-screen viewer, a modal <dialog>: showModal() makes the page behind it inert and Escape closes it;
 * Tab goes round its own controls; focus returns to the control that opened it.
 */
export function GalleryViewer({ slides, shot, onShot, onClose, title, draw }: ViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const total = slides.length;
  const go = (step: 1 | -1) => onShot(wrap(shot + step, total));
  const swipe = useSwipe(go);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => opener?.focus();
  }, []);
  const slide = slides[shot];
  return (
    <dialog
      ref={ref}
      className="lgal"
      aria-label={`Pictures of the ${title}`}
      data-testid="gallery-viewer"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Tab') keepFocusInside(e);
        else if (e.key === 'ArrowRight') go(1);
        else if (e.key === 'ArrowLeft') go(-1);
        else return;
        e.preventDefault();
      }}
    >
      <div className="lgal__bar">
        <p className="lgal__count" aria-live="polite" data-testid="gallery-count">
          {counter(shot, total)}
          <span className="sr-only">: {slide.label}</span>
        </p>
        <button type="button" className="lgal__btn" aria-label="Close the pictures" onClick={onClose} autoFocus>
          <CloseIcon />
        </button>
      </div>
      <div
        className="lgal__stage"
        onDragStart={(e) => e.preventDefault()}
        onPointerDown={swipe.onPointerDown}
        onPointerUp={swipe.onPointerUp}
        onPointerCancel={swipe.onPointerCancel}
      >
        {draw(slide, true)}
      </div>
      <div className="lgal__nav">
        <button type="button" className="lgal__btn" aria-label="Previous picture" onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <p className="lgal__label">{slide.label}</p>
        <button type="button" className="lgal__btn" aria-label="Next picture" onClick={() => go(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </dialog>
  );
}
