// SyncTransport over supabase-js: push through the apply_mutations RPC, pull with PostgREST
// selects paged by (updated_at, id). RLS on the server decides what this user may read or write.
//
// Every read here turns postgrest-js's own retry off (.retry(false)): by default it retries a failed
// GET after 1 s, 2 s and 4 s, sleeping inside the call, so a pull page whose connection dropped did
// not fail but slept up to 7 s and held the engine's cycle, and with it the writes queued meanwhile,
// past the reconnect. The engine owns retrying (a failed pull is tried again after its retry delay,
// or at once when the connection comes back, after the queued writes went up).
import type { SupabaseClient } from '@supabase/supabase-js';
import { pullSelect } from '@/data/sync-queue';
import type { Cursor } from '@/data/types';
import {
  TransportError,
  type DeletedRow,
  type ColumnIn,
  type Row,
  type SyncTransport,
  type WireOp,
  type WireResult,
} from './transport';

interface PgError {
  message: string;
  code?: string;
}

/** Maps a failed PostgREST call (status + error body) to the engine's error kinds. */
export function toTransportError(status: number, error: PgError): TransportError {
  const code = error.code || undefined;
  if (status === 0 || (/fetch|network|Failed to fetch|ECONNREFUSED|socket/i.test(error.message) && status < 400)) {
    return new TransportError('network', 'Network request failed', status, code);
  }
  if (status === 401 || code === 'PGRST303' || code === 'PGRST301')
    return new TransportError('auth', 'Session expired', status, code);
  if (status === 429) return new TransportError('rate-limit', 'Too many requests', status, code);
  if (status >= 500) return new TransportError('server', 'Server error', status, code);
  return new TransportError('client', 'Request rejected', status, code);
}

function afterFilter(after: Cursor): string {
  return `updated_at.gt.${after.updated_at},and(updated_at.eq.${after.updated_at},id.gt.${after.id})`;
}

function groupByTable(ops: WireOp[]): Map<string, WireOp[]> {
  const byTable = new Map<string, WireOp[]>();
  for (const op of ops) byTable.set(op.table, [...(byTable.get(op.table) ?? []), op]);
  return byTable;
}

export function createSupabaseTransport(client: SupabaseClient): SyncTransport {
  /** One page of a table after the cursor, in (updated_at, id) order. */
  async function pageAfter<T>(table: string, after: Cursor, limit: number, where?: ColumnIn): Promise<T[]> {
    let query = client.from(table).select(pullSelect(table));
    if (where) query = query.in(where.column, [...where.values]);
    const { data, error, status } = await query
      .or(afterFilter(after))
      .order('updated_at', { ascending: true })
      .order('id', { ascending: true })
      .limit(limit)
      .retry(false);
    if (error) throw toTransportError(status, error);
    return (data ?? []) as T[];
  }
  return {
    async applyMutations(clientId: string, ops: WireOp[]): Promise<WireResult[]> {
      const { data, error, status } = await client.rpc('apply_mutations', { client_id: clientId, ops });
      if (error) throw toTransportError(status, error);
      if (!Array.isArray(data)) throw new TransportError('server', 'Unexpected response', status);
      return data as WireResult[];
    },
    async insertAnonymous(ops: WireOp[]): Promise<WireResult[]> {
      const results: WireResult[] = [];
      const insert = async (table: string, batch: WireOp[]): Promise<PgError | null> => {
        const { error, status } = await client.from(table).insert(batch.map((op) => ({ ...op.data, id: op.row_id })));
        if (error && (status === 0 || status === 401 || status === 429 || status >= 500))
          throw toTransportError(status, error);
        return error;
      };
      for (const [table, batch] of groupByTable(ops)) {
        const error = await insert(table, batch);
        if (!error) {
          results.push(...batch.map((op): WireResult => ({ op_id: op.op_id, status: 'applied' })));
          continue;
        }
        // One bad or replayed row fails the whole insert: insert them one by one to tell which.
        for (const op of batch) {
          const one = batch.length === 1 ? error : await insert(table, [op]);
          if (!one) results.push({ op_id: op.op_id, status: 'applied' });
          else if (one.code === '23505') results.push({ op_id: op.op_id, status: 'duplicate' });
          else results.push({ op_id: op.op_id, status: 'error', code: one.code, message: 'Request rejected' });
        }
      }
      return results;
    },
    pullPage(table: string, after: Cursor, limit: number, where?: ColumnIn): Promise<Row[]> {
      return pageAfter<Row>(table, after, limit, where);
    },
    async pullByIds(table: string, ids: readonly string[], since: string | null): Promise<Row[]> {
      if (!ids.length) return [];
      let query = client
        .from(table)
        .select(pullSelect(table))
        .in('id', [...ids]);
      if (since) query = query.gte('updated_at', since);
      // The select string is built at run time, so supabase-js cannot infer the row type from it.
      const { data, error, status } = await query.retry(false).overrideTypes<Row[], { merge: false }>();
      if (error) throw toTransportError(status, error);
      return data ?? [];
    },
    pullDeleted(after: Cursor, limit: number): Promise<DeletedRow[]> {
      return pageAfter<DeletedRow>('deleted_rows', after, limit);
    },
    async count(table: string): Promise<number> {
      const { count, error, status } = await client
        .from(table)
        .select('*', { count: 'exact', head: true })
        .retry(false);
      if (error) throw toTransportError(status, error);
      return count ?? 0;
    },
    async fetchByIds(table: string, ids: string[]): Promise<Row[]> {
      if (!ids.length) return [];
      const { data, error, status } = await client.from(table).select('*').in('id', ids).retry(false);
      if (error) throw toTransportError(status, error);
      return (data ?? []) as Row[];
    },
    async refreshAuth(): Promise<boolean> {
      const { data, error } = await client.auth.refreshSession();
      if (error) {
        if (/fetch|network/i.test(error.message)) throw new TransportError('network', 'Network request failed', 0);
        return false;
      }
      return data.session !== null;
    },
  };
}
