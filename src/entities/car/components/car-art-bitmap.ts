// Car pictures as bitmaps, for cards in long lists. An <img> of an SVG is a whole SVG document per
// picture (created, laid out and painted on the main thread as the card scrolls in). A worker draws the same
// SVG on an OffscreenCanvas (car-art-canvas.ts) and hands the page an ImageBitmap (transferred, not copied or
// encoded), which CarImage copies into a <canvas>. Memoised per picture and size (MAX_BITMAPS).
// Where a worker cannot draw (no OffscreenCanvas, tests, server-side), or a picture fails, CarImage keeps the
// SVG <img> as before.
import { carArtKey, type CarArtInput } from './car-art';

export interface BitmapRequest {
  id: number;
  input: CarArtInput;
  scale: number;
}

export type BitmapReply = { id: number; bitmap: ImageBitmap } | { id: number; error: string };

/** Device pixels per SVG unit (the SVG is 400x240): a few sizes, so a picture is drawn at most a few times. */
const SCALES = [1, 1.5, 2, 3] as const;

/** The bitmap scale for a picture shown `cssWidth` px wide at `dpr` device pixels per px. */
export function bitmapScale(cssWidth: number, dpr: number): number {
  const need = (Math.max(1, cssWidth) * Math.max(1, dpr || 1)) / 400;
  return SCALES.find((s) => s >= need - 0.01) ?? SCALES[SCALES.length - 1];
}

interface Entry {
  bitmap: ImageBitmap | null;
  /** The worker could not draw this picture: the SVG instead. */
  failed: boolean;
  waiters: ((bitmap: ImageBitmap | null) => void)[];
}

/** Bitmaps kept (each 400x240 x scale^2 x 4 bytes, 384 KB at scale 1), the least recently used dropped. */
const MAX_BITMAPS = 120;
const entries = new Map<string, Entry>();
const pending = new Map<number, string>();
let nextId = 1;
let worker: Worker | null | undefined;

/** localStorage switch for comparisons (bench/scroll.ts): 'off' keeps the SVG pictures. */
export const BITMAP_SWITCH_KEY = 'motorly:car-bitmaps';

function switchedOff(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(BITMAP_SWITCH_KEY) === 'off';
  } catch {
    return false;
  }
}

let off: boolean | undefined;

export function bitmapsSupported(): boolean {
  off ??= switchedOff();
  return !off && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
}

function settle(key: string, reply: BitmapReply | null): void {
  const e = entries.get(key);
  if (!e) {
    if (reply && 'bitmap' in reply) reply.bitmap.close();
    return;
  }
  if (reply && 'bitmap' in reply) e.bitmap = reply.bitmap;
  else e.failed = true;
  for (const w of e.waiters.splice(0)) w(e.bitmap);
  drop();
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./car-art-worker.ts', import.meta.url), { type: 'module', name: 'motorly-car-art' });
  } catch {
    worker = null;
    return null;
  }
  worker.onmessage = (e: MessageEvent<BitmapReply>) => {
    const key = pending.get(e.data.id);
    if (key === undefined) return;
    pending.delete(e.data.id);
    settle(key, e.data);
  };
  worker.onerror = () => {
    // The worker itself failed (e.g. it could not load): every picture falls back to its SVG.
    worker?.terminate();
    worker = null;
    for (const key of pending.values()) settle(key, null);
    pending.clear();
  };
  return worker;
}

/** Forgets the least recently used pictures beyond MAX_BITMAPS (a canvas showing one keeps its copy). */
function drop(): void {
  for (const [key, e] of entries) {
    if (entries.size <= MAX_BITMAPS) return;
    if (!e.bitmap && !e.failed) continue;
    entries.delete(key);
    e.bitmap?.close();
  }
}

/** Only what the picture is drawn from (a model row has many more fields to copy to the worker). */
function slim(input: CarArtInput): CarArtInput {
  const m = input.model;
  const model = m && {
    body_style: m.body_style,
    length_mm: m.length_mm,
    height_mm: m.height_mm,
    width_mm: m.width_mm,
    seats: m.seats,
    doors: m.doors,
    boot_litres: m.boot_litres,
    fuel_type: m.fuel_type,
    price_from: m.price_from,
    power_bhp: m.power_bhp,
  };
  return {
    bodyStyle: input.bodyStyle,
    model,
    colour: input.colour,
    view: input.view,
    backdrop: input.backdrop,
    brand: input.brand,
  };
}

/**
 * The picture as a bitmap: at once when drawn before, else a promise of it; null when it cannot be drawn
 * here (no worker or OffscreenCanvas) or the worker failed on it: then the SVG. Drawn once per picture and
 * scale.
 */
export function carArtBitmap(input: CarArtInput, scale: number): ImageBitmap | Promise<ImageBitmap | null> | null {
  const w = bitmapsSupported() ? getWorker() : null;
  if (!w) return null;
  const key = `${carArtKey(input)}@${scale}`;
  let e = entries.get(key);
  if (e) {
    // Most recently used last.
    entries.delete(key);
    entries.set(key, e);
    if (e.bitmap) return e.bitmap;
    if (e.failed) return null;
  } else {
    e = { bitmap: null, failed: false, waiters: [] };
    entries.set(key, e);
    const id = nextId++;
    pending.set(id, key);
    w.postMessage({ id, input: slim(input), scale } satisfies BitmapRequest);
  }
  const entry = e;
  return new Promise((resolve) => entry.waiters.push(resolve));
}

/** Tests: forget every bitmap and the worker. */
export function resetCarArtBitmaps(): void {
  for (const e of entries.values()) e.bitmap?.close();
  entries.clear();
  pending.clear();
  worker?.terminate();
  worker = undefined;
  off = undefined;
}
