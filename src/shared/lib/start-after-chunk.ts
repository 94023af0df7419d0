/**
 * Calls `start` with a lazily loaded chunk's module in a task after the one that evaluated the chunk. A dynamic
 * import's `then` runs in that task's microtasks, so evaluating a large chunk (supabase-js) and then running
 * its start (creating the client, restoring the session) made one long task; Lighthouse's Total Blocking Time
 * counts each task over 50 ms at its 4x CPU slowdown.
 */
export function startAfterChunk<M>(chunk: Promise<M>, start: (module: M) => unknown): void {
  void chunk.then((module) => setTimeout(() => void start(module), 0));
}
