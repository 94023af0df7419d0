// @vitest-environment jsdom
// A card's picture is a data: URL the browser parses as soon as it is set (loading=lazy does not hold it
// back), so a picture marked whenNear gets its src only once it comes near the viewport.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { CarImage } from './car-image';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
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
});
