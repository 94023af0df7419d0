// @vitest-environment jsdom
// A card's picture is inline SVG markup put in by the draw queue: a picture marked whenNear gets it only once
// it comes near the viewport, pictures that come near together draw one per task, and the page's main
// picture (eager) is an <img> drawn at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { VIRTUAL_FROM, VirtualGrid } from '@/shared/ui';
import { CarImage } from './car-image';

type Callback = (entries: { isIntersecting: boolean; target: Element }[]) => void;
interface Observer {
  callback: Callback;
  targets: Element[];
  disconnected: boolean;
}
const observers: Observer[] = [];

class FakeIntersectionObserver {
  private readonly entry: Observer;
  constructor(callback: Callback) {
    this.entry = { callback, targets: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  unobserve(el: Element) {
    this.entry.targets = this.entry.targets.filter((t) => t !== el);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

/** The observer reports every element it watches as in (or out of) range. */
const fire = (o: Observer, isIntersecting: boolean) =>
  o.callback(o.targets.map((target) => ({ isIntersecting, target })));

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('CarImage', () => {
  it('draws a whenNear picture only once it comes near the viewport', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { container } = render(<CarImage bodyStyle="suv" colour="Red" alt="A red SUV" whenNear />);
    const picture = container.querySelector('span.cat-img');
    expect(picture?.getAttribute('role')).toBe('img');
    expect(picture?.getAttribute('aria-label')).toBe('A red SUV');
    expect(container.querySelector('img')).toBeNull();
    act(() => fire(observers[0], false));
    await new Promise((r) => setTimeout(r, 5));
    expect(picture?.childElementCount).toBe(0);
    act(() => fire(observers[0], true));
    await waitFor(() =>
      expect(picture?.querySelector('svg')?.getAttribute('preserveAspectRatio')).toBe('xMidYMid slice'),
    );
    expect(observers[0].disconnected).toBe(true);
  });

  it('draws pictures that come near together one per task, not in the task of the render', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    // Which task each picture was drawn in: a microtask marks the end of the task the first one ran in.
    const tasks: number[] = [];
    let task = 0;
    let inTask = false;
    vi.spyOn(Element.prototype, 'innerHTML', 'set').mockImplementation(function (this: Element, value: string) {
      if (!inTask) {
        inTask = true;
        task++;
        queueMicrotask(() => (inTask = false));
      }
      tasks.push(task);
      innerHTML.set!.call(this, value);
    });
    const colours = ['Red', 'Blue', 'Green', 'Black', 'White', 'Grey', 'Silver'];
    const { container } = render(
      <>
        {colours.map((c) => (
          <CarImage key={c} bodyStyle="suv" colour={c} alt="" whenNear />
        ))}
      </>,
    );
    act(() => observers.forEach((o) => fire(o, true)));
    expect(tasks).toEqual([]);
    await waitFor(() => expect(container.querySelectorAll('span.cat-img > svg')).toHaveLength(colours.length));
    const perTask = Array.from({ length: colours.length + 1 }, (_, t) => tasks.filter((x) => x === t + 1).length);
    expect(perTask).toEqual([...colours.map(() => 1), 0]);
    vi.restoreAllMocks();
  });

  it('draws without waiting to come near when not whenNear, and an eager picture is an <img> drawn at once', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const plain = render(<CarImage bodyStyle="suv" colour="Red" alt="" />);
    const picture = plain.container.querySelector('span.cat-img');
    expect(picture?.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(picture?.querySelector('svg')).not.toBeNull());
    const eager = render(<CarImage bodyStyle="suv" colour="Red" alt="A red SUV" whenNear eager />);
    const img = eager.container.querySelector('img');
    expect(img?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(img?.getAttribute('alt')).toBe('A red SUV');
    expect(observers).toHaveLength(0);
  });

  it('draws by the queue in a virtualised list without waiting to come near (no observer), not at mount', async () => {
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
    // Not in the task of the row's mount (rows mount in the scroll event's task): the queue draws them after.
    expect(long.container.querySelector('svg')).toBeNull();
    await waitFor(() => expect(long.container.querySelectorAll('span.cat-img > svg')).toHaveLength(cards.length));
    for (const card of cards) {
      expect(card.querySelector('img')).toBeNull();
      const picture = card.querySelector('span.cat-img');
      expect(picture?.getAttribute('aria-hidden')).toBe('true');
      expect(picture?.querySelector('svg')?.getAttribute('preserveAspectRatio')).toBe('xMidYMid slice');
    }
    expect(observers).toHaveLength(0);
    // The pictures carry no gradients of their own: every one they use is defined once in the page.
    expect(long.container.querySelector('[id]')).toBeNull();
    expect(document.querySelectorAll('#car-art-defs')).toHaveLength(1);
    const used = new Set([...long.container.innerHTML.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(1);
    for (const id of used) expect(document.querySelector(`#car-art-defs #${id}`)).not.toBeNull();
    long.unmount();
    const short = render(list(VIRTUAL_FROM - 1));
    expect(short.container.querySelectorAll('span.cat-img')).toHaveLength(VIRTUAL_FROM - 1);
    expect(short.container.querySelector('svg')).toBeNull();
    expect(short.container.querySelector('img')).toBeNull();
    // One observer watches every picture waiting to come near.
    expect(observers).toHaveLength(1);
    expect(observers[0].targets).toHaveLength(VIRTUAL_FROM - 1);
    act(() => observers.forEach((o) => fire(o, true)));
    // The queue's pace, not a deadline, is under test: jsdom parses each picture's markup slowly on a busy machine.
    await waitFor(() => expect(short.container.querySelectorAll('span.cat-img > svg')).toHaveLength(VIRTUAL_FROM - 1), {
      timeout: 10_000,
    });
    vi.restoreAllMocks();
  });

  it('issue 36: tags a drawn picture as an illustration (visibly and in its alt text); a dealer photo wins', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const drawn = render(<CarImage bodyStyle="suv" colour="Red" alt="A red SUV" eager labelled />);
    expect(drawn.container.querySelector('img')?.getAttribute('alt')).toBe('A red SUV (illustration)');
    const tag = drawn.container.querySelector('.car-art-tag');
    expect(tag?.textContent).toBe('Illustration');
    expect(tag?.getAttribute('aria-hidden')).toBe('true');
    const photo = render(
      <CarImage bodyStyle="suv" colour="Red" alt="A red SUV" labelled photoUrl="https://cdn.example/car.jpg" />,
    );
    const img = photo.container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example/car.jpg');
    expect(img?.getAttribute('alt')).toBe('A red SUV');
    expect(photo.container.querySelector('.car-art-tag, svg')).toBeNull();
    const plain = render(<CarImage bodyStyle="suv" colour="Red" alt="" />);
    expect(plain.container.querySelector('.car-art-tag')).toBeNull();
  });
});
