import { useMemo } from 'react';
import type { BodyStyle, CarModelRow } from '@/data/catalogue';
import { carArtDataUri, type Backdrop, type CarView } from './car-art';

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
}

/** A generated picture of the car (no network, works offline; memoised per model, colour and view). */
export function CarImage({ bodyStyle, colour, alt, model, brand, view, backdrop, className, eager }: CarImageProps) {
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
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
