// Car pictures as bitmaps, for cards in long lists. An <img> of an SVG is a whole SVG document per
// picture (created, laid out and painted on the main thread, its vectors rastered again with every tile),
// which is most of the cost of a card coming into view while a list scrolls. A worker draws the same SVG on
// an OffscreenCanvas (car-art-canvas.ts) and returns a PNG: the page sets it as a blob: URL, Chromium
// decodes it once off the main thread and then only composites it. Memoised per picture and size.
// Where a worker cannot draw (no OffscreenCanvas, tests, server-side), or a picture fails, the SVG data:
// URL is used as before.
import { carArtDataUri, carArtKey, type CarArtInput } from './car-art';

export interface BitmapRequest {
  id: number;
  input: CarArtInput;
  scale: number;
}

export type BitmapReply = { id: number; blob: Blob } | { id: number; error: string };

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

/** Bitmaps kept (blob: URLs, revoked when dropped): 300 pictures of about 30-100 KB each. */
const MAX_ENTRIES = 300;
const entries = new Map<string, Entry>();
const pending = new Map<number, { key: string; input: CarArtInput }>();
let nextId = 1;
let worker: Worker | null | undefined;

export function bitmapsSupported(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof URL !== 'undefined' &&
    typeof URL.createObjectURL === 'function'
  );
}

function settle(key: string, input: CarArtInput, reply: BitmapReply | null): void {
  const e = entries.get(key);
  if (!e) return;
  if (reply && 'blob' in reply) e.url = URL.createObjectURL(reply.blob);
  else e.failed = true;
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

function drop(): void {
  while (entries.size > MAX_ENTRIES) {
    const [key, e] = entries.entries().next().value as [string, Entry];
    if (e.waiters.length) break;
    entries.delete(key);
    if (e.url) URL.revokeObjectURL(e.url);
  }
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
    w.postMessage({ id, input, scale } satisfies BitmapRequest);
    drop();
  }
  const entry = e;
  return new Promise<string>((resolve) => entry.waiters.push(resolve));
}

/** Tests: forget every bitmap and the worker. */
export function resetCarArtBitmaps(): void {
  for (const e of entries.values()) if (e.url) URL.revokeObjectURL(e.url);
  entries.clear();
  pending.clear();
  worker?.terminate();
  worker = undefined;
}
