// PGlite off the HTTP server's thread: a worker thread owns the database (pglite-worker.ts) and this
// side offers the same Db contract over messages, so a long statement no longer stops the server.
// Statement timeouts: Postgres cancels a statement itself (pglite-timer.ts); a statement that never
// gives it the chance (pure computation) is caught by the watchdog below, which stops the worker,
// answers that caller 57014 as Postgres would, and starts a new worker on the same data directory.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, QueryOptions, QueryResult } from '../types';
import { STATE, deserializeError, pgError, type Reply, type Request, type WorkerData } from './worker-protocol';

/** How late past its statement_timeout a statement may run before its worker is replaced. */
const GRACE_MS = 1000;
const WATCH_EVERY_MS = 100;

type Body = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

interface TxState {
  id: number;
  /** A statement was sent for it (else commit and rollback have nothing to do). */
  used: boolean;
  /** Some statement of it ran: it cannot move to a new worker. */
  started: boolean;
  /** Its worker was replaced mid-transaction: it is rolled back. */
  aborted: boolean;
  /** The last statement left it read-only, and none failed: its commit cannot fail. */
  readOnly: boolean;
  failed: boolean;
}

interface Pending {
  req: Request;
  tx: TxState | null;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

const timedOut = () => pgError('57014', 'canceling statement due to statement timeout');
const aborted = () =>
  pgError('25P02', 'current transaction is aborted, commands ignored until end of transaction block');
const workerLost = () => pgError('08006', 'the database worker stopped unexpectedly');

let compiled: Promise<WebAssembly.Module> | null = null;
/** Compiled once per process (off this thread: V8 compiles WebAssembly in the background). */
const pgliteWasm = (): Promise<WebAssembly.Module> =>
  (compiled ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  ));

class WorkerConnection {
  private worker: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, Pending>();
  private readonly state = new SharedArrayBuffer(STATE.size * Float64Array.BYTES_PER_ELEMENT);
  private readonly running = new Float64Array(this.state);
  private readonly watchdog: NodeJS.Timeout;
  private nextId = 1;
  private closed = false;
  private closing = false;
  /** The worker is up and nothing is queued for it: requests go straight to it. */
  private serving = false;
  readonly channels = new Map<string, Set<(payload: string) => void>>();

  constructor(private readonly dataDir: string) {
    this.watchdog = setInterval(() => this.watch(), WATCH_EVERY_MS);
    this.watchdog.unref();
  }

  async start(): Promise<void> {
    this.ready = this.spawn();
    await this.ready;
    this.serving = true;
  }

