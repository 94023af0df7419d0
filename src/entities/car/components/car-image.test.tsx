// @vitest-environment jsdom
// A card's picture is a data: URL the browser parses as soon as it is set (loading=lazy does not hold it
// back), so a picture marked whenNear gets its src only once it comes near the viewport, and pictures that
// come near together draw a few per task.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { VIRTUAL_FROM, VirtualGrid } from '@/shared/ui';
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
  it('draws a whenNear picture only once it comes near the viewport', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { container } = render(<CarImage bodyStyle="suv" colour="Red" alt="" whenNear />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBeNull();
    act(() => observers[0].callback([{ isIntersecting: false }]));
    expect(img?.getAttribute('src')).toBeNull();
    act(() => observers[0].callback([{ isIntersecting: true }]));
    await waitFor(() => expect(img?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(observers[0].disconnected).toBe(true);
  });

  it('draws pictures that come near together three per task, not in the task of the render', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const setAttribute = HTMLImageElement.prototype.setAttribute;
    // Which task each picture was drawn in: a microtask marks the end of the task the first one ran in.
    const tasks: number[] = [];
    let task = 0;
    let inTask = false;
    vi.spyOn(HTMLImageElement.prototype, 'setAttribute').mockImplementation(function (
      this: HTMLImageElement,
      name: string,
      value: string,
    ) {
      if (name === 'src') {
        if (!inTask) {
          inTask = true;
          task++;
          queueMicrotask(() => (inTask = false));
        }
        tasks.push(task);
      }
      setAttribute.call(this, name, value);
    });
    const colours = ['Red', 'Blue', 'Green', 'Black', 'White', 'Grey', 'Silver'];
    const { container } = render(
      <>
        {colours.map((c) => (
          <CarImage key={c} bodyStyle="suv" colour={c} alt="" whenNear />
        ))}
      </>,
    );
    act(() => observers.forEach((o) => o.callback([{ isIntersecting: true }])));
    expect(tasks).toEqual([]);
    await waitFor(() => expect([...container.querySelectorAll('img[src]')]).toHaveLength(colours.length));
    const perTask = [1, 2, 3, 4].map((t) => tasks.filter((x) => x === t).length);
    expect(perTask).toEqual([3, 3, 1, 0]);
  });

  it('draws at once without whenNear, and when eager', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const plain = render(<CarImage bodyStyle="suv" colour="Red" alt="" />);
    expect(plain.container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const eager = render(<CarImage bodyStyle="suv" colour="Red" alt="" whenNear eager />);
    expect(eager.container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(observers).toHaveLength(0);
  });

  it('draws inline SVG at once in a virtualised list (no <img> document, no observer), an <img> in a short one', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 800, 166));
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(166);
    window.scrollTo = () => undefined;
    const colours = ['Red', 'Blue', 'Green', 'Black', 'White'];
    const list = (n: number) => (
      <VirtualGrid
        items={Array.from({ length: n }, (_, i) => ({ id: `car-${i}`, colour: colours[i % colours.length] }))}
        getKey={(c) => c.id}
        renderItem={(c) => (
          <a className="cat-card__media" data-testid="card">
            <CarImage bodyStyle="suv" colour={c.colour} alt="" whenNear />
          </a>
        )}
        minColumnWidth={null}
        estimateRowHeight={150}
        className="cat-grid"
      />
    );
    const long = render(list(1000));
    const cards = long.getAllByTestId('card');
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) {
      expect(card.querySelector('img')).toBeNull();
      const picture = card.querySelector('span.cat-img');
      expect(picture?.getAttribute('aria-hidden')).toBe('true');
      expect(picture?.querySelector('svg')?.getAttribute('preserveAspectRatio')).toBe('xMidYMid slice');
    }
    expect(observers).toHaveLength(0);
    long.unmount();
    const short = render(list(VIRTUAL_FROM - 1));
    expect(short.container.querySelectorAll('img.cat-img')).toHaveLength(VIRTUAL_FROM - 1);
    expect(short.container.querySelector('svg')).toBeNull();
    vi.restoreAllMocks();
  });
});
