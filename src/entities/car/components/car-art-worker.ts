// Worker: draws car pictures (car-art.ts) as bitmaps off the main thread (see car-art-bitmap.ts).
import { carArtSvg } from './car-art';
import { drawCarArt } from './car-art-canvas';
import type { BitmapReply, BitmapRequest } from './car-art-bitmap';

const makePath = (d: string) => new Path2D(d);

self.onmessage = (e: MessageEvent<BitmapRequest>) => {
  const { id, input, scale } = e.data;
  try {
    const canvas = new OffscreenCanvas(Math.round(400 * scale), Math.round(240 * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D context');
    drawCarArt(ctx, carArtSvg(input), scale, makePath);
    const bitmap = canvas.transferToImageBitmap();
    (self as unknown as Worker).postMessage({ id, bitmap } satisfies BitmapReply, [bitmap]);
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies BitmapReply);
  }
};
