import { useSyncExternalStore } from 'react';
import { getPageSyncState, subscribePageSyncState, type PageSyncState } from './page-status';

/**
 * Whether the first catalogue download may still be bringing rows in: a download is in progress, or
 * nothing has synced yet and the leader has not reported being offline or signed out. Screens use it
 * to keep results still and to wait instead of saying "not found".
 */
export function isCatalogueArriving({ status, online }: PageSyncState): boolean {
  if (status.download !== null) return true;
  if (status.lastSyncedAt !== null || !online) return false;
  return status.phase === 'idle' || status.phase === 'pulling' || status.phase === 'pushing';
}

export function useCatalogueArriving(): boolean {
  return useSyncExternalStore(
    subscribePageSyncState,
    () => isCatalogueArriving(getPageSyncState()),
    () => false,
  );
}
