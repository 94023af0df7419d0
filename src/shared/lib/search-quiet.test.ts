// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_HOLD_MS, noteSearchAsked, noteSearchDone, whenSearchesQuiet } from './search-quiet';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
  });
  delete window.__motorlySearchQuiet;
});
afterEach(() => vi.useRealTimers());

/** One frame drawn, and the tasks after it. */
const frame = () => vi.advanceTimersByTime(20);

describe('whenSearchesQuiet', () => {
  it('runs at once when no search is in flight', () => {
    const ran = vi.fn();
    whenSearchesQuiet(ran);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it("waits for the search's results, then for the frame that draws them", () => {
    const ran = vi.fn();
    noteSearchAsked();
    whenSearchesQuiet(ran);
    vi.advanceTimersByTime(1_000);
    expect(ran).not.toHaveBeenCalled();
    noteSearchDone();
    expect(ran).not.toHaveBeenCalled();
    frame();
    expect(ran).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MAX_HOLD_MS);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('a search asked before that frame keeps it waiting for its own results', () => {
    const ran = vi.fn();
    noteSearchAsked();
    whenSearchesQuiet(ran);
    noteSearchDone();
    noteSearchAsked();
    frame();
    expect(ran).not.toHaveBeenCalled();
    noteSearchDone();
    frame();
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('a shopper searching without pause holds it MAX_HOLD_MS at most', () => {
    const ran = vi.fn();
    noteSearchAsked();
    whenSearchesQuiet(ran);
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
    noteSearchDone();
    frame();
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('with a pause asked for, waits until no search has followed the last one for that long', () => {
    const ran = vi.fn();
    noteSearchAsked();
    whenSearchesQuiet(ran, { pauseMs: 2_000, maxHoldMs: 30_000 });
    noteSearchDone();
    frame();
    vi.advanceTimersByTime(1_500);
    expect(ran).not.toHaveBeenCalled();
    // Another search 1.5 s in: the pause starts again once its results are drawn.
    noteSearchAsked();
    vi.advanceTimersByTime(1_000);
    noteSearchDone();
    frame();
    vi.advanceTimersByTime(1_900);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('with a pause asked for and no search made at all, runs at once', () => {
    const ran = vi.fn();
    whenSearchesQuiet(ran, { pauseMs: 2_000 });
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('the early view and the app share the state (a global): a search the early view asked holds the app', () => {
    window.__motorlySearchQuiet = { busy: true, doneAt: -Infinity, waiting: [] };
    const ran = vi.fn();
    whenSearchesQuiet(ran);
    expect(ran).not.toHaveBeenCalled();
    noteSearchDone();
    frame();
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
