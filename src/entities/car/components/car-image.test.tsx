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

  it('shows a whenNear picture as a bitmap from the worker, memoised per picture, keeping its alt', async () => {
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
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const one = render(<CarImage bodyStyle="suv" colour="Red" alt="Red SUV" whenNear />);
    const img = one.getByRole('img', { name: 'Red SUV' });
    expect(img.getAttribute('src')).toBeNull();
    act(() => observers[0].callback([{ isIntersecting: true, boundingClientRect: { width: 300 } }]));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ scale: 1.5, input: { bodyStyle: 'suv', colour: 'Red' } });
    expect(img.getAttribute('src')).toBeNull();
    await act(async () => reply?.({ data: { id: requests[0].id, src: 'data:image/png;base64,UkVE' } }));
    expect(img.getAttribute('src')).toBe('data:image/png;base64,UkVE');
    expect(img.getAttribute('alt')).toBe('Red SUV');
    // The same picture again (a card scrolled back into view): the same bitmap at once, no new drawing.
    const two = render(<CarImage bodyStyle="suv" colour="Red" alt="Red SUV again" whenNear />);
    act(() => observers[1].callback([{ isIntersecting: true, boundingClientRect: { width: 300 } }]));
    expect(two.getByRole('img', { name: 'Red SUV again' }).getAttribute('src')).toBe('data:image/png;base64,UkVE');
    expect(requests).toHaveLength(1);
  });
});
