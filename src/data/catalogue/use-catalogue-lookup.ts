/**
 * Models and brands by id from one shared live query, however many components ask: a marketplace page
 * draws twenty cards, each needing its model's shape and brand, without twenty queries.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import { db } from '../db';
import type { BrandRow, CarModelRow } from './types';
import { startInOwnTask } from '../own-task';

export interface CatalogueLookup {
  modelById: ReadonlyMap<string, CarModelRow>;
  brandById: ReadonlyMap<string, BrandRow>;
}

const EMPTY: CatalogueLookup = { modelById: new Map(), brandById: new Map() };
let current: CatalogueLookup = EMPTY;
let subscription: Subscription | null = null;
let cancelStart: (() => void) | null = null;
const listeners = new Set<() => void>();

function start(): void {
  cancelStart = null;
  subscription = liveQuery(async () => {
    const [models, brands] = await Promise.all([db.car_models.toArray(), db.brands.toArray()]);
    return { modelById: new Map(models.map((m) => [m.id, m])), brandById: new Map(brands.map((b) => [b.id, b])) };
  }).subscribe({
    next: (value) => {
      current = value;
      for (const l of listeners) l();
    },
    error: () => undefined,
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The query starts in a task of its own (see startInOwnTask), not with every other query of the screen.
  if (!subscription && !cancelStart) cancelStart = startInOwnTask(start);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      cancelStart?.();
      cancelStart = null;
      subscription?.unsubscribe();
      subscription = null;
    }
  };
}

/** Every model and brand by id (empty maps until the first answer). */
export function useCatalogueLookup(): CatalogueLookup {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => EMPTY,
  );
}
