/**
 * "N new since you last looked" (nothing when there are none). Counted offline among the cars saved on this
 * phone it is a lower bound, and says so.
 */
export function newSinceLabel(n: number, source: 'server' | 'device' = 'server'): string | null {
  if (n <= 0) return null;
  return source === 'server' ? `${n} new since you last looked` : `${n}+ new since you last looked (offline)`;
}

/** The marketplace link that reopens a saved search. */
export function savedSearchHref(query: string): string {
  return query ? `/marketplace?${query}` : '/marketplace';
}
