// @vitest-environment jsdom
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueuedImg, useQueuedMarkup } from './queued-img';

describe('QueuedImg', () => {
  it('sets its src after the render, from the draw queue', async () => {
    const { container } = render(<QueuedImg src="data:image/svg+xml,%3Csvg%2F%3E" alt="" width={48} height={48} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBeNull();
    expect(img?.getAttribute('width')).toBe('48');
    await waitFor(() => expect(img?.getAttribute('src')).toBe('data:image/svg+xml,%3Csvg%2F%3E'));
  });
});

function Drawing({ markup }: { markup: () => string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useQueuedMarkup(ref, markup);
  return <span ref={ref} data-testid="box" />;
}

describe('useQueuedMarkup', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('builds a drawing in one task and puts it in the page, styled and laid out, in the next', () => {
    vi.useFakeTimers();
    const markup = vi.fn(() => '<svg></svg>');
    const { getByTestId } = render(<Drawing markup={markup} />);
    const box = getByTestId('box');
    const laidOut = vi.spyOn(box, 'getBoundingClientRect');
    expect(markup).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(markup).toHaveBeenCalledTimes(1);
    expect(box.innerHTML).toBe('');
    vi.advanceTimersToNextTimer();
    expect(box.innerHTML).toBe('<svg></svg>');
    expect(laidOut).toHaveBeenCalledTimes(1);
  });

  it('puts nothing in a box that unmounted between the two tasks', () => {
    vi.useFakeTimers();
    const { getByTestId, unmount } = render(<Drawing markup={() => '<svg></svg>'} />);
    const box = getByTestId('box');
    vi.advanceTimersToNextTimer();
    unmount();
    vi.runAllTimers();
    expect(box.innerHTML).toBe('');
  });
});
