// The page's side of the car art worker (car-art.worker.ts): asks for a picture at its box's device pixel
// size and shows it in a bitmaprenderer canvas, which costs the main thread almost nothing. Building the SVG
// markup, parsing, laying out and painting it in the page cost 30-45 ms per picture at 4x CPU.
import type { CarArtInput } from './car-art';
import type { DrawReply, DrawRequest } from './car-canvas-protocol';

/** Whether pictures can be drawn in a worker (not in jsdom or browsers without OffscreenCanvas). */
export function canvasPictures(): boolean {
  return (
    !broken &&
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof ImageBitmapRenderingContext !== 'undefined' &&
    typeof ResizeObserver !== 'undefined'
  );
}

type Done = (bitmap: ImageBitmap | null) => void;

let worker: Worker | null = null;
let broken = false;
let lastId = 0;
const pending = new Map<number, Done>();

function failAll(): void {
  broken = true;
  for (const done of pending.values()) done(null);
  pending.clear();
}

function artWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./car-art.worker.ts', import.meta.url), { type: 'module', name: 'motorly-car-art' });
  w.onmessage = (e: MessageEvent<DrawReply>) => {
    const done = pending.get(e.data.id);
    pending.delete(e.data.id);
    if ('bitmap' in e.data) {
      if (done) done(e.data.bitmap);
      else e.data.bitmap.close();
    } else done?.(null);
  };
  // A worker that cannot start (its script missing) leaves every picture to the inline SVG.
  w.onerror = failAll;
  worker = w;
  return w;
}

/** Asks for one picture; `done` gets it (or null: draw it another way). Returns a cancel. */
export function requestPicture(input: CarArtInput, width: number, height: number, done: Done): () => void {
  const id = ++lastId;
  const { bodyStyle, model, colour, view, backdrop, brand, silhouette } = input;
  const clean: CarArtInput = { bodyStyle, model, colour, view, backdrop, brand, silhouette };
  const req: DrawRequest = { id, key: `${JSON.stringify(clean)}|${width}x${height}`, input: clean, width, height };
  try {
    artWorker().postMessage(req);
  } catch (e) {
    console.warn('Car picture worker unavailable', e);
    failAll();
    done(null);
    return () => undefined;
  }
  pending.set(id, done);
  return () => {
    if (pending.delete(id)) worker?.postMessage({ cancel: id });
  };
}

/** The box's size in device pixels, once it has one (one observer for every box, as for nearness). */
const sizing = new Map<Element, (w: number, h: number) => void>();
let sizer: ResizeObserver | null = null;

function stopSizing(el: Element): void {
  sizing.delete(el);
  sizer?.unobserve(el);
}

export function whenSized(el: Element, sized: (width: number, height: number) => void): () => void {
  sizer ??= new ResizeObserver((entries) => {
    for (const e of entries) {
      const call = sizing.get(e.target);
      const px = e.devicePixelContentBoxSize?.[0];
      const dpr = globalThis.devicePixelRatio || 1;
      const w = Math.round(px ? px.inlineSize : e.contentRect.width * dpr);
      const h = Math.round(px ? px.blockSize : e.contentRect.height * dpr);
      if (!call || w < 1 || h < 1) continue;
      stopSizing(e.target);
      call(w, h);
    }
  });
  sizing.set(el, sized);
  sizer.observe(el);
  return () => stopSizing(el);
}

/** Draws the picture into the canvas once its box has a size; `failed` when the worker cannot. */
export function drawPicture(
  box: Element,
  canvas: HTMLCanvasElement,
  input: CarArtInput,
  failed: () => void,
): () => void {
  let cancel = whenSized(box, (w, h) => {
    cancel = requestPicture(input, w, h, (bitmap) => {
      const ctx = bitmap ? canvas.getContext('bitmaprenderer') : null;
      if (bitmap && ctx) ctx.transferFromImageBitmap(bitmap);
      else {
        bitmap?.close();
        failed();
      }
    });
  });
  return () => cancel();
}
