import { liveQuery, type Subscription } from 'dexie';
import { useMemo, useSyncExternalStore } from 'react';
import { startInOwnTask } from '../own-task';

export interface LiveStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T | undefined;
}

export interface LiveStoreOptions {
  /**
   * A store many short-lived components share (every card's bookmark button): after its last reader leaves it
   * stays subscribed this long, so a screen that mounts the next readers in the same moment reuses the answer
   * instead of asking again; then it forgets its value, so a later reader never sees a stale one.
   */
  lingerMs?: number;
}

/** A Dexie live query as an external store: subscribed while some component reads it. */
export function createLiveStore<T>(querier: () => Promise<T>, opts: LiveStoreOptions = {}): LiveStore<T> {
  let value: T | undefined;
  let failure: { error: unknown } | null = null;
  let subscription: Subscription | null = null;
  let cancelStart: (() => void) | null = null;
  let lingering: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const start = () => {
    cancelStart = null;
    subscription = liveQuery(querier).subscribe({
      next: (v) => {
        value = v;
        failure = null;
        notify();
      },
      error: (error: unknown) => {
        failure = { error };
        notify();
      },
    });
  };
  const stop = () => {
    cancelStart?.();
    cancelStart = null;
    subscription?.unsubscribe();
    subscription = null;
    if (opts.lingerMs !== undefined) {
      value = undefined;
      failure = null;
    }
  };
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      if (lingering !== null) clearTimeout(lingering);
      lingering = null;
      // The query starts in a task of its own (see startInOwnTask), not with every other query of the screen;
      // later answers (the user's own writes) still render in the task they arrive in.
      if (!subscription && !cancelStart) cancelStart = startInOwnTask(start);
      return () => {
        listeners.delete(onChange);
        if (listeners.size > 0) return;
        if (opts.lingerMs === undefined) stop();
        else
          lingering ??= setTimeout(() => {
            lingering = null;
            if (listeners.size === 0) stop();
          }, opts.lingerMs);
      };
    },
    getSnapshot() {
      if (failure) throw failure.error;
      return value;
    },
  };
}

/**
 * Like dexie-react-hooks' useLiveQuery (undefined while loading, errors thrown to the nearest
 * error boundary), but through useSyncExternalStore: a new answer renders in the same task it
 * arrives in, instead of a state update queued behind whatever else the page has scheduled. For
 * screens that show the user's own write (click to screen). `key` identifies the query: the
 * querier is taken when the key changes.
 */
export function useLiveValue<T>(key: string, querier: () => Promise<T>): T | undefined {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the querier's inputs
  const store = useMemo(() => createLiveStore(querier), [key]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
