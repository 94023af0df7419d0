import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the prerendered home page (and in the build-time render), true once the
 * client owns the tree, and always true in a tree that was not prerendered. Lets a component render
 * what the HTML holds first and switch to this browser's state (storage, media) right after.
 *
 * The switch after hydration is a transition, so what it mounts (toasts, the install prompt, panels)
 * renders in slices the browser can interrupt: useSyncExternalStore's own switch is a synchronous
 * re-render, one long task on a phone right after hydration.
 */
export function useHydrated(): boolean {
  // False in the build-time render and while hydrating, true in a client render.
  const client = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const [hydrated, setHydrated] = useState(client);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
