// How a picture drawn in the car art worker is handed to the page: lossy WebP. A PNG of the same card was
// 38-313 KB at 2x (gradients and paint compress badly without loss) against 4-13 KB as WebP at 0.8 (issue 36:
// at most 15 KB a card picture; bench/car-canvas-fidelity.ts measures both the size and the look). A browser
// that cannot write WebP gives PNG instead (convertToBlob's fallback): larger, but the same picture.

/** WebP quality: at 0.8 the difference from the SVG stays under a grey level a channel on average. */
export const PICTURE_QUALITY = 0.8;

/**
 * Pixels per CSS pixel at most: a 3x phone gets a 2x picture, which its <img> scales. At 3x a picture was
 * about 15 KB as WebP and its decoded bitmap 2.25 times a 2x one, for a drawing whose edges 2x already renders
 * crisply at a card's size.
 */
export const MAX_PICTURE_DENSITY = 2;

export function encodePicture(canvas: OffscreenCanvas): Promise<Blob> {
  return canvas.convertToBlob({ type: 'image/webp', quality: PICTURE_QUALITY });
}
