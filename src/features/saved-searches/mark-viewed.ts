import { savedSearchWrites } from '@/data/saved-searches';
import { reportError } from '@/shared/lib/report-error';

/** Opening a saved search clears its "N new" count (a local write, synced later); a failure is reported. */
export function markViewed(id: string): void {
  void savedSearchWrites
    .markViewed(id)
    .catch((e: unknown) => reportError(e, { component: 'saved-searches', action: 'mark-viewed' }));
}
