/**
 * Starts a live query's subscription in a task of its own, unless it is cancelled first. A screen's live
 * queries all subscribe in the one task in which React runs the first commit's effects, and starting one
 * (Dexie's transaction, its cache and change tracking) costs about a millisecond at 1x CPU before any row is
 * read: a screen of 15-20 of them made one task of 20 ms or more, counted whole by Lighthouse's Total
 * Blocking Time (x4 on its mobile preset). Each in its own timer task, they run one after the other with the
 * main thread handed back in between, and the answers still come from IndexedDB a round trip later.
 *
 * While a gate is set (holdStartsUntil: src/data/schema-step.ts sets the database's opening), starts wait for
 * it: when opening creates or upgrades the database, Dexie re-runs every live query subscribed by then, all
 * in the task in which the opening completes.
 */
let gate: Promise<unknown> | null = null;

export function startInOwnTask(start: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (!cancelled) timer = setTimeout(start, 0);
  };
  if (gate) void gate.then(schedule, schedule);
  else schedule();
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** Live queries subscribed before `until` settles start once it has (each still in a task of its own). */
export function holdStartsUntil(until: Promise<unknown>): void {
  // Settled either way: a failure reaches the held queries themselves (they fail with it and report it).
  const held = Promise.allSettled([until]);
  gate = held;
  void held.then(() => {
    if (gate === held) gate = null;
  });
}
