// The Data API's RPC as the query engine calls it. The data layer may not import supabase-js (docs/DESIGN.md),
// so by default it POSTs to PostgREST itself with the anon key: listings are readable by anyone
// (vehicle_listings_read_all), so a search needs no session. Tests and the worker pass their own client.
import { env } from '@/shared/lib/env';

/** A PostgREST error body ({ code, message, details, hint }). */
export interface RpcError {
  message: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
}

export interface RpcResult {
  data: unknown;
  error: RpcError | null;
  status: number;
}

/** The one call the engine makes; supabase-js's client has the same shape. */
export interface RpcClient {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<RpcResult>;
}

/** A client that POSTs to `${url}/rest/v1/rpc/<fn>`; a network failure answers status 0. */
export function fetchRpcClient(
  url: string = env.supabaseUrl,
  anonKey: string = env.supabaseAnonKey,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): RpcClient {
  const base = url.replace(/\/$/, '');
  return {
    async rpc(fn, args) {
      let res: Response;
      try {
        res = await fetchImpl(`${base}/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(args),
        });
      } catch (e) {
        return { data: null, error: { message: e instanceof Error ? e.message : String(e) }, status: 0 };
      }
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) return { data: body, error: null, status: res.status };
      const err = (body ?? {}) as Partial<RpcError>;
      return {
        data: null,
        error: { message: err.message ?? res.statusText, code: err.code, details: err.details, hint: err.hint },
        status: res.status,
      };
    },
  };
}
