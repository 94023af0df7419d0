/**
 * Starts a live query's subscription in a task of its own, unless it is cancelled first. A screen's live
 * queries all subscribe in the one task in which React runs the first commit's effects, and starting one
 * (Dexie's transaction, its cache and change tracking) costs about a millisecond at 1x CPU before any row is
 * read: a screen of 15-20 of them made one task of 20 ms or more, counted whole by Lighthouse's Total
 * Blocking Time (x4 on its mobile preset). Each in its own timer task, they run one after the other with the
 * main thread handed back in between, and the answers still come from IndexedDB a round trip later.
 */
export function startInOwnTask(start: () => void): () => void {
  const timer = setTimeout(start, 0);
  return () => clearTimeout(timer);
}
