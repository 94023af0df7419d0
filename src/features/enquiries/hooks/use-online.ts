import { useSyncExternalStore } from 'react';
import { getPageSyncState, subscribePageSyncState } from '@/sync';

/** navigator.onLine as the sync layer sees it, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribePageSyncState,
    () => getPageSyncState().online,
    () => true,
  );
}
