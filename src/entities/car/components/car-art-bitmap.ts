// Car pictures as bitmaps, for cards in long lists. An <img> of an SVG is a whole SVG document per
// picture (created, laid out and painted on the main thread, its vectors rastered again with every tile),
// which is most of the cost of a card coming into view while a list scrolls. A worker draws the same SVG on
// an OffscreenCanvas (car-art-canvas.ts) and returns a PNG as a data: URL (a blob: URL costs the page a
// synchronous call to the browser process each): Chromium decodes it once off the main thread and then only
// composites it. Memoised per picture and size, up to MAX_CHARS of URLs.
// Where a worker cannot draw (no OffscreenCanvas, tests, server-side), or a picture fails, the SVG data:
// URL is used as before.
import { carArtDataUri, carArtKey, type CarArtInput } from './car-art';

export interface BitmapRequest {
  id: number;
  input: CarArtInput;
  scale: number;
}

export type BitmapReply = { id: number; src: string } | { id: number; error: string };

/** Device pixels per SVG unit (the SVG is 400x240): a few sizes, so a picture is drawn at most a few times. */
const SCALES = [1, 1.5, 2, 3] as const;

/** The bitmap scale for a picture shown `cssWidth` px wide at `dpr` device pixels per px. */
export function bitmapScale(cssWidth: number, dpr: number): number {
  const need = (Math.max(1, cssWidth) * Math.max(1, dpr || 1)) / 400;
  return SCALES.find((s) => s >= need - 0.01) ?? SCALES[SCALES.length - 1];
}

interface Entry {
  url: string | null;
  /** The SVG data: URL instead, when the worker could not draw this picture. */
  failed: boolean;
  waiters: ((src: string) => void)[];
}

/** The data: URLs kept, in characters (JS heap): about 200 pictures of 400x240, fewer larger ones. */
const MAX_CHARS = 12_000_000;
let chars = 0;
const entries = new Map<string, Entry>();
const pending = new Map<number, { key: string; input: CarArtInput }>();
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

function settle(key: string, input: CarArtInput, reply: BitmapReply | null): void {
  const e = entries.get(key);
  if (!e) return;
  if (reply && 'src' in reply) {
    e.url = reply.src;
    chars += reply.src.length;
    drop();
  } else e.failed = true;
  const src = e.url ?? carArtDataUri(input);
  for (const w of e.waiters.splice(0)) w(src);
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
    const job = pending.get(e.data.id);
    if (!job) return;
    pending.delete(e.data.id);
    settle(job.key, job.input, e.data);
  };
  worker.onerror = () => {
    // The worker itself failed (e.g. it could not load): every picture falls back to its SVG.
    worker?.terminate();
    worker = null;
    for (const job of pending.values()) settle(job.key, job.input, null);
    pending.clear();
  };
  return worker;
}

/** Forgets the least recently used pictures beyond MAX_CHARS (or 1,000 pictures). */
function drop(): void {
  for (const [key, e] of entries) {
    if (chars <= MAX_CHARS && entries.size <= 1000) return;
    if (!e.url && !e.failed) continue;
    entries.delete(key);
    chars -= e.url?.length ?? 0;
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
 * The picture's src: at once (a string) when known (a bitmap drawn before, or the SVG when bitmaps cannot
 * be drawn here), else a promise of it. The same picture at the same scale is drawn once.
 */
export function carArtBitmap(input: CarArtInput, scale: number): string | Promise<string> {
  const w = bitmapsSupported() ? getWorker() : null;
  if (!w) return carArtDataUri(input);
  const key = `${carArtKey(input)}@${scale}`;
  let e = entries.get(key);
  if (e) {
    // Most recently used last.
    entries.delete(key);
    entries.set(key, e);
    if (e.url) return e.url;
    if (e.failed) return carArtDataUri(input);
  } else {
    e = { url: null, failed: false, waiters: [] };
    entries.set(key, e);
    const id = nextId++;
    pending.set(id, { key, input });
    w.postMessage({ id, input: slim(input), scale } satisfies BitmapRequest);
    drop();
  }
  const entry = e;
  return new Promise<string>((resolve) => entry.waiters.push(resolve));
}

/** Tests: forget every bitmap and the worker. */
export function resetCarArtBitmaps(): void {
  entries.clear();
  chars = 0;
  pending.clear();
  worker?.terminate();
  worker = undefined;
  off = undefined;
}
