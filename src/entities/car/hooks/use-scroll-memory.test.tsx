// @vitest-environment jsdom
// The scroll memory reads the position once a burst of scroll events has passed, not in each event (a read
// there forces a layout in the scrolled frame's task), and at once when a tap may navigate away.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { READ_AFTER_MS, rememberedPosition, useScrollMemory } from './use-scroll-memory';

function Probe({ ready = true }: { ready?: boolean }) {
  useScrollMemory(ready);
  return null;
}

/** Mounts the hook; an earlier test's position for the entry is restored first, then let go (3 s). */
function mount() {
  const view = render(
    <MemoryRouter>
      <Probe />
    </MemoryRouter>,
  );
  vi.advanceTimersByTime(3000);
  reads = 0;
  return view;
}

let y = 0;
let reads = 0;

beforeEach(() => {
  vi.useFakeTimers();
  y = 0;
  reads = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  Object.defineProperty(window, 'scrollY', {
    configurable: true,
    get: () => {
      reads++;
      return y;
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const scrollTo = (to: number) => {
  y = to;
  window.dispatchEvent(new Event('scroll'));
};

describe('useScrollMemory', () => {
  it('reads the position once after a burst of scroll events, not in each event', () => {
    const { unmount } = mount();
    for (let i = 1; i <= 10; i++) scrollTo(i * 25);
    expect(reads).toBe(0);
    vi.advanceTimersByTime(READ_AFTER_MS);
    expect(reads).toBe(1);
    expect(rememberedPosition('default')).toBe(250);
    scrollTo(400);
    vi.advanceTimersByTime(READ_AFTER_MS);
    expect(rememberedPosition('default')).toBe(400);
    unmount();
  });

  it('takes a pending reading at once when the reader taps (a link may navigate away)', () => {
    const { unmount } = mount();
    scrollTo(900);
    scrollTo(1200);
    expect(reads).toBe(0);
    document.body.click();
    expect(reads).toBe(1);
    expect(rememberedPosition('default')).toBe(1200);
    // Nothing pending: a tap reads nothing more.
    document.body.click();
    vi.advanceTimersByTime(READ_AFTER_MS);
    expect(reads).toBe(1);
    unmount();
  });

  it('drops a reading scheduled on another history entry', () => {
    const { unmount } = mount();
    scrollTo(300);
    vi.advanceTimersByTime(READ_AFTER_MS);
    scrollTo(5000);
    window.history.replaceState({ key: 'next' }, '');
    vi.advanceTimersByTime(READ_AFTER_MS);
    expect(rememberedPosition('default')).toBe(300);
    expect(rememberedPosition('next')).toBeUndefined();
    window.history.replaceState(null, '');
    unmount();
  });
  it('restores only the place the entry had on arriving, not one read on this visit (the first load is a POP)', () => {
    const { unmount } = mount();
    unmount();
    // Arriving with no place remembered for the entry (a fresh key), the list not ready yet.
    window.history.replaceState({ key: 'fresh-visit' }, '');
    const view = render(
      <MemoryRouter initialEntries={[{ pathname: '/', key: 'fresh-visit' }]}>
        <Probe ready={false} />
      </MemoryRouter>,
    );
    scrollTo(1200);
    vi.advanceTimersByTime(READ_AFTER_MS);
    expect(rememberedPosition('fresh-visit')).toBe(1200);
    const restores = vi.mocked(window.scrollTo).mock.calls.length;
    view.rerender(
      <MemoryRouter initialEntries={[{ pathname: '/', key: 'fresh-visit' }]}>
        <Probe ready />
      </MemoryRouter>,
    );
    // The reader scrolled on this visit: the list becoming ready pulls nobody back there.
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBe(restores);
    window.history.replaceState(null, '');
    view.unmount();
  });
  it('draws every card while it restores a place (data-scroll-restoring), and stops when the hold ends', () => {
    const first = mount();
    scrollTo(700);
    vi.advanceTimersByTime(READ_AFTER_MS);
    first.unmount();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const again = render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 700);
    expect(document.documentElement.dataset.scrollRestoring).toBe('');
    vi.advanceTimersByTime(3000);
    expect(document.documentElement.dataset.scrollRestoring).toBeUndefined();
    again.unmount();
    vi.unstubAllGlobals();
  });
});
