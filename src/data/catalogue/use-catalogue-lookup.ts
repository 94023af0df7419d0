/**
 * Models and brands by id from one shared live query, however many components ask: a marketplace page
 * draws twenty cards, each needing its model's shape and brand, without twenty queries.
 *
 * A first visit's catalogue download writes brands and models while the cards are on screen, and every
 * write re-runs the query. Two things keep that from blocking the page: each answer keeps the previous
 * answer's row objects where a row is unchanged (so a card's memoised picture, keyed by its model object,
 * is not drawn again), and a new answer reaches the cards as a transition, which React renders in slices
 * (through useSyncExternalStore it was one synchronous render of every card and picture on the page).
 */
import { liveQuery, type Subscription } from 'dexie';
import { startTransition, useEffect, useState } from 'react';
import { replaceEqualDeep } from '@/shared/lib/replace-equal-deep';
import { db } from '../db';
import type { BrandRow, CarModelRow } from './types';
import { startInOwnTask } from '../own-task';

export interface CatalogueLookup {
  modelById: ReadonlyMap<string, CarModelRow>;
  brandById: ReadonlyMap<string, BrandRow>;
}

const EMPTY: CatalogueLookup = { modelById: new Map(), brandById: new Map() };
let current: CatalogueLookup = EMPTY;
/** Whether the query has answered once (an empty store answers empty maps: loaded, not loading). */
let answered = false;
let subscription: Subscription | null = null;
let cancelStart: (() => void) | null = null;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
/**
 * How long the query outlives its last listener. A new search replaces every card in one commit: the old
 * cards' effects unsubscribe before the new cards' subscribe, and without this each search re-read every
 * model and brand and compared them with the last answer (about 7 ms a search at 4x CPU, beside the tap).
 */
export const LOOKUP_LINGER_MS = 30_000;

function stop(): void {
  stopTimer = undefined;
  cancelStart?.();
  cancelStart = null;
  subscription?.unsubscribe();
  subscription = null;
}

/**
 * `rows` by id, reusing `prev`'s object for each row equal to it; `prev` itself when nothing changed.
 * Exported for its unit test.
 */
export function shareRows<R extends { id: string }>(
  prev: ReadonlyMap<string, R>,
  rows: readonly R[],
): ReadonlyMap<string, R> {
  let changed = rows.length !== prev.size;
  const next = new Map<string, R>();
  for (const row of rows) {
    const old = prev.get(row.id);
    const kept = old === undefined ? row : replaceEqualDeep(old, row);
    if (kept !== old) changed = true;
    next.set(row.id, kept);
  }
  return changed ? next : prev;
}

/** The next lookup: `current` itself when the answer holds the same rows. */
export function nextLookup(prev: CatalogueLookup, models: readonly CarModelRow[], brands: readonly BrandRow[]) {
  const modelById = shareRows(prev.modelById, models);
  const brandById = shareRows(prev.brandById, brands);
  return modelById === prev.modelById && brandById === prev.brandById ? prev : { modelById, brandById };
}

function start(): void {
  cancelStart = null;
  subscription = liveQuery(() => Promise.all([db.car_models.toArray(), db.brands.toArray()])).subscribe({
    next: ([models, brands]) => {
      const next = nextLookup(current, models, brands);
      if (next === current && answered) return;
      answered = true;
      current = next;
      for (const l of listeners) l();
    },
    // A query that failed (its database closed) is started again by the next listener, not kept as if live.
    error: () => {
      subscription = null;
    },
  });
}

/** Exported for its unit test. */
export function subscribeLookup(listener: () => void): () => void {
  listeners.add(listener);
  clearTimeout(stopTimer);
  stopTimer = undefined;
  // The query starts in a task of its own (see startInOwnTask), not with every other query of the screen.
  if (!subscription && !cancelStart) cancelStart = startInOwnTask(start);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stopTimer === undefined) stopTimer = setTimeout(stop, LOOKUP_LINGER_MS);
  };
}

/** The shared answer and whether it has come (a new object at each notice, so the first answer re-renders). */
function useLookupAnswer(): { lookup: CatalogueLookup; answered: boolean } {
  const [answer, setAnswer] = useState(() => ({ lookup: current, answered }));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setAnswer((was) => (was.lookup === current && was.answered === answered ? was : { lookup: current, answered })),
      );
    const unsubscribe = subscribeLookup(update);
    // An answer that arrived between this render and the subscription.
    update();
    return unsubscribe;
  }, []);
  return answer;
}

/** Every model and brand by id (empty maps until the first answer); new answers render as a transition. */
export function useCatalogueLookup(): CatalogueLookup {
  return useLookupAnswer().lookup;
}

/** The same lookup, undefined until the store has answered (screens show loading until then). */
export function useAnsweredCatalogueLookup(): CatalogueLookup | undefined {
  const { lookup, answered: done } = useLookupAnswer();
  return done ? lookup : undefined;
}
