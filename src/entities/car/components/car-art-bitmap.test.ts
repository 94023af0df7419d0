// @vitest-environment jsdom
// Card pictures come from a worker as bitmaps, memoised per picture and size; where no worker can draw, or a
// picture fails, there is none (CarImage keeps the SVG).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bitmapScale, carArtBitmap, resetCarArtBitmaps, type BitmapReply, type BitmapRequest } from './car-art-bitmap';

const workers: FakeWorker[] = [];

class FakeWorker {
  onmessage: ((e: { data: BitmapReply }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly requests: BitmapRequest[] = [];
  terminated = false;
  constructor() {
    workers.push(this);
  }
  postMessage(req: BitmapRequest) {
    this.requests.push(req);
  }
  terminate() {
    this.terminated = true;
  }
  /** Answers every request so far with a bitmap. */
  answer() {
    for (const r of this.requests.splice(0)) this.onmessage?.({ data: { id: r.id, bitmap: fakeBitmap() } });
  }
}

let made: (ImageBitmap & { n: number; closed: boolean })[] = [];
function fakeBitmap() {
  const b = { n: made.length + 1, width: 400, height: 240, closed: false } as unknown as ImageBitmap & {
    n: number;
    closed: boolean;
  };
  b.close = () => void (b.closed = true);
  made.push(b);
  return b;
}
beforeEach(() => {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
  made = [];
});

afterEach(() => {
  resetCarArtBitmaps();
  vi.unstubAllGlobals();
  workers.length = 0;
});

const MODEL = {
  body_style: 'suv',
  length_mm: 4490,
  height_mm: 1610,
  width_mm: 1850,
  seats: 5,
  doors: 5,
  boot_litres: 488,
  fuel_type: 'petrol',
  price_from: 30000,
  power_bhp: 150,
} as const;

const red = { bodyStyle: 'suv' as const, colour: 'Red', view: 'front-three-quarter' as const, brand: 'Audi' };

describe('car pictures as bitmaps', () => {
  it('draws a picture once per variant and size, and gives the same URL for it again', async () => {
    const first = carArtBitmap(red, 1);
    expect(first).toBeInstanceOf(Promise);
    const again = carArtBitmap({ ...red }, 1);
    expect(workers).toHaveLength(1);
    expect(workers[0].requests).toHaveLength(1);
    expect(workers[0].requests[0]).toMatchObject({ input: red, scale: 1 });
    // Only what the picture is drawn from goes to the worker.
    const model = { ...MODEL, id: 'm1', name: 'Q3', slug: 'q3', description: 'x'.repeat(1000) };
    void carArtBitmap({ ...red, model }, 1);
    expect(workers[0].requests[1].input.model).toEqual(MODEL);
    workers[0].requests.pop();
    workers[0].answer();
    const bitmap = await first;
    expect(bitmap).toBe(made[0]);
    expect(await again).toBe(bitmap);
    // Known now: the bitmap at once, no new request.
    expect(carArtBitmap({ ...red }, 1)).toBe(bitmap);
    expect(workers[0].requests).toHaveLength(0);
    // Another colour, backdrop or size is another picture.
    void carArtBitmap({ ...red, colour: 'Blue' }, 1);
    void carArtBitmap({ ...red, backdrop: 'dusk' }, 1);
    void carArtBitmap(red, 2);
    expect(workers[0].requests.map((r) => [r.input.colour, r.input.backdrop, r.scale])).toEqual([
      ['Blue', undefined, 1],
      ['Red', 'dusk', 1],
      ['Red', undefined, 2],
    ]);
  });

  it('has no bitmap where a worker cannot draw, or when a picture fails', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    expect(carArtBitmap(red, 1)).toBeNull();
    expect(workers).toHaveLength(0);
    vi.stubGlobal('OffscreenCanvas', class {});
    const failing = carArtBitmap({ ...red, colour: 'Green' }, 1);
    const r = workers[0].requests[0];
    workers[0].onmessage?.({ data: { id: r.id, error: 'UnsupportedSvg' } });
    expect(await failing).toBeNull();
    expect(carArtBitmap({ ...red, colour: 'Green' }, 1)).toBeNull();
  });

  it('falls back to the SVG for every waiting picture when the worker fails to load', async () => {
    const a = carArtBitmap(red, 1);
    const b = carArtBitmap({ ...red, colour: 'Blue' }, 1);
    workers[0].onerror?.();
    expect(await a).toBeNull();
    expect(await b).toBeNull();
    expect(workers[0].terminated).toBe(true);
  });

  it('keeps the 120 most recently used bitmaps, and closes those it drops', () => {
    const colour = (i: number) => ({ ...red, colour: `Colour ${i}` });
    for (let i = 0; i < 120; i++) void carArtBitmap(colour(i), 1);
    workers[0].answer();
    // Colour 0 used again: the least recently used is now Colour 1, then Colour 2.
    expect(carArtBitmap(colour(0), 1)).toBe(made[0]);
    void carArtBitmap(colour(120), 1);
    void carArtBitmap(colour(121), 1);
    workers[0].answer();
    expect(made.filter((b) => b.closed).map((b) => b.n)).toEqual([2, 3]);
    for (const i of [0, 3, 119, 120, 121]) expect(carArtBitmap(colour(i), 1)).toBe(made[i]);
    // Colours 1 and 2 were dropped: drawn again.
    expect(carArtBitmap(colour(1), 1)).toBeInstanceOf(Promise);
    expect(workers[0].requests.map((r) => r.input.colour)).toEqual(['Colour 1']);
  });

  it('picks the bitmap size from the shown width and the device pixels', () => {
    expect(bitmapScale(290, 1)).toBe(1);
    expect(bitmapScale(400, 1)).toBe(1);
    expect(bitmapScale(500, 1)).toBe(1.5);
    expect(bitmapScale(358, 2)).toBe(2);
    expect(bitmapScale(358, 3)).toBe(3);
    expect(bitmapScale(1200, 3)).toBe(3);
    expect(bitmapScale(0, 0)).toBe(1);
  });
});
