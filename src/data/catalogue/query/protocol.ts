// Messages between the page and the query worker.
import type { ListingSearch } from '../filters';
import type { ServerPage, ServerSearchErrorKind } from './server-search';

export type QueryRequest =
  | { id: number; op: 'init'; dbName: string; budgetBytes?: number }
  | { id: number; op: 'local'; search: ListingSearch; limit: number }
  | {
      id: number;
      op: 'fetch';
      search: ListingSearch;
      after: string | null;
      limit: number;
      ttlMs: number;
      /** False: a prefetched page, recorded only once shown. */
      store?: boolean;
    }
  | { id: number; op: 'record'; search: ListingSearch; after: string | null; page: ServerPage; ttlMs: number }
  | { id: number; op: 'tick'; elapsedMs: number };

export type QueryResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; kind?: ServerSearchErrorKind; status?: number } };

/** QueryRequest without its id, as the client sends it. */
export type QueryCall = QueryRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
