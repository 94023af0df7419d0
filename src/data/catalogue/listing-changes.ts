/**
 * Listing keys written through Dexie in this context, so the in-memory index orders can be patched
 * for them (listing-patch.ts). Changes from other tabs and the worker are found by updated_at.
 */
import type { Dexie, DBCoreMutateRequest } from 'dexie';

interface ChangeLog {
  /** Primary key -> when it was last written (ms). */
  readonly keys: Map<string, number>;
  /** When a write of unknown rows (a delete by range) last happened. */
  unknownAt: number;
}

const KEEP_MS = 60_000;
const logs = new WeakMap<Dexie, ChangeLog>();

function logOf(db: Dexie): ChangeLog {
  let log = logs.get(db);
  if (!log) {
    log = { keys: new Map(), unknownAt: -Infinity };
    logs.set(db, log);
  }
  return log;
}

/** Records the listing keys a mutate request writes (called by the derive-on-write middleware). */
export function noteListingWrite(db: Dexie, req: DBCoreMutateRequest): void {
  const log = logOf(db);
  const now = Date.now();
  if (req.type === 'deleteRange') {
    log.unknownAt = now;
    return;
  }
  const keys = req.type === 'delete' ? req.keys : (req.keys ?? req.values.map((v) => Reflect.get(v as object, 'id')));
  for (const k of keys) log.keys.set(String(k), now);
  if (log.keys.size > 5000) for (const [k, at] of log.keys) if (at < now - KEEP_MS) log.keys.delete(k);
}

/**
 * Keys written here since `since` (ms, with a second's slack for transactions in flight), or
 * undefined when rows were written that the log cannot name.
 */
export function listingWritesSince(db: Dexie, since: number): string[] | undefined {
  const log = logOf(db);
  const from = since - 1000;
  if (log.unknownAt >= from || from < Date.now() - KEEP_MS) return undefined;
  const keys: string[] = [];
  for (const [k, at] of log.keys) if (at >= from) keys.push(k);
  return keys;
}
