import { useEffect, useState } from 'react';
import { db } from '@/data/db';
import { recordListingOpened } from '@/data/offline-pack';
import { fetchListingNow } from './listing-on-demand';
import { pageProblem } from './page-problem';
import { syncError } from './sync-errors';

/**
 * While a listing is not on the device, asks the server for it (once per id) and reports true until the
 * answer is in: the car then arrives through the local store, or the screen can say it was not found.
 * Every listing opened joins the last 200 opened, which stay on the device and follow realtime.
 */
export function useListingOnDemand(id: string, missing: boolean): boolean {
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    recordListingOpened(db, id).catch((err: unknown) => pageProblem(syncError('queue', err)));
  }, [id]);
  useEffect(() => {
    if (!missing || answered === id) return;
    let live = true;
    void fetchListingNow(id).then((found) => {
      // Found: the live query shows it next, so keep waiting rather than flash "not found".
      if (live && !found) setAnswered(id);
    });
    return () => {
      live = false;
    };
  }, [id, missing, answered]);
  return missing && answered !== id;
}
