import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the prerendered home page (and in the build-time render), true once the
 * client owns the tree, and always true in a tree that was not prerendered. Lets a component render
 * what the HTML holds first and switch to this browser's state (storage, media) right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
