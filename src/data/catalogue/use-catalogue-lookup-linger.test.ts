import { afterEach, describe, expect, it, vi } from 'vitest';

const started = vi.hoisted(() => ({ subscribes: 0, unsubscribes: 0 }));
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof import('dexie')>();
  return {
    ...dexie,
    liveQuery: () => ({
      subscribe: () => {
        started.subscribes++;
        return {
          closed: false,
          unsubscribe: () => {
            started.unsubscribes++;
          },
        };
      },
    }),
  };
});

const { LOOKUP_LINGER_MS, subscribeLookup } = await import('./use-catalogue-lookup');

afterEach(() => {
  vi.useRealTimers();
});

describe('catalogue lookup subscription', () => {
  it('outlives its last listener for a while: a screen swapping all its cards does not query again', () => {
    vi.useFakeTimers();
    const off = subscribeLookup(() => undefined);
    vi.advanceTimersByTime(1); // the query starts in a task of its own
    expect(started.subscribes).toBe(1);
    // The old cards' cleanup, then the new cards' subscription, in one commit.
    off();
    const again = subscribeLookup(() => undefined);
    vi.advanceTimersByTime(LOOKUP_LINGER_MS + 1);
    expect(started.subscribes).toBe(1);
    expect(started.unsubscribes).toBe(0);
    // With no listener left for the whole while, it stops.
    again();
    vi.advanceTimersByTime(LOOKUP_LINGER_MS - 1);
    expect(started.unsubscribes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(started.unsubscribes).toBe(1);
    // And starts again for the next listener.
    const later = subscribeLookup(() => undefined);
    vi.advanceTimersByTime(1);
    expect(started.subscribes).toBe(2);
    later();
  });
});
