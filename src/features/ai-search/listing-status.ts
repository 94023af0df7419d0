// How the AI search names its listing answer: the whole market's count from the server, or offline the
// cars held on this phone, which may be only some of those that match.
import type { AiListingResults } from '@/data/catalogue';

/** "Cars for sale (1,234)", "Cars for sale (about 12,000)", offline "Cars saved on this phone (23)". */
export function listingsHeading(answer: Pick<AiListingResults, 'total' | 'estimated' | 'source'> | undefined): string {
  if (!answer) return 'Cars for sale';
  const n = answer.total.toLocaleString('en-GB');
  if (answer.source === 'device') return `Cars saved on this phone (${n})`;
  return `Cars for sale (${answer.estimated ? 'about ' : ''}${n})`;
}

/** Offline, above the cards: what they are, and that the full search waits for a connection. */
export function offlineNote(held: number): string {
  const match =
    held === 1 ? '1 car saved on this phone matches' : `${held.toLocaleString('en-GB')} cars saved on this phone match`;
  return `You're offline: ${match}. Search every car for sale when you're back online.`;
}
