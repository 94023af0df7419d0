// The page's handle on the query engine: the query worker when the browser has workers, else the engine in
// the page (unit tests). One per database, made on first use.
import { reportError } from '@/shared/lib/report-error';
import type { MotorlyDb } from '../../db';
import { queryKey, type ListingSearch } from '../filters';
import { answerKey, answersFor } from './answer-cache';
import { AheadPages } from './ahead-pages';
import { storeEarlySearches, takeEarlyPage } from './early-page';
import { QueryEngine, type LocalAnswer } from './engine';
import { startOpenClock } from './open-clock';
import type { QueryCall, QueryResponse } from './protocol';
import { firstPageState } from './query-state';
import type { RpcClient } from './rpc-client';
import { PASSING_TTL_MS } from './window-types';
import { searchServer, ServerSearchError, type ServerPage } from './server-search';

export interface QueryEngineApi {
  local(search: ListingSearch, limit: number): Promise<LocalAnswer>;
  /** `store` false: a prefetched page, not recorded in the window until record() (once it is shown). */
  fetch(
    search: ListingSearch,
    after: string | null,
    limit: number,
    ttlMs: number,
    store?: boolean,
  ): Promise<ServerPage>;
  record(search: ListingSearch, after: string | null, page: ServerPage, ttlMs: number): unknown;
  tick(elapsedMs: number): Promise<string[]>;
  /** Asks for a search's first page now (a navigation, before its screen renders); fetch then adopts it. */
  ahead?(search: ListingSearch): void;
}

export interface EngineOverrides {
  budgetBytes?: number;
}

/** What the engine needs of a Worker (tests pass their own). */
export type QueryWorkerPort = Pick<Worker, 'postMessage' | 'onmessage'>;

export class WorkerEngine implements QueryEngineApi {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** The worker has answered its init: its chunk is loaded and its engine made. */
  private started = false;
  private readonly aheadPages: AheadPages;
  /** A request from the page could not get through: the worker asks from then on. */
  private pageRefused = false;

  constructor(
    private readonly worker: QueryWorkerPort,
    dbName: string,
    overrides: EngineOverrides,
    /** The page's own client for server pages asked before the worker has started (default: fetch). */
    private readonly client?: RpcClient,
  ) {
    this.aheadPages = new AheadPages(client);
    worker.onmessage = (event: MessageEvent<QueryResponse>) => {
      const msg = event.data;
      const waiter = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (!waiter) return;
      if (msg.ok) waiter.resolve(msg.value);
      else if (msg.error.kind)
        waiter.reject(new ServerSearchError(msg.error.message, msg.error.kind, msg.error.status ?? 0));
      else waiter.reject(new Error(msg.error.message));
    };
    this.call({ op: 'init', dbName, budgetBytes: overrides.budgetBytes }).then(
      () => (this.started = true),
      (err: unknown) => reportError(err, { component: 'query-engine', action: 'starting the query worker' }),
    );
  }

  private call<T>(msg: QueryCall): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  local(search: ListingSearch, limit: number) {
    return this.call<LocalAnswer>({ op: 'local', search, limit });
  }
  async fetch(search: ListingSearch, after: string | null, limit: number, ttlMs: number, store = true) {
    // The head script's early answer, or one asked ahead at a tap, is in this page: adopted here, stored by the worker.
    const page = (await takeEarlyPage(search, after, limit)) ?? (await this.fromPage(search, after, limit));
    if (!page) return this.call<ServerPage>({ op: 'fetch', search, after, limit, ttlMs, store });
    if (store) this.record(search, after, page, ttlMs);
    return page;
  }

  /**
   * The page's own request: one asked ahead, or any until the worker has started (its chunk, then Dexie and the
   * database), which a search tapped while the app boots waited for (0.6-2.9 s at 4x CPU in bench:scale's trace).
   * Null: ask through the worker, as after a request the page could not get through. A page's origin may be
   * refused the API where its worker's is not (Chrome's local-network rules refuse 127.0.0.1 to a document a
   * test fulfilled itself); offline, the worker says so all the same.
   */
  private async fromPage(search: ListingSearch, after: string | null, limit: number): Promise<ServerPage | null> {
    if (this.pageRefused) return null;
    const ahead = this.aheadPages.take(search, after, limit);
    if (!ahead && this.started) return null;
    try {
      return await (ahead ?? searchServer(search, after, limit, this.client, after === null));
    } catch (e) {
      if (!(e instanceof ServerSearchError && e.kind === 'offline')) throw e;
      this.pageRefused = true;
      return null;
    }
  }
  record(search: ListingSearch, after: string | null, page: ServerPage, ttlMs: number) {
    this.call({ op: 'record', search, after, page, ttlMs }).catch((err: unknown) =>
      reportError(err, { component: 'query-engine', action: 'storing a search page on this device' }),
    );
  }
  tick(elapsedMs: number) {
    return this.call<string[]>({ op: 'tick', elapsedMs });
  }
  ahead(search: ListingSearch) {
    if (!this.pageRefused) this.aheadPages.ask(search);
  }
}

const engines = new WeakMap<MotorlyDb, QueryEngineApi>();

/** The engine for a database (the worker's in a browser). */
export function queryEngineFor(db: MotorlyDb, overrides: EngineOverrides = {}): QueryEngineApi {
  let engine = engines.get(db);
  if (!engine) {
    engine =
      typeof Worker === 'undefined'
        ? new QueryEngine(db, overrides)
        : new WorkerEngine(
            new Worker(new URL('./query.worker.ts', import.meta.url), { type: 'module', name: 'motorly-query' }),
            db.name,
            overrides,
          );
    engines.set(db, engine);
    if (typeof document !== 'undefined') startOpenClock(engine);
    const started = engine;
    // Held in the page too, as a search the page showed: going back to one renders it at the tap.
    storeEarlySearches((search, page) => {
      started.record(search, null, page, PASSING_TTL_MS);
      answersFor(started, db).put(answerKey(queryKey(search), search.pageSize), firstPageState(search, page));
    });
  }
  return engine;
}
