// @vitest-environment jsdom
// A card's picture is a data: URL the browser parses as soon as it is set (loading=lazy does not hold it
// back), so a picture marked whenNear gets its src only once it comes near the viewport.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { CarImage } from './car-image';
import { resetCarArtBitmaps, type BitmapReply, type BitmapRequest } from './car-art-bitmap';

type Callback = (entries: { isIntersecting: boolean; boundingClientRect?: { width: number } }[]) => void;
const observers: { callback: Callback; disconnected: boolean }[] = [];

class FakeIntersectionObserver {
  private readonly entry: { callback: Callback; disconnected: boolean };
  constructor(callback: Callback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

afterEach(() => {
  resetCarArtBitmaps();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('CarImage', () => {
  it('draws a whenNear picture only once it comes near the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { container } = render(<CarImage bodyStyle="suv" colour="Red" alt="" whenNear />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBeNull();
    act(() => observers[0].callback([{ isIntersecting: false }]));
    expect(img?.getAttribute('src')).toBeNull();
    act(() => observers[0].callback([{ isIntersecting: true }]));
    expect(img?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(observers[0].disconnected).toBe(true);
  });

  it('draws at once without whenNear, and when eager', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const plain = render(<CarImage bodyStyle="suv" colour="Red" alt="" />);
    expect(plain.container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const eager = render(<CarImage bodyStyle="suv" colour="Red" alt="" whenNear eager />);
    expect(eager.container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(observers).toHaveLength(0);
  });

  it('shows a whenNear picture as the worker bitmap in a canvas, memoised per picture, named by its alt', async () => {
    const requests: BitmapRequest[] = [];
    let reply: ((e: { data: BitmapReply }) => void) | null = null;
    vi.stubGlobal(
      'Worker',
      class {
        set onmessage(f: (e: { data: BitmapReply }) => void) {
          reply = f;
        }
        postMessage(r: BitmapRequest) {
          requests.push(r);
        }
        terminate() {}
      },
    );
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('devicePixelRatio', 2);
    const drawn: unknown[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: (b: unknown) => drawn.push(b),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const one = render(<CarImage bodyStyle="suv" colour="Red" alt="Red SUV" whenNear />);
    const picture = one.getByRole('img', { name: 'Red SUV' });
    expect(picture.tagName).toBe('CANVAS');
    act(() => observers[0].callback([{ isIntersecting: true }]));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ scale: 1.5, input: { bodyStyle: 'suv', colour: 'Red' } });
    expect(drawn).toHaveLength(0);
    const bitmap = { width: 600, height: 360, close() {} } as unknown as ImageBitmap;
    await act(async () => reply?.({ data: { id: requests[0].id, bitmap } }));
    expect(drawn).toEqual([bitmap]);
    expect((picture as HTMLCanvasElement).width).toBe(600);
    // The same picture again (a card scrolled back into view): the same bitmap at once, no new drawing.
    const two = render(<CarImage bodyStyle="suv" colour="Red" alt="" whenNear />);
    act(() => observers[1].callback([{ isIntersecting: true }]));
    expect(drawn).toEqual([bitmap, bitmap]);
    expect(requests).toHaveLength(1);
    // An empty alt hides the picture, as it does an img's.
    expect(two.container.querySelector('canvas')?.getAttribute('aria-hidden')).toBe('true');
    // A picture the worker cannot draw is the SVG image instead.
    const three = render(<CarImage bodyStyle="suv" colour="Blue" alt="Blue SUV" whenNear />);
    act(() => observers[2].callback([{ isIntersecting: true }]));
    await act(async () => reply?.({ data: { id: requests[1].id, error: 'UnsupportedSvg' } }));
    act(() => observers[3].callback([{ isIntersecting: true }]));
    expect(three.getByRole('img', { name: 'Blue SUV' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});
