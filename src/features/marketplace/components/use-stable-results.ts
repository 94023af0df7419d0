// While the first catalogue download is still arriving, new rows would reshuffle the results under
// the user's thumb: the first page's listing ids are kept until the user asks for the newer results.
import { useEffect, useRef, useState } from 'react';
import { useListingsByIds, type ListingPage, type ListingRow } from '@/data/catalogue';

interface Frozen {
  key: string;
  ids: string[];
  total: number;
}

export interface StableResults {
  page: ListingPage | undefined;
  /** Cars that arrived since the shown results were kept (0 when nothing is held). */
  more: number;
  /** Shows the newest results (and holds them again if the download is still running). */
  refresh: () => void;
}

export function useStableResults(key: string, fresh: ListingPage | undefined, arriving: boolean): StableResults {
  // A re-run of the same search (a batch of the download landed) answers undefined for a moment: keep
  // showing the last answer meanwhile, or the results would flash back to placeholders (layout shift).
  const last = useRef<{ key: string; page: ListingPage } | null>(null);
  if (fresh) last.current = { key, page: fresh };
  const live = fresh ?? (last.current?.key === key ? last.current.page : undefined);
  const [frozen, setFrozen] = useState<Frozen | null>(null);
  const held = frozen?.key === key ? frozen : null;
  useEffect(() => {
    if (!arriving || held || !live || live.rows.length === 0) return;
    setFrozen({ key, ids: live.rows.map((r) => r.id), total: live.total });
  }, [arriving, held, live, key]);
  const heldRows = useListingsByIds(held?.ids ?? []);
  const refresh = () => setFrozen(null);
  if (!held || !live || !heldRows) return { page: live, more: 0, refresh };
  const rows = held.ids.map((id) => heldRows.get(id)).filter((r): r is ListingRow => r !== undefined);
  // The kept rows' lookup can still hold an earlier answer for a moment: show the live page, not an
  // empty one (an empty list under a full count would pull the pager up into view and back).
  if (rows.length === 0) return { page: live, more: 0, refresh };
  return { page: { ...live, rows, total: held.total }, more: Math.max(0, live.total - held.total), refresh };
}
