import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, notify, resetToasts, toast, toastStore, TOAST_REMOVE_DELAY } from './toast-store';

const list = () => toastStore.getState().toasts;

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it('keeps one primary toast at a time, newest wins', () => {
    toast({ title: 'First' });
    const id = toast({ title: 'Second', variant: 'destructive' });
    const primary = list().filter((t) => t.kind === 'primary');
    expect(primary).toHaveLength(1);
    expect(primary[0]).toMatchObject({ id, title: 'Second', variant: 'destructive', open: true });
  });

  it('closes after its duration and removes after 1,000,000 ms', () => {
    const id = toast({ title: 'Hello', duration: 3000 });
    vi.advanceTimersByTime(2999);
    expect(list().find((t) => t.id === id)?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(list().find((t) => t.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(list().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(list().some((t) => t.id === id)).toBe(false);
  });

  it('dismissToast hides a toast immediately', () => {
    const id = toast({ title: 'Bye', duration: Infinity });
    dismissToast(id);
    expect(list().find((t) => t.id === id)?.open).toBe(false);
  });

  it('secondary toasts stack up to 3, default 4 s, named durations', () => {
    notify({ title: 'a' });
    notify({ title: 'b', duration: 'long' });
    notify({ title: 'c', duration: 'short' });
    notify({ title: 'd', duration: 'medium' });
    const sec = () => list().filter((t) => t.kind === 'secondary');
    expect(sec().map((t) => t.title)).toEqual(['d', 'c', 'b']);
    expect(sec().map((t) => t.duration)).toEqual([5000, 3000, 7000]);
    vi.advanceTimersByTime(3000);
    expect(sec().map((t) => t.title)).toEqual(['d', 'b']);
    vi.advanceTimersByTime(2000);
    expect(sec().map((t) => t.title)).toEqual(['b']);
    vi.advanceTimersByTime(2000);
    expect(sec()).toHaveLength(0);
    const id = notify({ title: 'e' });
    expect(list().find((t) => t.id === id)?.duration).toBe(4000);
  });

  it('primary and secondary styles do not evict each other', () => {
    toast({ title: 'p' });
    notify({ title: 's' });
    expect(
      list()
        .map((t) => t.kind)
        .sort(),
    ).toEqual(['primary', 'secondary']);
  });
});
