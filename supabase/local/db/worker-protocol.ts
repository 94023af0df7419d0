// Messages between the stack's thread (pglite-client.ts) and the PGlite worker (pglite-worker.ts).
// Rows travel by structured clone, so the values are the ones the parsers made (numbers, strings,
// Date, Uint8Array, parsed json, arrays), unchanged.
import type { QueryResult } from '../types';

/** `tx` 0: outside any transaction; otherwise the transaction's id (its first statement opens it). */
export type Request =
  | { id: number; op: 'query'; tx: number; sql: string; params: unknown[]; prepare: boolean }
  | { id: number; op: 'exec'; tx: number; sql: string }
  /** `quiet`: no answer wanted (a read-only transaction's commit, which cannot fail). */
  | { id: number; op: 'commit' | 'rollback'; tx: number; quiet?: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type Reply =
  /** `readOnly`: a statement of a transaction left it read-only (its commit then cannot fail). */
  | { id: number; result: QueryResult | null; readOnly?: boolean }
  | { id: number; error: SerializedError }
  | { channel: string; payload: string }
  | { ready: true }
  | { fatal: SerializedError };

export interface WorkerData {
  dataDir: string;
  /** Float64Array over it, indexed by STATE: what the worker is running now, for the watchdog. */
  state: SharedArrayBuffer;
  /** pglite.wasm, compiled once by the stack's thread and shared with every worker it starts. */
  wasm: WebAssembly.Module;
}

export const STATE = { opId: 0, startedAt: 1, timeoutMs: 2, busy: 3, size: 4 } as const;

/** Postgres error fields (code, detail, hint, constraint, ...) survive the hop; the stack is not sent. */
export type SerializedError = { message: string; name: string } & Record<string, unknown>;

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (v === undefined || typeof v === 'function') continue;
    fields[k] = typeof v === 'object' && v !== null ? String(v) : v;
  }
  return { ...fields, name: err.name, message: err.message };
}

export function deserializeError(e: SerializedError): Error {
  const { message, name, ...fields } = e;
  const err = Object.assign(new Error(message), fields);
  err.name = name;
  return err;
}

/** A Postgres-shaped error raised by the client itself (the worker could not answer). */
export function pgError(code: string, message: string): Error {
  return deserializeError({ name: 'error', severity: 'ERROR', code, message });
}
