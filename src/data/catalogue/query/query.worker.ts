// The query worker: runs the query engine (local answers, server pages and their writes, TTL and eviction)
// off the page's main thread, on its own connection to the page's database.
import { MotorlyDb } from '../../db';
import { QueryEngine } from './engine';
import type { QueryRequest, QueryResponse } from './protocol';
import { ServerSearchError } from './server-search';

let engine: QueryEngine | undefined;

async function run(msg: QueryRequest): Promise<unknown> {
  if (msg.op === 'init') {
    engine = new QueryEngine(new MotorlyDb(msg.dbName), { budgetBytes: msg.budgetBytes });
    return null;
  }
  if (!engine) throw new Error('The query worker was not started');
  if (msg.op === 'local') return engine.local(msg.search, msg.limit);
  if (msg.op === 'fetch') return engine.fetch(msg.search, msg.after, msg.limit, msg.ttlMs, msg.store);
  if (msg.op === 'record') return engine.record(msg.search, msg.after, msg.page, msg.ttlMs);
  return engine.tick(msg.elapsedMs);
}

self.onmessage = (event: MessageEvent<QueryRequest>) => {
  const msg = event.data;
  const reply = (r: QueryResponse) => self.postMessage(r);
  run(msg).then(
    (value) => reply({ id: msg.id, ok: true, value }),
    (e: unknown) =>
      reply({
        id: msg.id,
        ok: false,
        error:
          e instanceof ServerSearchError
            ? { message: e.message, kind: e.kind, status: e.status }
            : { message: e instanceof Error ? e.message : String(e) },
      }),
  );
};
