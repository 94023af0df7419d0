/**
 * The catalogue screens' live query: dexie-react-hooks' useObservable over Dexie's liveQuery, with each
 * new answer handed to React inside startTransition. An answer arriving from IndexedDB would otherwise
 * re-render its screen (a page of cards, the filters) as one blocking task; as a transition React renders
 * it in slices of a few milliseconds and a tap or a keystroke goes first. The user's own rows (bookmarks,
 * notifications) keep the plain hook: a write there shows in the very next frame.
 *
 * Each answer is structurally shared with the last one (replaceEqualDeep): a realtime change that leaves
 * the answer as it was hands React nothing, and one that changes a single card keeps the other rows'
 * objects, so their memoised cards skip their render.
 */
import { startTransition } from 'react';
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { replaceEqualDeep } from '@/shared/lib/replace-equal-deep';
import { ownTaskLiveQuery } from '../hooks/use-live-query';

function transitional<T>(querier: () => Promise<T> | T): InteropableObservable<T> {
  // Started in a task of its own, not with every other query of the screen (see startInOwnTask).
  const source = ownTaskLiveQuery(querier);
  return {
    hasValue: () => source.hasValue?.() ?? false,
    getValue: () => source.getValue?.() as T,
    subscribe: (next, error) => {
      let last: { value: T } | undefined;
      return source.subscribe(
        (answer) => {
          const value = last ? replaceEqualDeep(last.value, answer) : answer;
          if (last && value === last.value) return;
          last = { value };
          startTransition(() => next(value));
        },
        (err: unknown) => error?.(err),
      );
    },
  };
}

export function useCatalogueQuery<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined;
export function useCatalogueQuery<T, D>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: D): T | D;
export function useCatalogueQuery<T, D>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  defaultResult?: D,
): T | D | undefined {
  return useObservable<T, D | undefined>(() => transitional(querier), deps, defaultResult);
}
