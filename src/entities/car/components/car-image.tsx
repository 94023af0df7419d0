import { useMemo } from 'react';
import type { BodyStyle } from '@/data/catalogue';
import { carArtDataUri, type Backdrop, type CarView } from './car-art';

export interface CarImageProps {
  bodyStyle: BodyStyle;
  colour: string;
  alt: string;
  view?: CarView;
  backdrop?: Backdrop;
  className?: string;
  eager?: boolean;
}

/** A generated picture of the car (no network, works offline). */
export function CarImage({ bodyStyle, colour, alt, view, backdrop, className, eager }: CarImageProps) {
  const src = useMemo(() => carArtDataUri({ bodyStyle, colour, view, backdrop }), [bodyStyle, colour, view, backdrop]);
  return <img className={className ?? 'cat-img'} src={src} alt={alt} width={400} height={240} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
