// While the first catalogue download is still arriving, new rows would reshuffle the results under
// the user's thumb: the first page's listing ids are kept until the user asks for the newer results.
import { useEffect, useState } from 'react';
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

export function useStableResults(key: string, live: ListingPage | undefined, arriving: boolean): StableResults {
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
  return { page: { ...live, rows, total: held.total }, more: Math.max(0, live.total - held.total), refresh };
}
