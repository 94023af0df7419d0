import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, SESSION_TIMEOUT_MS, SESSION_WARNING_MS, watchInactivity } from './inactivity';

const MIN = 60_000;

describe('session inactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns at 55 minutes and expires at 60', () => {
    const onWarn = vi.fn();
    const onExpire = vi.fn();
    const stop = watchInactivity(new EventTarget(), { onWarn, onExpire });
    expect(SESSION_WARNING_MS).toBe(55 * MIN);
    expect(SESSION_TIMEOUT_MS).toBe(60 * MIN);
    vi.advanceTimersByTime(55 * MIN - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MIN - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120 * MIN);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(ACTIVITY_EVENTS)('%s resets the timers', (type) => {
    const target = new EventTarget();
    const onWarn = vi.fn();
    const onExpire = vi.fn();
    const stop = watchInactivity(target, { onWarn, onExpire });
    vi.advanceTimersByTime(50 * MIN);
    target.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(50 * MIN);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MIN);
    expect(onWarn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MIN);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('other events do not reset, and stop() cancels everything', () => {
    const target = new EventTarget();
    const onWarn = vi.fn();
    const onExpire = vi.fn();
    const stop = watchInactivity(target, { onWarn, onExpire });
    vi.advanceTimersByTime(50 * MIN);
    target.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(5 * MIN);
    expect(onWarn).toHaveBeenCalledTimes(1);
    stop();
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(120 * MIN);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
