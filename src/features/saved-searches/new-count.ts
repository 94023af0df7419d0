/** "N new since you last looked" (nothing when there are none). */
export function newSinceLabel(n: number): string | null {
  return n > 0 ? `${n} new since you last looked` : null;
}

/** The marketplace link that reopens a saved search. */
export function savedSearchHref(query: string): string {
  return query ? `/marketplace?${query}` : '/marketplace';
}