  private async spawn(): Promise<void> {
    this.running.fill(0);
    const data: WorkerData = { dataDir: this.dataDir, state: this.state, wasm: await pgliteWasm() };
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: data });
    this.worker = worker;
    let started = false;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (m: Reply) => {
        if ('ready' in m) {
          started = true;
          resolve();
        } else if ('fatal' in m) reject(deserializeError(m.fatal));
        else this.receive(m);
      });
      // After start-up an error is followed by 'exit', handled there.
      worker.on('error', reject);
      worker.once('exit', () => {
        reject(new Error('The database worker exited while starting'));
        // A worker that died while serving is replaced; one that cannot start is not retried forever.
        if (started && this.worker === worker && !this.closing) void this.replace(null);
      });
    });
  }

  private receive(m: Exclude<Reply, { ready: true } | { fatal: unknown }>): void {
    if ('channel' in m) {
      for (const fn of this.channels.get(m.channel) ?? []) fn(m.payload);
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (p.tx) {
      p.tx.started = true;
      p.tx.readOnly = 'readOnly' in m && m.readOnly === true;
      p.tx.failed ||= 'error' in m;
    }
    if ('error' in m) p.reject(deserializeError(m.error));
    else p.resolve(m.result);
  }

  call<T>(body: Body, tx: TxState | null = null): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    if (tx?.aborted) return Promise.reject(aborted());
    const req = { ...body, id: this.nextId++ } as Request;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(req.id, { req, tx, resolve: resolve as (v: unknown) => void, reject });
      if (this.worker && this.serving) this.worker.postMessage(req);
      else
        this.ready.then(
          () => this.pending.has(req.id) && this.worker?.postMessage(req),
          (err: Error) => this.pending.delete(req.id) && reject(err),
        );
    });
  }

  /** A request without an answer, sent in order with the others. */
  send(body: Body): void {
    if (this.closed) return;
    const req = { ...body, id: this.nextId++ } as Request;
    if (this.worker && this.serving) this.worker.postMessage(req);
    else
      void this.ready.then(
        () => this.worker?.postMessage(req),
        () => undefined,
      );
  }

  /** A statement past its timeout plus the grace period: its worker is stuck in computation. */
  private watch(): void {
    const r = this.running;
    if (!this.worker || this.pending.size === 0 || !r[STATE.busy] || !r[STATE.timeoutMs]) return;
    if (Date.now() > r[STATE.startedAt] + r[STATE.timeoutMs] + GRACE_MS) void this.replace(r[STATE.opId]);
  }

  /**
   * Stops the worker and starts another on the same data. The statement it was stuck in answers
   * 57014 (or 08006 when the worker died); transactions that had begun there are rolled back;
   * requests still waiting their turn are sent to the new worker.
   */
  private async replace(stuckOpId: number | null): Promise<void> {
    const old = this.worker;
    this.worker = null;
    this.serving = false;
    const culprit = stuckOpId ?? (this.running[STATE.busy] ? this.running[STATE.opId] : -1);
    const lost = stuckOpId === null ? workerLost : aborted;
    const waiting: Pending[] = [];
    for (const p of [...this.pending.values()].sort((a, b) => a.req.id - b.req.id)) {
      if (p.req.id !== culprit && !p.tx?.started && !p.tx?.aborted) {
        waiting.push(p);
        continue;
      }
      this.pending.delete(p.req.id);
      if (p.tx) p.tx.aborted = true;
      p.reject(p.req.id !== culprit ? lost() : stuckOpId === null ? workerLost() : timedOut());
    }
    this.ready = (async () => {
      await old?.terminate();
      await this.spawn();
      for (const channel of this.channels.keys()) await this.listenInWorker(channel);
    })();
    this.ready.then(
      () => {
        for (const p of waiting) if (this.pending.has(p.req.id)) this.worker?.postMessage(p.req);
        // Requests made meanwhile were queued on `ready` after these; they follow in order.
        void this.ready.then(() => (this.serving = this.worker !== null));
      },
      (err: Error) => {
        for (const p of waiting) if (this.pending.delete(p.req.id)) p.reject(err);
      },
    );
  }

  listenInWorker(channel: string): Promise<void> {
    const req: Request = { id: this.nextId++, op: 'listen', channel };
    return new Promise<void>((resolve, reject) => {
      this.pending.set(req.id, { req, tx: null, resolve: () => resolve(), reject });
      this.worker?.postMessage(req);
    });
  }

  async close(): Promise<void> {
    if (this.closed || this.closing) return;
    await this.ready.catch(() => undefined); // a database that never opened is closed all the same
    this.closing = true;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      clearInterval(this.watchdog);
      const worker = this.worker;
      this.worker = null;
      await worker?.terminate();
      for (const p of this.pending.values()) p.reject(new Error('The database is closed'));
      this.pending.clear();
    }
  }
}

function queryable(conn: WorkerConnection, tx: TxState | null): Queryable {
  const txId = tx?.id ?? 0;
  const markUsed = () => {
    if (tx) tx.used = true;
  };
  return {
    query<Row = Record<string, unknown>>(sql: string, params: unknown[] = [], opts?: QueryOptions) {
      markUsed();
      return conn.call<QueryResult<Row>>({ op: 'query', tx: txId, sql, params, prepare: opts?.prepare === true }, tx);
    },
    exec(sql: string) {
      markUsed();
      return conn.call<void>({ op: 'exec', tx: txId, sql }, tx);
    },
  };
}

export async function openPgliteWorker(dataDir: string): Promise<Db> {
  const conn = new WorkerConnection(dataDir);
  await conn.start();
  let nextTx = 1;
  return {
    kind: 'pglite',
    ...queryable(conn, null),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx: TxState = { id: nextTx++, used: false, started: false, aborted: false, readOnly: false, failed: false };
      let result: T;
      try {
        result = await fn(queryable(conn, tx));
      } catch (err) {
        // The transaction's own error is the one to throw; a failed rollback leaves it aborted either way.
        if (tx.used && !tx.aborted) await conn.call({ op: 'rollback', tx: tx.id }).catch(() => undefined);
        throw err;
      }
      if (!tx.used) return result;
      // A read-only transaction without errors commits for sure: no answer is waited for (what its
      // caller does next queues behind the commit on the worker's one connection).
      if (tx.readOnly && !tx.failed && !tx.aborted) conn.send({ op: 'commit', tx: tx.id, quiet: true });
      else await conn.call({ op: 'commit', tx: tx.id }, tx);
      return result;
    },
    async listen(channel, onPayload) {
      let handlers = conn.channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        conn.channels.set(channel, handlers);
        await conn.call({ op: 'listen', channel });
      }
      handlers.add(onPayload);
      return async () => {
        const set = conn.channels.get(channel);
        if (!set?.delete(onPayload) || set.size > 0) return;
        conn.channels.delete(channel);
        await conn.call({ op: 'unlisten', channel }).catch(() => undefined); // the connection is gone: so is the listen
      };
    },
    close: () => conn.close(),
  };
}
