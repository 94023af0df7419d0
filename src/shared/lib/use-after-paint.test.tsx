// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { afterNextPaint } from './after-next-paint';
import { useStagedReveal } from './use-after-paint';

// Animation frames by hand: each `frame()` runs the callbacks queued for the next frame (the browser then
// styles, lays out and paints), and the timers they set run after it.
const frames = new Map<number, FrameRequestCallback>();
let nextFrameId = 1;
const runFrame = () => {
  const due = [...frames.values()];
  frames.clear();
  for (const cb of due) cb(performance.now());
};
const frame = async () => {
  await act(async () => {
    runFrame();
    await vi.advanceTimersByTimeAsync(0);
  });
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames.clear();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    frames.set(nextFrameId, cb);
    return nextFrameId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs the function in a task after the next frame, not in that frame nor before it', async () => {
    const fn = vi.fn();
    afterNextPaint(fn);
    await vi.advanceTimersByTimeAsync(50);
    expect(fn).not.toHaveBeenCalled();
    runFrame();
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before the frame and between the frame and its task', async () => {
    const fn = vi.fn();
    afterNextPaint(fn)();
    const cancelLater = afterNextPaint(fn);
    runFrame();
    cancelLater();
    await vi.advanceTimersByTimeAsync(10);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('useStagedReveal', () => {
  const seen: number[] = [];
  function Probe({ ready }: { ready: boolean }) {
    const stage = useStagedReveal(3, ready);
    seen.push(stage);
    return <p data-stage={stage} />;
  }
  const stageOf = (c: HTMLElement) => Number(c.querySelector('p')!.dataset.stage);

  it('shows one more stage after each drawn frame, none before the first, and stops at the last', async () => {
    seen.length = 0;
    const { container } = render(<Probe ready />);
    expect(stageOf(container)).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(stageOf(container)).toBe(0);
    await frame();
    expect(stageOf(container)).toBe(1);
    await frame();
    expect(stageOf(container)).toBe(2);
    await frame();
    expect(stageOf(container)).toBe(3);
    await frame();
    expect(stageOf(container)).toBe(3);
    expect(frames.size).toBe(0);
    // Each stage was committed on its own (no two stages in one render).
    expect([...new Set(seen)]).toEqual([0, 1, 2, 3]);
  });

  it('waits for ready, then starts from the first stage', async () => {
    const { container, rerender } = render(<Probe ready={false} />);
    await frame();
    await frame();
    expect(stageOf(container)).toBe(0);
    rerender(<Probe ready />);
    expect(stageOf(container)).toBe(0);
    await frame();
    expect(stageOf(container)).toBe(1);
  });
});
