import { useEffect, useState } from 'react';
import { getPageSyncState, onSyncEvent, subscribePageSyncState } from '@/sync';
import { describePhase, describeSyncEvent, type SyncLogEntry } from '../sync-log';

const LIMIT = 50;

/** Recent sync events and phase changes of this session, newest first. */
export function useSyncLog(): SyncLogEntry[] {
  const [entries, setEntries] = useState<SyncLogEntry[]>([]);
  useEffect(() => {
    let next = 0;
    const add = (entry: Omit<SyncLogEntry, 'id' | 'at'>) =>
      setEntries((list) => [{ ...entry, id: ++next, at: Date.now() }, ...list].slice(0, LIMIT));
    let last = '';
    const onState = () => {
      const { status, online } = getPageSyncState();
      const text = describePhase(status.phase, online && status.online);
      if (text === last) return;
      last = text;
      add({ kind: 'phase', text });
    };
    onState();
    const offState = subscribePageSyncState(onState);
    const offEvents = onSyncEvent((event) => add(describeSyncEvent(event)));
    return () => {
      offState();
      offEvents();
    };
  }, []);
  return entries;
}
