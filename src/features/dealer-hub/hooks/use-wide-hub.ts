import { useSyncExternalStore } from 'react';

/** From this width stock and leads sit side by side; narrower (tablet, phone) they are tabs. */
export const WIDE_HUB_QUERY = '(min-width: 1280px)';

const query = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(WIDE_HUB_QUERY));

function subscribe(onChange: () => void): () => void {
  const q = query();
  q?.addEventListener('change', onChange);
  return () => q?.removeEventListener('change', onChange);
}

/** Whether the hub has room for stock and leads side by side. */
export function useWideHub(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? true);
}
