import { useEffect, useState } from 'react';
import { useNotifications } from '@/data/notifications';
import type { SavedSearchView } from '@/data/saved-searches';
import { fetchSavedSearchNewCounts, newCountToShow, type ServerNewCount } from './api/saved-search-counts';

/**
 * "N new since you last looked" for each saved search, by id: the server's count over the whole market when
 * it answers; offline, the count among the listings held on this device (`newCount`), which may be fewer.
 */
export function useNewCounts(saved: readonly SavedSearchView[] | undefined): {
  counts: Record<string, number>;
  source: 'server' | 'device';
} {
  const [server, setServer] = useState<Record<string, ServerNewCount> | undefined>();
  const [round, setRound] = useState(0);
  // The searches' ids and filters: a new or edited search is counted again; so are all of them when a
  // new_match notification arrives (the server's count has just moved).
  const newestMatch = useNotifications()?.find((n) => n.type === 'new_match')?.id;
  const key = (saved ?? []).map((s) => `${s.id}:${JSON.stringify(s.filters)}`).join('|');
  useEffect(() => {
    const again = () => setRound((r) => r + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  useEffect(() => {
    if (!key || !navigator.onLine) return;
    let live = true;
    fetchSavedSearchNewCounts().then(
      (answer) => live && setServer(answer),
      () => live && setServer(undefined),
    );
    return () => {
      live = false;
    };
  }, [key, round, newestMatch]);
  const counts: Record<string, number> = {};
  let fromServer = !!server;
  for (const s of saved ?? []) {
    const n = newCountToShow(server?.[s.id], s.last_viewed_at);
    if (n === undefined) fromServer = false;
    counts[s.id] = n ?? s.newCount;
  }
  return { counts, source: fromServer ? 'server' : 'device' };
}
