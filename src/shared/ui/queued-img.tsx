import { useEffect, useRef, type ImgHTMLAttributes, type RefObject } from 'react';
import { queueDraw } from '@/shared/lib/draw-queue';

export interface QueuedImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string;
  alt: string;
}

/**
 * An <img> whose src is set by the draw queue (src/shared/lib/draw-queue.ts), a few pictures per task, not in
 * the task of the render: for a grid of small SVG data: pictures (brand monograms) that appear together.
 */
export function QueuedImg({ src, alt, ...rest }: QueuedImgProps) {
  const ref = useRef<HTMLImageElement>(null);
  // React leaves the attribute alone: the src prop it renders stays undefined.
  useEffect(() => queueDraw(() => ref.current?.setAttribute('src', src)), [src]);
  return <img ref={ref} alt={alt} {...rest} />;
}

/** Drawings built at their turn (see useQueuedMarkup), one to a task. */
const heavy: (() => void)[] = [];
let heavyScheduled = false;

function drawOne(): void {
  heavyScheduled = false;
  heavy.shift()?.();
  if (heavy.length > 0) scheduleOne();
}

function scheduleOne(): void {
  if (heavyScheduled) return;
  heavyScheduled = true;
  setTimeout(drawOne, 0);
}

function queueOne(draw: () => void, next = false): () => void {
  if (next) heavy.unshift(draw);
  else heavy.push(draw);
  scheduleOne();
  return () => {
    const i = heavy.indexOf(draw);
    if (i >= 0) heavy.splice(i, 1);
  };
}

/**
 * Styles and lays out a drawing just put in the page, in the task that put it there: left to the next frame,
 * its style and layout (forced by the first scroll handler reading scrollY) ran inside that frame's task, with
 * the frame's scroll, rows and paint. A listing card's picture box contains its layout (contain: strict), so
 * this lays out the drawing alone.
 */
function settle(box: HTMLElement): void {
  if (box.isConnected) box.getBoundingClientRect();
}

/**
 * Fills the element with `markup` through the draw queue (a few pictures per task, not in the task of the
 * render); the element renders with no children, so React leaves its content alone. A function is called
 * when the drawing's turn comes, one to a task: a car picture's markup costs about 6-10 ms to build and
 * 10-18 ms to parse at 4x CPU, so three to a task made tasks of 60-70 ms while scrolling (bench:scroll-tasks).
 */
export function useQueuedMarkup(ref: RefObject<HTMLElement | null>, markup: string | (() => string) | null): void {
  useEffect(() => {
    const box = ref.current;
    if (!markup || !box) return;
    if (typeof markup === 'string') return queueDraw(() => (box.innerHTML = markup));
    // Built in one task, put in the page (parsed, styled, laid out) in the next: in one task, build, parse and
    // layout made queue tasks of up to 71 ms at 4x CPU (p90 40 ms; split: max 49, p90 24).
    let cancel = queueOne(() => {
      const html = markup();
      cancel = queueOne(() => {
        box.innerHTML = html;
        settle(box);
      }, true);
    });
    return () => cancel();
  }, [ref, markup]);
}
