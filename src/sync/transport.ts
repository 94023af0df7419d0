// The engine's view of the server: the apply_mutations RPC (push) and cursor-paged selects (pull).
// Implementations: supabase-transport.ts (real) and testing/fake-server.ts (in-memory, for tests).
import type { Cursor, OpData, OpType } from '@/data/types';

/** One op as apply_mutations receives it. */
export interface WireOp {
  op_id: string;
  seq: number;
  type: OpType;
  table: string;
  row_id: string;
  data: OpData;
}

export type WireStatus = 'applied' | 'duplicate' | 'error' | 'skipped';

export interface WireResult {
  op_id: string;
  status: WireStatus;
  code?: string;
  message?: string;
  affected?: number;
  /**
   * The row as written (an 'applied' create or update; null for a delete). Servers before this
   * field send none: the engine then re-reads the row.
   */
  row?: Row | null;
}

export type Row = Record<string, unknown>;

/** A `column=in.(values)` condition. */
export interface ColumnIn {
  column: string;
  values: readonly string[];
}

export interface DeletedRow {
  id: string;
  table_name: string;
  row_id: string;
  user_id: string | null;
  deleted_at: string;
  updated_at: string;
}

/** Why a whole request failed (per-op errors come back as WireResult instead). */
export type TransportErrorKind = 'network' | 'server' | 'rate-limit' | 'auth' | 'client';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface SyncTransport {
  /** Throws TransportError when the call itself fails (network, 5xx, 401, 429, ...). */
  applyMutations(clientId: string, ops: WireOp[]): Promise<WireResult[]>;
  /**
   * Create ops made while signed out (apply_mutations requires a user), sent as plain inserts; a
   * row that is already there (a replay) is 'duplicate'. Throws like applyMutations.
   */
  insertAnonymous(ops: WireOp[]): Promise<WireResult[]>;
  /**
   * Rows strictly after the cursor in (updated_at, id) order, at most `limit`; with `where`, only rows whose
   * column is one of the values (the offline pack's outcodes).
   */
  pullPage(table: string, after: Cursor, limit: number, where?: ColumnIn): Promise<Row[]>;
  /** The rows with these ids (at most 100) changed after `since` (null: all of them). */
  pullByIds(table: string, ids: readonly string[], since: string | null): Promise<Row[]>;
  /** deleted_rows strictly after the cursor. */
  pullDeleted(after: Cursor, limit: number): Promise<DeletedRow[]>;
  /** Exact row count of a table (for download progress). */
  count(table: string): Promise<number>;
  fetchByIds(table: string, ids: string[]): Promise<Row[]>;
  /** Refreshes the access token; false when there is no session to refresh. */
  refreshAuth(): Promise<boolean>;
}

/** Tables whose rate-limited writes wait and resume by themselves: nobody can act on them. */
const RESUME_AFTER_RATE_LIMIT: ReadonlySet<string> = new Set(['error_reports']);

/** SQLSTATEs / PostgREST codes that will not go away by trying again (for a write to `table`). */
export function isPermanentCode(code: string | null | undefined, table?: string): boolean {
  if (!code) return false;
  // PT429: the server's rate limit (5 enquiries an hour): retrying within seconds cannot succeed, and
  // the user is told. An error report over its limit is only held back: it resumes on the timer.
  if (code === 'PT429') return !(table && RESUME_AFTER_RATE_LIMIT.has(table));
  return code === '42501' || code.startsWith('23') || code.startsWith('22') || code === 'PGRST204' || code === '42703';
}
