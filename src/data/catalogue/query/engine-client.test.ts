import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MotorlyDb } from '../../db';
import type { EarlySearch } from '../early-search';
import { emptyListingSearch, parseSearchParams, queryKey } from '../filters';
import { answerKey, answersFor } from './answer-cache';
import { queryEngineFor, WorkerEngine, type QueryWorkerPort } from './engine-client';
import type { QueryRequest, QueryResponse } from './protocol';
import type { RpcClient } from './rpc-client';

const search = emptyListingSearch(24);
const answer = { rows: [{ id: 'a', dealer_id: 'd1', distance_miles: null }], total: 1, next_cursor: null };

/** A worker that records what it is sent and answers only when told to. */
function fakeWorker() {
  const sent: QueryRequest[] = [];
  const port: QueryWorkerPort = {
    onmessage: null,
    postMessage: (msg: QueryRequest) => sent.push(msg),
  };
  const reply = (r: QueryResponse) =>
    (port.onmessage as ((e: MessageEvent<QueryResponse>) => void) | null)?.({ data: r } as MessageEvent<QueryResponse>);
  return { port, sent, reply };
}

function fakeClient() {
  const calls: Record<string, unknown>[] = [];
  const client: RpcClient = {
    rpc: (_fn, args) => {
      calls.push(args);
      return Promise.resolve({ data: answer, error: null, status: 200 });
    },
  };
  return { client, calls };
}

describe('WorkerEngine', () => {
  it('asks the server from the page until the worker has started, and hands the page to the worker to store', async () => {
    const w = fakeWorker();
    const { client, calls } = fakeClient();
    const engine = new WorkerEngine(w.port, 'db', {}, client);
    const page = await engine.fetch(search, null, 24, 60_000);
    expect(page.rows.map((r) => r.id)).toEqual(['a']);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ after: null, page_size: 24, include_counts: true });
    expect(w.sent.map((m) => m.op)).toEqual(['init', 'record']);
    expect(w.sent[1]).toMatchObject({ op: 'record', after: null, ttlMs: 60_000, page: { total: 1 } });
  });

  it('does not store a prefetched page asked before the worker started', async () => {
    const w = fakeWorker();
    const engine = new WorkerEngine(w.port, 'db', {}, fakeClient().client);
    await engine.fetch(search, 'cursor', 24, 60_000, false);
    expect(w.sent.map((m) => m.op)).toEqual(['init']);
  });

  it("leaves the server's pages to the worker once it has answered its init", async () => {
    const w = fakeWorker();
    const { client, calls } = fakeClient();
    const engine = new WorkerEngine(w.port, 'db', {}, client);
    w.reply({ id: w.sent[0].id, ok: true, value: null });
    await Promise.resolve();
    const fetched = engine.fetch(search, null, 24, 60_000);
    await new Promise((r) => setTimeout(r, 0));
    const ask = w.sent.at(-1);
    expect(ask).toMatchObject({ op: 'fetch', after: null, limit: 24, store: true });
    w.reply({ id: ask!.id, ok: true, value: { rows: [], total: 0 } });
    expect(await fetched).toEqual({ rows: [], total: 0 });
    expect(calls).toHaveLength(0);
  });

  it('adopts a first page asked ahead (at the tap) instead of asking again, once the worker has started too', async () => {
    const w = fakeWorker();
    const { client, calls } = fakeClient();
    const engine = new WorkerEngine(w.port, 'db', {}, client);
    w.reply({ id: w.sent[0].id, ok: true, value: null });
    await Promise.resolve();
    engine.ahead(search);
    expect(calls).toHaveLength(1);
    const page = await engine.fetch(search, null, 24, 60_000);
    expect(page.rows.map((r) => r.id)).toEqual(['a']);
    expect(calls).toHaveLength(1);
    expect(w.sent.map((m) => m.op)).toEqual(['init', 'record']);
  });

  it("asks through the worker when the page's own request cannot get through, and from then on", async () => {
    const w = fakeWorker();
    const calls: Record<string, unknown>[] = [];
    const refused: RpcClient = {
      rpc: (_fn, args) => {
        calls.push(args);
        return Promise.resolve({ data: null, error: { message: 'Failed to fetch' }, status: 0 });
      },
    };
    const engine = new WorkerEngine(w.port, 'db', {}, refused);
    const fetched = engine.fetch(search, null, 24, 60_000);
    await vi.waitFor(() => expect(w.sent.at(-1)?.op).toBe('fetch'));
    const ask = w.sent.at(-1)!;
    w.reply({ id: ask.id, ok: true, value: { rows: [], total: 0 } });
    expect(await fetched).toEqual({ rows: [], total: 0 });
    engine.ahead({ ...search, make: 'ford' });
    void engine.fetch(search, 'next', 24, 60_000, false);
    await vi.waitFor(() => expect(w.sent.at(-1)).toMatchObject({ op: 'fetch', after: 'next' }));
    expect(calls).toHaveLength(1);
  });
});

describe('queryEngineFor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stores the searches answered before the app ran on the device and in the page (a repeat renders at the tap)', async () => {
    const sent: QueryRequest[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        onmessage = null;
        postMessage(msg: QueryRequest) {
          sent.push(msg);
        }
      },
    );
    const left: EarlySearch = { body: 'b', answer: Promise.resolve(answer), arrived: answer, query: '?make=abarth' };
    vi.stubGlobal('window', { __motorlyEarlySearches: [left], __motorlyEarlySearch: null });
    const engine = queryEngineFor({ name: 'early-store-test' } as unknown as MotorlyDb);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.find((m) => m.op === 'record')).toMatchObject({ after: null, search: { make: 'abarth' } });
    const abarth = parseSearchParams('make=abarth');
    const held = answersFor(engine).get(answerKey(queryKey(abarth), abarth.pageSize));
    expect(held).toMatchObject({ coverage: 'complete', total: 1 });
    expect(held?.rows.map((r) => r.id)).toEqual(['a']);
  });
});
