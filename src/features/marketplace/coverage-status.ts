// The results' status line, honest about what the answer covers (issue 32): complete, "100 of 2,543 shown",
// or offline "23 cars saved on this phone match. Search all 450,000 when you're back online".
import type { ListingQueryState } from '@/data/catalogue/query';
import { formatCount } from '@/shared/lib/format';

const cars = (x: number) => `${formatCount(x)} ${x === 1 ? 'car' : 'cars'}`;

/** "Search all 450,000 when you're back online" (the last known size of the whole market). */
export function offlineInvite(marketTotal: number | null): string {
  return `Search all ${marketTotal === null ? 'cars' : formatCount(marketTotal)} when you're back online`;
}

export function coverageStatus(
  q: Pick<ListingQueryState, 'coverage' | 'rows' | 'total' | 'estimated' | 'heldMatches' | 'marketTotal' | 'error'>,
): string {
  switch (q.coverage) {
    case 'loading':
      return 'Searching…';
    case 'complete':
      return `${cars(q.total ?? q.rows.length)} found`;
    case 'partial':
      return q.total === null
        ? `${formatCount(q.rows.length)} shown`
        : `${formatCount(q.rows.length)} of ${q.estimated ? 'about ' : ''}${formatCount(q.total)} shown`;
    case 'offline':
      return `${cars(q.heldMatches)} saved on this phone ${q.heldMatches === 1 ? 'matches' : 'match'}. ${offlineInvite(q.marketTotal)}`;
    case 'error':
      return q.error ?? 'This search could not run.';
  }
}

/** The filter sheet's "Show N cars": the server's total, or what the device holds when that is the answer. */
export function sheetTotal(
  q: Pick<ListingQueryState, 'coverage' | 'rows' | 'total' | 'heldMatches'>,
): number | undefined {
  if (q.coverage === 'offline') return q.heldMatches;
  if (q.coverage === 'complete') return q.total ?? q.rows.length;
  return q.total ?? undefined;
}
