// Lookups by id that a search's cards read (price reductions, dealers' towns), kept across searches: a repeated
// search's cards have them in the render after the tap, instead of rendering without them and again once
// IndexedDB answers (issue 32: a repeat within one frame). The answer then changes the kept object only when
// it brings a new or changed entry, so memoised cards do not render again for the same values.
import { useState } from 'react';

/** Entries kept at most: a session's worth of cards; past it the kept lookups start again from the answer. */
export const KEPT_MAX = 2000;

type Lookup<V> = Readonly<Record<string, V | undefined>>;

/**
 * The answer `now` for the ids `asked` over every earlier answer: an asked id missing from the answer has no
 * entry any more (e.g. a reduction gone). While the ids' answer is being asked for, the live query still gives
 * the last ids' answer (keys outside `asked`), or undefined: the kept entries show meanwhile. Stable while
 * nothing changes.
 */
export function useKept<V>(now: Lookup<V> | undefined, asked: readonly string[]): Lookup<V> {
  const [kept, setKept] = useState<Lookup<V>>({});
  if (now === undefined || asked.every((id) => Object.is(kept[id], now[id]))) return kept;
  const ids = new Set(asked);
  if (Object.keys(now).some((id) => !ids.has(id))) return kept;
  const next: Record<string, V | undefined> = Object.keys(kept).length > KEPT_MAX ? {} : { ...kept };
  for (const id of asked) next[id] = now[id];
  // Derived state, set while rendering: React renders this component again before committing.
  setKept(next);
  return next;
}
