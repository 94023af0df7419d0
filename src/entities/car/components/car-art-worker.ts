// Worker: draws car pictures (car-art.ts) as PNG bitmaps off the main thread, returned as data: URLs
// (see car-art-bitmap.ts).
import { carArtSvg } from './car-art';
import { drawCarArt } from './car-art-canvas';
import type { BitmapReply, BitmapRequest } from './car-art-bitmap';

const makePath = (d: string) => new Path2D(d);

/** Dedicated workers have it (lib.webworker.d.ts is not in this project's libs). */
declare const FileReaderSync: { new (): { readAsDataURL(blob: Blob): string } };

self.onmessage = (e: MessageEvent<BitmapRequest>) => {
  const { id, input, scale } = e.data;
  void (async () => {
    try {
      const canvas = new OffscreenCanvas(Math.round(400 * scale), Math.round(240 * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2D context');
      drawCarArt(ctx, carArtSvg(input), scale, makePath);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      self.postMessage({ id, src: new FileReaderSync().readAsDataURL(blob) } satisfies BitmapReply);
    } catch (err) {
      self.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies BitmapReply);
    }
  })();
};
