import { useSyncExternalStore } from 'react';
import { db } from '../db';
import { createSyncStore, type QueueCounts } from '../sync-store';

/**
 * How long after a write the badge re-counts the queue. The count is not what the user is looking
 * at when they click, so it does not compete with the screen re-reading their change.
 */
export const QUEUE_COUNTS_DELAY_MS = 50;

let counts: QueueCounts | undefined;
let unobserve: (() => void) | null = null;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  unobserve ??= createSyncStore(db).observeQueue(
    (next) => {
      if (counts && counts.queued === next.queued && counts.parked === next.parked && counts.lastSeq === next.lastSeq)
        return;
      counts = next;
      for (const listener of listeners) listener();
    },
    { delayMs: QUEUE_COUNTS_DELAY_MS },
  );
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      unobserve?.();
      unobserve = null;
      counts = undefined;
    }
  };
}

const getSnapshot = () => counts;

/** Queued and "needs attention" op counts of the app's store, in every tab; undefined while loading. */
export function useQueueCounts(): QueueCounts | undefined {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
