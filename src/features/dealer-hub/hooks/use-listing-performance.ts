import { useEffect, useState } from 'react';
import { fetchListingPerformance, type ListingPerformance } from '../api/listing-performance';

/** Per-listing views and saves of a dealer; undefined until they arrive (or while offline). */
export function useListingPerformance(dealerId: string | null): Map<string, ListingPerformance> | undefined {
  const [state, setState] = useState<{ dealerId: string; figures: Map<string, ListingPerformance> }>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    // Coming back online or to the tab brings fresh counts.
    const again = () => setRound((r) => r + 1);
    const onVisible = () => document.visibilityState === 'visible' && again();
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  useEffect(() => {
    if (!dealerId || !navigator.onLine) return;
    let live = true;
    fetchListingPerformance(dealerId).then(
      (figures) => live && setState({ dealerId, figures }),
      // Figures are an extra: the hub shows '–' for them rather than an error over the stock list.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dealerId, round]);
  return state?.dealerId === dealerId ? state.figures : undefined;
}
