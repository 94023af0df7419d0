import { liveQuery } from 'dexie';
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { startInOwnTask } from '../own-task';

/** An observable as dexie-react-hooks' useObservable takes it, whose subscription is an object. */
export interface OwnTaskObservable<T> extends InteropableObservable<T> {
  subscribe(next: (value: T) => unknown, error?: (error: unknown) => unknown): { unsubscribe(): void };
}

/** Dexie's liveQuery whose subscriptions start in a task of their own (see startInOwnTask). */
export function ownTaskLiveQuery<T>(querier: () => Promise<T> | T): OwnTaskObservable<T> {
  const source = liveQuery(querier);
  return {
    hasValue: () => source.hasValue?.() ?? false,
    getValue: () => source.getValue?.() as T,
    subscribe: (next, error) => {
      let subscription: { unsubscribe(): void } | undefined;
      const cancel = startInOwnTask(() => {
        subscription = source.subscribe({ next: (v) => next(v), error: (e: unknown) => error?.(e) });
      });
      return {
        unsubscribe: () => {
          cancel();
          subscription?.unsubscribe();
        },
      };
    },
  };
}

/** dexie-react-hooks' useLiveQuery, with the query started in a task of its own (see startInOwnTask). */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: D): T | D;
export function useLiveQuery<T, D>(
  querier: () => Promise<T> | T,
  deps?: unknown[],
  defaultResult?: D,
): T | D | undefined {
  return useObservable<T, D | undefined>(() => ownTaskLiveQuery(querier), deps ?? [], defaultResult);
}
