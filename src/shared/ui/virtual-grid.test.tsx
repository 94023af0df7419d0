// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RETIRE_STEP, VIRTUAL_FROM, VIRTUAL_SWITCH_KEY, VirtualGrid, columnsFor } from './virtual-grid';
import { useInVirtualList } from './in-virtual-list';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `car-${i}` }));

function Grid({ n, columns = null }: { n: number; columns?: number | null }) {
  return (
    <VirtualGrid
      items={items(n)}
      getKey={(c) => c.id}
      renderItem={(c) => <article data-testid="card">{c.id}</article>}
      minColumnWidth={columns}
      estimateRowHeight={150}
      className="cat-grid"
      testId="results"
      data={{ view: 'list' }}
    />
  );
}

beforeEach(() => {
  // jsdom lays nothing out: every element measures as one 166 px row.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 800, 166));
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(166);
  window.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.removeItem(VIRTUAL_SWITCH_KEY);
});

describe('VirtualGrid', () => {
  it('renders a short list in full', () => {
    render(<Grid n={VIRTUAL_FROM - 1} />);
    expect(screen.getAllByTestId('card')).toHaveLength(VIRTUAL_FROM - 1);
    expect(screen.getByTestId('results').dataset.view).toBe('list');
  });

  it('renders only the rows near the viewport of 1,000 results, in order from the first', () => {
    render(<Grid n={1000} />);
    const cards = screen.getAllByTestId('card');
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.length).toBeLessThan(40);
    expect(cards.slice(0, 3).map((c) => c.textContent)).toEqual(['car-0', 'car-1', 'car-2']);
    // The container is as tall as all rows would be, so the page scrolls the whole list.
    expect(parseFloat(screen.getByTestId('results').style.height)).toBeGreaterThanOrEqual(1000 * 150);
  });

  it('renders everything when switched off (for the comparison bench)', () => {
    localStorage.setItem(VIRTUAL_SWITCH_KEY, 'off');
    render(<Grid n={1000} />);
    expect(screen.getAllByTestId('card')).toHaveLength(1000);
  });

  it("tells its rows' cards they are in a virtualised list (they then draw cheaply at mount), not a short list's", () => {
    function Card({ id }: { id: string }) {
      return (
        <article data-testid="card" data-in-virtual-list={String(useInVirtualList())}>
          {id}
        </article>
      );
    }
    const grid = (n: number) => (
      <VirtualGrid
        items={items(n)}
        getKey={(c) => c.id}
        renderItem={(c) => <Card id={c.id} />}
        minColumnWidth={null}
        estimateRowHeight={150}
        className="cat-grid"
        testId="results"
      />
    );
    const long = render(grid(1000));
    const flags = screen.getAllByTestId('card').map((c) => c.dataset.inVirtualList);
    expect(flags.length).toBeGreaterThan(3);
    expect(new Set(flags)).toEqual(new Set(['true']));
    long.unmount();
    render(grid(VIRTUAL_FROM - 1));
    expect(new Set(screen.getAllByTestId('card').map((c) => c.dataset.inVirtualList))).toEqual(new Set(['false']));
  });

  it("keeps the plain list's cards out of sight when it turns virtual, then removes them a few at a time", () => {
    vi.useFakeTimers();
    try {
      const view = render(<Grid n={VIRTUAL_FROM - 1} />);
      const first = screen.getAllByTestId('card')[0];
      view.rerender(<Grid n={VIRTUAL_FROM + 20} />);
      const results = screen.getAllByTestId('results');
      expect(results).toHaveLength(1);
      expect(results[0].dataset.virtual).toBe('on');
      // The plain list's cards were not unmounted at the switch: the same element, hidden after the rows.
      expect(first.isConnected).toBe(true);
      const retired = first.parentElement!;
      expect(retired.getAttribute('aria-hidden')).toBe('true');
      expect(retired.style.contentVisibility).toBe('hidden');
      expect(results[0].compareDocumentPosition(retired) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const hidden = () => retired.querySelectorAll('[data-testid="card"]').length;
      expect(hidden()).toBe(VIRTUAL_FROM - 1);
      act(() => void vi.advanceTimersByTime(20));
      expect(hidden()).toBe(VIRTUAL_FROM - 1 - RETIRE_STEP);
      // A step a frame: the rest go within a few frames.
      for (let i = 0; i < Math.ceil(VIRTUAL_FROM / RETIRE_STEP); i++) act(() => void vi.advanceTimersByTime(20));
      expect(retired.isConnected).toBe(false);
      expect(first.isConnected).toBe(false);
      // Only the virtual rows' cards are left.
      expect(screen.getAllByTestId('card').every((c) => results[0].contains(c))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('mounts the rows in view whole, and an overscan row ahead of them a card a frame', () => {
    vi.useFakeTimers();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    try {
      render(<Grid n={1000} columns={250} />);
      const rowCards = () =>
        [...document.querySelectorAll<HTMLElement>('[data-index]')].map(
          (row) => [Number(row.dataset.index), row.querySelectorAll('[data-testid="card"]').length] as const,
        );
      const inView = rowCards();
      expect(inView.length).toBeGreaterThan(0);
      expect(inView.every(([, cards]) => cards === 3)).toBe(true);
      // The overscan grows a row a step: the row below the view comes in with its first card only.
      act(() => vi.advanceTimersByTime(40));
      const next = rowCards().find(([index]) => !inView.some(([i]) => i === index));
      expect(next?.[1]).toBe(1);
      act(() => vi.advanceTimersByTime(20));
      act(() => vi.advanceTimersByTime(20));
      expect(rowCards().find(([index]) => index === next?.[0])?.[1]).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fits as many columns as the width allows, at least one', () => {
    expect(columnsFor(1200, 250, 16)).toBe(4);
    expect(columnsFor(520, 250, 16)).toBe(2);
    expect(columnsFor(300, 250, 16)).toBe(1);
    expect(columnsFor(200, 250, 16)).toBe(1);
    expect(columnsFor(1200, null, 16)).toBe(1);
  });
});
