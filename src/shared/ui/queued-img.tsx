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

/**
 * Fills the element with `markup` through the draw queue (a few pictures per task, not in the task of the
 * render); the element renders with no children, so React leaves its content alone.
 */
export function useQueuedMarkup(ref: RefObject<HTMLElement | null>, markup: string | null): void {
  useEffect(() => {
    const box = ref.current;
    if (!markup || !box) return;
    return queueDraw(() => (box.innerHTML = markup));
  }, [ref, markup]);
}
