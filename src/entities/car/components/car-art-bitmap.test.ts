// @vitest-environment jsdom
// Card pictures come from a worker as PNG bitmaps, memoised per picture and size; where no worker can draw,
// or a picture fails, the SVG data: URL is used as before.
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
  /** Answers every request so far with a PNG blob. */
  answer() {
    for (const r of this.requests.splice(0)) this.onmessage?.({ data: { id: r.id, blob: new Blob(['png']) } });
  }
}

let urls = 0;
beforeEach(() => {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
  urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:picture-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  resetCarArtBitmaps();
  vi.unstubAllGlobals();
  workers.length = 0;
});

const red = { bodyStyle: 'suv' as const, colour: 'Red', view: 'front-three-quarter' as const, brand: 'Audi' };

describe('car pictures as bitmaps', () => {
  it('draws a picture once per variant and size, and gives the same URL for it again', async () => {
    const first = carArtBitmap(red, 1);
    expect(first).toBeInstanceOf(Promise);
    const again = carArtBitmap({ ...red }, 1);
    expect(workers).toHaveLength(1);
    expect(workers[0].requests).toHaveLength(1);
    expect(workers[0].requests[0]).toMatchObject({ input: red, scale: 1 });
    workers[0].answer();
    expect(await first).toBe('blob:picture-1');
    expect(await again).toBe('blob:picture-1');
    // Known now: the URL at once, no new request.
    expect(carArtBitmap({ ...red }, 1)).toBe('blob:picture-1');
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

  it('keeps the SVG picture where a worker cannot draw, or when a picture fails', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    expect(carArtBitmap(red, 1)).toMatch(/^data:image\/svg\+xml/);
    expect(workers).toHaveLength(0);
    vi.stubGlobal('OffscreenCanvas', class {});
    const failing = carArtBitmap({ ...red, colour: 'Green' }, 1);
    const r = workers[0].requests[0];
    workers[0].onmessage?.({ data: { id: r.id, error: 'UnsupportedSvg' } });
    expect(await failing).toMatch(/^data:image\/svg\+xml/);
    expect(carArtBitmap({ ...red, colour: 'Green' }, 1)).toMatch(/^data:image\/svg\+xml/);
  });

  it('falls back to the SVG for every waiting picture when the worker fails to load', async () => {
    const a = carArtBitmap(red, 1);
    const b = carArtBitmap({ ...red, colour: 'Blue' }, 1);
    workers[0].onerror?.();
    expect(await a).toMatch(/^data:image\/svg\+xml/);
    expect(await b).toMatch(/^data:image\/svg\+xml/);
    expect(workers[0].terminated).toBe(true);
  });

  it('revokes the URLs of pictures it drops (the 300 most recent are kept)', () => {
    for (let i = 0; i < 301; i++) void carArtBitmap({ ...red, colour: `Colour ${i}` }, 1);
    workers[0].answer();
    for (let i = 301; i < 305; i++) void carArtBitmap({ ...red, colour: `Colour ${i}` }, 1);
    expect(vi.mocked(URL.revokeObjectURL).mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(carArtBitmap({ ...red, colour: 'Colour 300' }, 1)).toBe('blob:picture-301');
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
