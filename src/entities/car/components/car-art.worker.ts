// Draws car pictures off the main thread: the same SVG markup as the page's pictures (carArtSvg), read into
// shapes (car-canvas-scene.ts) and painted on an OffscreenCanvas at the box's device pixel size. The page
// shows the returned ImageBitmap in a bitmaprenderer canvas (car-canvas.ts).
import { carArtSvg } from './car-art';
import { paintScene } from './car-canvas-paint';
import { parseScene } from './car-canvas-scene';
import type { DrawReply, DrawRequest } from './car-canvas-protocol';

/** The worker's global, typed as the page's (the project's lib is DOM): postMessage with transfers. */
const scope = self as unknown as { postMessage(msg: DrawReply, transfer?: Transferable[]): void; onmessage: unknown };

/** Pictures drawn, by request key, within a pixel budget (a screen or two of cards at 2x), oldest out first. */
const drawn = new Map<string, ImageBitmap>();
const BUDGET_PX = 12_000_000;
let used = 0;

function keep(key: string, bitmap: ImageBitmap): void {
  drawn.set(key, bitmap);
  used += bitmap.width * bitmap.height;
  for (const [k, b] of drawn) {
    if (used <= BUDGET_PX || k === key) break;
    drawn.delete(k);
    used -= b.width * b.height;
    b.close();
  }
}

function draw(req: DrawRequest): ImageBitmap {
  const canvas = new OffscreenCanvas(req.width, req.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D context');
  paintScene(ctx, parseScene(carArtSvg(req.input)), req.width, req.height);
  return canvas.transferToImageBitmap();
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
      const hit = drawn.get(req.key);
      if (hit) {
        drawn.delete(req.key);
        drawn.set(req.key, hit);
      } else keep(req.key, draw(req));
      const copy = await createImageBitmap(drawn.get(req.key) ?? draw(req));
      reply = { id: req.id, bitmap: copy };
      scope.postMessage(reply, [copy]);
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

scope.onmessage = (e: MessageEvent<DrawRequest | { cancel: number }>) => {
  const msg = e.data;
  if ('cancel' in msg) {
    const i = queue.findIndex((r) => r.id === msg.cancel);
    if (i >= 0) queue.splice(i, 1);
    return;
  }
  queue.push(msg);
  if (!scheduled) {
    scheduled = true;
    setTimeout(() => void next(), 0);
  }
};
