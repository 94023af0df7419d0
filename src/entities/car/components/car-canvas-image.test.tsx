// @vitest-environment jsdom
// Where a worker can draw, a list picture is an <img> of the worker's WebP drawn at its box's device pixel
// size (at most 2x) (the labelled box keeps role="img" and its alt); when the worker fails, it is the inline SVG.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { DrawRequest, PageMessage } from './car-canvas-protocol';
import { CarImage } from './car-image';

const requests: DrawRequest[] = [];
const workers: FakeWorker[] = [];
const workerOf = () => workers[workers.length - 1];

class FakeWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    workers.push(this);
  }
  postMessage(msg: PageMessage) {
    if ('id' in msg) requests.push(msg);
  }
}

class FakeResizeObserver {
  constructor(private readonly cb: (entries: unknown[]) => void) {}
  observe(target: Element) {
    queueMicrotask(() => this.cb([{ target, contentRect: { width: 400, height: 240 } }]));
  }
  unobserve() {}
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      convertToBlob() {}
    },
  );
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('devicePixelRatio', 2);
  // jsdom has no image decoding.
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: () => Promise.resolve() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CarImage drawn in the car art worker', () => {
  it("asks the worker for the picture at the box's device pixels and shows its WebP in an <img>", async () => {
    const { container } = render(<CarImage bodyStyle="suv" colour="White" alt="Kia Sportage" brand="Kia" labelled />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      width: 800,
      height: 480,
      input: { bodyStyle: 'suv', colour: 'White', brand: 'Kia' },
    });
    const box = container.querySelector('span.cat-img');
    expect(box?.childElementCount).toBe(0);
    workerOf()?.onmessage?.({ data: { id: requests[0].id, url: 'blob:picture-1' } });
    await waitFor(() =>
      expect(box?.querySelector('img[data-car-art="drawn"]')?.getAttribute('src')).toBe('blob:picture-1'),
    );
    expect(box?.getAttribute('role')).toBe('img');
    expect(box?.getAttribute('aria-label')).toBe('Kia Sportage (illustration)');
    expect(box?.querySelector('svg')).toBeNull();
    // The same picture again (another card of that car) comes from the page's cache, not the worker.
    const again = render(<CarImage bodyStyle="suv" colour="White" alt="Kia Sportage" brand="Kia" labelled />);
    await waitFor(() => expect(again.container.querySelector('img[data-car-art="drawn"]')).not.toBeNull());
    expect(requests).toHaveLength(1);
  });

  it('asks no denser than 2x on a 3x screen (the <img> scales it to the box)', async () => {
    vi.stubGlobal('devicePixelRatio', 3);
    render(<CarImage bodyStyle="coupe" colour="Red" alt="Alpine A110" />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ width: 800, height: 480, input: { bodyStyle: 'coupe', colour: 'Red' } });
  });

  it('falls back to the inline SVG when the worker fails', async () => {
    const { container } = render(<CarImage bodyStyle="hatchback" colour="Black" alt="Golf" />);
    await waitFor(() => expect(requests).toHaveLength(1));
    workerOf()?.onerror?.();
    await waitFor(() => expect(container.querySelector('span.cat-img > svg')).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
  });
});
