import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAfterChunk } from './start-after-chunk';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startAfterChunk', () => {
  it('runs start in a later task, not in the microtasks of the task that evaluated the chunk', async () => {
    const start = vi.fn();
    const module = { name: 'chunk' };
    startAfterChunk(Promise.resolve(module), start);
    // Every microtask of the current task has run: the chunk's promise is settled, start has not run yet.
    await Promise.resolve();
    await Promise.resolve();
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledExactlyOnceWith(module);
  });
});
