import { useEffect } from 'react';
import { recordListingView } from '../api/record-listing-view';

/** Counts a view of the listing once per opened listing, when online (offline views are not counted). */
export function useRecordListingView(listingId: string): void {
  useEffect(() => {
    if (!listingId || !navigator.onLine) return;
    // A count nobody acts on: a failed one is not worth a notice or a retry.
    void recordListingView(listingId).catch(() => false);
  }, [listingId]);
}
