// The page's side of the car art worker (car-art.worker.ts): asks for a picture at its box's device pixel
// size (at most MAX_PICTURE_DENSITY) and shows the WebP in an <img>, decoded off the main thread before it
// goes in. Building the SVG markup, parsing, laying out and painting it in the page cost 30-45 ms per picture
// at 4x CPU. Not a bitmaprenderer canvas: each canvas is a composited layer, which doubled every scrolled
// frame's commit (1.5 -> 3.2 ms CPU).
import type { CarArtInput } from './car-art';
import type { DrawReply, DrawRequest, PageMessage } from './car-canvas-protocol';
import { MAX_PICTURE_DENSITY } from './car-picture-encode';

/** Whether pictures can be drawn in a worker (not in jsdom or browsers without OffscreenCanvas). */
export function canvasPictures(): boolean {
  return (
    !broken &&
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof OffscreenCanvas.prototype.convertToBlob === 'function' &&
    typeof ResizeObserver !== 'undefined'
  );
}

type Done = (url: string | null) => void;

let worker: Worker | null = null;
let broken = false;
let lastId = 0;
const pending = new Map<number, Done>();
const keys = new Map<number, string>();

/** Pictures drawn, by what was asked (model, colour, view, backdrop, badge, size), oldest dropped first. */
const drawn = new Map<string, string>();
const KEEP = 160;

function keep(key: string, url: string): void {
  drawn.set(key, url);
  // A dropped URL's <img> keeps its decoded picture; only a new <img> would need the URL.
  for (const [k, old] of drawn) {
    if (drawn.size <= KEEP) break;
    drawn.delete(k);
    post({ revoke: old });
  }
}

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
    const key = keys.get(e.data.id);
    if ('url' in e.data) {
      // A cancelled picture drawn meanwhile is kept for the next card that shows it.
      if (key === undefined) post({ revoke: e.data.url });
      else keep(key, e.data.url);
      done?.(e.data.url);
    } else done?.(null);
    keys.delete(e.data.id);
  };
  // A worker that cannot start (its script missing) leaves every picture to the inline SVG.
  w.onerror = failAll;
  worker = w;
  return w;
}

const post = (msg: PageMessage): void => worker?.postMessage(msg);

/** Asks for one picture; `done` gets it (or null: draw it another way). Returns a cancel. */
export function requestPicture(input: CarArtInput, width: number, height: number, done: Done): () => void {
  const { bodyStyle, model, colour, view, backdrop, brand, silhouette } = input;
  const clean: CarArtInput = { bodyStyle, model, colour, view, backdrop, brand, silhouette };
  const key = `${JSON.stringify(clean)}|${width}x${height}`;
  const hit = drawn.get(key);
  if (hit) {
    drawn.delete(key);
    drawn.set(key, hit);
    done(hit);
    return () => undefined;
  }
  const id = ++lastId;
  const req: DrawRequest = { id, input: clean, width, height };
  try {
    artWorker().postMessage(req);
  } catch (e) {
    console.warn('Car picture worker unavailable', e);
    failAll();
    done(null);
    return () => undefined;
  }
  pending.set(id, done);
  keys.set(id, key);
  return () => {
    if (pending.delete(id)) post({ cancel: id });
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
      // Device pixels, but no denser than MAX_PICTURE_DENSITY (the <img> scales it to the box).
      const scale = Math.min(1, MAX_PICTURE_DENSITY / dpr);
      const w = Math.round((px ? px.inlineSize : e.contentRect.width * dpr) * scale);
      const h = Math.round((px ? px.blockSize : e.contentRect.height * dpr) * scale);
      if (!call || w < 1 || h < 1) continue;
      stopSizing(e.target);
      call(w, h);
    }
  });
  sizing.set(el, sized);
  sizer.observe(el);
  return () => stopSizing(el);
}

/**
 * Puts the picture in the box (an <img> filling it, decoded before it goes in) once the box has a size;
 * `failed` when the worker cannot draw it. Returns a stop.
 */
export function drawPicture(box: HTMLElement, input: CarArtInput, failed: () => void): () => void {
  let live = true;
  let cancel = whenSized(box, (w, h) => {
    cancel = requestPicture(input, w, h, (url) => {
      if (!live) return;
      if (!url) return failed();
      const img = new Image();
      img.alt = '';
      img.decoding = 'async';
      img.dataset.carArt = 'drawn';
      Object.assign(img.style, IMG_STYLE);
      img.src = url;
      img.decode().then(
        () => {
          if (!live) return;
          box.replaceChildren(img);
          // Laid out in this task (the box contains its layout), not in the next scrolled frame's task, where
          // the scroll handler's read of scrollY would force it (as useQueuedMarkup's settle does).
          if (box.isConnected) box.getBoundingClientRect();
        },
        () => live && failed(),
      );
    });
  });
  return () => {
    live = false;
    cancel();
  };
}

const IMG_STYLE = { display: 'block', width: '100%', height: '100%', objectFit: 'cover' } as const;
