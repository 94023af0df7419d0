// @vitest-environment jsdom
// The early view draws the pictures of the cards near the viewport only (as the app's cards do); a card further
// down is drawn when it comes near, and nothing is drawn once the app has replaced the grid.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listingRow } from '@/data/testing/fixtures';
import { drawEarlyPictures, NEAR_PX } from './early-pictures';
import { cardDrawing, earlyListingCard } from './marketplace-view';

const rows = [0, 1, 2].map((i) => listingRow({ id: `car-${i}`, image_seed: i }));

/** The card's drawing as the page serialises it. */
function drawing(row: (typeof rows)[number]): string {
  const span = document.createElement('span');
  span.innerHTML = cardDrawing(row);
  return span.innerHTML;
}

/** A fake IntersectionObserver: the test says when an element comes near. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
  }
  comeNear(el: Element) {
    this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
}

/** A grid of the three cards, the i-th picture box `tops[i]` px from the top of the viewport. */
function grid(tops: number[]): { grid: HTMLElement; boxes: HTMLElement[] } {
  const g = document.createElement('div');
  rows.forEach((r) => g.append(earlyListingCard(document, r)));
  document.body.append(g);
  const boxes = [...g.querySelectorAll<HTMLElement>('span.cat-img')];
  boxes.forEach((box, i) => {
    box.getBoundingClientRect = () => ({ top: tops[i], bottom: tops[i] + 200 }) as DOMRect;
  });
  return { grid: g, boxes };
}

describe('early pictures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('draws the near cards at once and a far one when it comes near', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const far = window.innerHeight + NEAR_PX + 1;
    const { grid: g, boxes } = grid([0, 300, far]);
    await drawEarlyPictures(document, g, rows);
    expect(boxes[0].innerHTML).toBe(drawing(rows[0]));
    expect(boxes[1].innerHTML).toBe(drawing(rows[1]));
    expect(boxes[2].innerHTML).toBe('');
    expect([...FakeObserver.last!.watched]).toEqual([boxes[2]]);
    FakeObserver.last!.comeNear(boxes[2]);
    expect(boxes[2].innerHTML).toBe(drawing(rows[2]));
  });

  it('draws nothing more once the app has replaced the grid', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { grid: g, boxes } = grid([0, 5000, 6000]);
    await drawEarlyPictures(document, g, rows);
    g.remove();
    FakeObserver.last!.comeNear(boxes[1]);
    expect(boxes[1].innerHTML).toBe('');
  });
});
