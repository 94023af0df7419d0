import { afterEach, describe, expect, it, vi } from 'vitest';

// Starts handed to startInOwnTask wait here until the test runs them.
const pending: (() => void)[] = [];
vi.mock('../own-task', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../own-task')>()),
  startInOwnTask: (start: () => void) => {
    pending.push(start);
    return () => pending.splice(pending.indexOf(start), 1);
  },
}));

const { startInOwnTask: realStartInOwnTask } = await vi.importActual<typeof import('../own-task')>('../own-task');
const { ownTaskLiveQuery } = await import('./use-live-query');
const { createLiveStore } = await import('./use-live-value');

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  for (let i = 0; i < 3; i++) await nextTask();
};

afterEach(() => {
  pending.length = 0;
});

describe('startInOwnTask', () => {
  it('runs two starts scheduled in one task in two tasks', async () => {
    const seen: string[] = [];
    realStartInOwnTask(() => {
      seen.push('a');
      // A microtask of a's task: runs before b only if b is in a later task.
      queueMicrotask(() => seen.push('a-microtask'));
    });
    realStartInOwnTask(() => seen.push('b'));
    expect(seen).toEqual([]);
    await settle();
    expect(seen).toEqual(['a', 'a-microtask', 'b']);
  });

  it('runs nothing once cancelled', async () => {
    let ran = false;
    realStartInOwnTask(() => (ran = true))();
    await settle();
    expect(ran).toBe(false);
  });
});

describe('live queries start through startInOwnTask', () => {
  it('ownTaskLiveQuery (useLiveQuery, the catalogue queries): no query until its own task runs', async () => {
    let calls = 0;
    const values: number[] = [];
    const sub = ownTaskLiveQuery(() => Promise.resolve(++calls)).subscribe((v) => values.push(v));
    await settle();
    expect(calls).toBe(0);
    expect(pending).toHaveLength(1);
    pending[0]();
    await settle();
    expect(calls).toBe(1);
    expect(values).toEqual([1]);
    sub.unsubscribe();
  });

  it('createLiveStore (useLiveValue): the same, and one start however many listeners', async () => {
    let calls = 0;
    const store = createLiveStore(() => Promise.resolve(++calls));
    const stop1 = store.subscribe(() => undefined);
    const stop2 = store.subscribe(() => undefined);
    await settle();
    expect(calls).toBe(0);
    expect(pending).toHaveLength(1);
    pending[0]();
    await settle();
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toBe(1);
    stop1();
    stop2();
  });

  it('createLiveStore with lingerMs: a reader arriving within the linger reuses the answer; after it, the value is forgotten', async () => {
    let calls = 0;
    const store = createLiveStore(() => Promise.resolve(++calls), { lingerMs: 30 });
    store.subscribe(() => undefined)();
    const stop = store.subscribe(() => undefined);
    expect(pending).toHaveLength(1);
    pending[0]();
    await settle();
    expect(store.getSnapshot()).toBe(1);
    stop();
    const again = store.subscribe(() => undefined);
    expect(pending).toHaveLength(1); // not started again
    expect(store.getSnapshot()).toBe(1);
    again();
    await new Promise((r) => setTimeout(r, 60));
    expect(store.getSnapshot()).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('a subscription dropped before its task cancels the start', () => {
    ownTaskLiveQuery(() => Promise.resolve(1))
      .subscribe(() => undefined)
      .unsubscribe();
    createLiveStore(() => Promise.resolve(1)).subscribe(() => undefined)();
    expect(pending).toHaveLength(0);
  });
});

describe('holdStartsUntil', () => {
  it('holds starts until the gate settles, then runs each in a task of its own', async () => {
    const { holdStartsUntil } = await vi.importActual<typeof import('../own-task')>('../own-task');
    let open = () => {};
    holdStartsUntil(new Promise<void>((resolve) => (open = resolve)));
    const seen: string[] = [];
    realStartInOwnTask(() => {
      seen.push('a');
      queueMicrotask(() => seen.push('a-microtask'));
    });
    realStartInOwnTask(() => seen.push('b'));
    const cancelled = realStartInOwnTask(() => seen.push('never'));
    cancelled();
    await settle();
    expect(seen).toEqual([]);
    open();
    await settle();
    expect(seen).toEqual(['a', 'a-microtask', 'b']);
    // The gate is gone once settled: a later start waits for nothing.
    realStartInOwnTask(() => seen.push('c'));
    await settle();
    expect(seen.at(-1)).toBe('c');
  });
});
