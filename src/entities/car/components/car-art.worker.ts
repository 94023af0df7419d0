// Draws car pictures off the main thread: the same SVG markup as the page's pictures (carArtSvg), read into
// shapes (car-canvas-scene.ts) and painted on an OffscreenCanvas at the box's device pixel size, returned as
// a WebP's blob: URL (car-picture-encode.ts) the page shows in an <img> (car-canvas.ts).
import { carArtSvg } from './car-art';
import { paintScene } from './car-canvas-paint';
import { encodePicture } from './car-picture-encode';
import { parseScene } from './car-canvas-scene';
import type { DrawReply, DrawRequest, PageMessage } from './car-canvas-protocol';

/** The worker's global, typed as the page's (the project's lib is DOM). */
const scope = self as unknown as { postMessage(msg: DrawReply): void; onmessage: unknown };

async function draw(req: DrawRequest): Promise<Blob> {
  const canvas = new OffscreenCanvas(req.width, req.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D context');
  paintScene(ctx, parseScene(carArtSvg(req.input)), req.width, req.height);
  return encodePicture(canvas);
}

const queue: DrawRequest[] = [];
let scheduled = false;

/** One picture per task, so a cancel (a card scrolled away) is read before its picture is drawn. */
async function next(): Promise<void> {
  scheduled = false;
  const req = queue.shift();
  if (req) {
    let reply: DrawReply;
    try {
      reply = { id: req.id, url: URL.createObjectURL(await draw(req)) };
      scope.postMessage(reply);
    } catch (e) {
      reply = { id: req.id, error: e instanceof Error ? e.message : String(e) };
      scope.postMessage(reply);
    }
  }
  if (queue.length > 0 && !scheduled) {
    scheduled = true;
    setTimeout(() => void next(), 0);
  }
}

scope.onmessage = (e: MessageEvent<PageMessage>) => {
  const msg = e.data;
  if ('revoke' in msg) {
    URL.revokeObjectURL(msg.revoke);
    return;
  }
  if ('cancel' in msg) {
    const i = queue.findIndex((r) => r.id === msg.cancel);
    // Said back, so the page forgets the request; one already being drawn is answered with its picture.
    if (i >= 0) {
      queue.splice(i, 1);
      scope.postMessage({ id: msg.cancel, cancelled: true });
    }
    return;
  }
  queue.push(msg);
  if (!scheduled) {
    scheduled = true;
    setTimeout(() => void next(), 0);
  }
};
