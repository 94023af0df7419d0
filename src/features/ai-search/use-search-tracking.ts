// Records each shown AI search once (query, filters, results shown), then its clicks and the time
// spent, through the data layer's outbox repository.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchInteractionWrites } from '@/data/personalisation';
import type { ParsedQuery } from '@/domain/ai/query-types';

function sessionId(): string {
  const key = 'motorly.search-session';
  try {
    let id = sessionStorage.getItem(key);
    if (!id) sessionStorage.setItem(key, (id = crypto.randomUUID()));
    return id;
  } catch {
    return '';
  }
}

const secondsSince = (t: number) => Math.max(0, Math.round((Date.now() - t) / 1000));

export function useSearchTracking(
  query: string,
  filters: ParsedQuery | undefined,
  resultsShown: number | undefined,
  relaxed: string[],
) {
  const writes = useSearchInteractionWrites();
  const current = useRef<{ id: Promise<string | null>; started: number } | null>(null);
  const key = filters && resultsShown !== undefined && query ? JSON.stringify([query, filters]) : '';
  const relaxedKey = relaxed.join('|');

  useEffect(() => {
    if (!key || !filters || resultsShown === undefined) return;
    const started = Date.now();
    const id = writes
      .start({
        sessionId: sessionId(),
        query,
        filters: { ...filters },
        resultsShown,
        relaxed: relaxedKey ? relaxedKey.split('|') : [],
      })
      .catch(() => null);
    current.current = { id, started };
    return () => {
      void id.then((rowId) => (rowId ? writes.finish(rowId, secondsSince(started)) : undefined)).catch(() => undefined);
    };
    // One row per distinct search: later result-count changes (sync) do not make a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return useCallback(
    (carModelId: string, listingId?: string) => {
      const c = current.current;
      if (!c) return;
      void c.id
        .then((rowId) => (rowId ? writes.click(rowId, carModelId, secondsSince(c.started), listingId) : undefined))
        .catch(() => undefined);
    },
    [writes],
  );
}
