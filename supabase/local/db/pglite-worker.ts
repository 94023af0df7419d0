// The PGlite worker thread: owns the database (the same adapter as in-process, pglite.ts) and
// answers the stack's requests (pglite-client.ts). One connection: a transaction holds it from its
// first statement to commit or rollback, and everything else waits its turn, in order.
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from '../types';
import { openPgliteWithTimer } from './pglite';
import { STATE, serializeError, type Reply, type Request, type WorkerData } from './worker-protocol';

const port = parentPort!;
const { dataDir, state, wasm } = workerData as WorkerData;
const running = new Float64Array(state);
const post = (m: Reply) => port.postMessage(m);

/** FIFO lock: the connection, held by one statement or one whole transaction at a time. */
class Lock {
  private held = false;
  private readonly waiting: (() => void)[] = [];
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.held = true;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // handed over: stays held
      else this.held = false;
    }
  }
}

interface OpenTx {
  handle: Promise<Queryable>;
  finish(commit: boolean): void;
  done: Promise<void>;
}

const ROLLBACK = Symbol('rollback');

async function main(): Promise<void> {
  let opened;
  try {
    opened = await openPgliteWithTimer(dataDir, wasm);
  } catch (err) {
    post({ fatal: serializeError(err) });
    return;
  }
  const { db, statementTimeoutMs, readOnly } = opened;
  const lock = new Lock();
  const txs = new Map<number, OpenTx>();
  const unlisteners = new Map<string, () => Promise<void>>();

  /** Publishes the running statement and its timeout, for the watchdog on the stack's thread. */
  const timed = async <T>(id: number, fn: () => Promise<T>): Promise<T> => {
    running[STATE.opId] = id;
    running[STATE.timeoutMs] = statementTimeoutMs();
    running[STATE.startedAt] = Date.now();
    running[STATE.busy] += 1; // a count: statements of one transaction may be queued together
    try {
      return await fn();
    } finally {
      running[STATE.busy] -= 1;
    }
  };

  const openTx = (): OpenTx => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    let gotHandle!: (tx: Queryable) => void;
    const handle = new Promise<Queryable>((resolve) => (gotHandle = resolve));
    const done = lock.run(() =>
      db.transaction(async (tx) => {
        gotHandle(tx);
        if (!(await decided)) throw ROLLBACK;
      }),
    );
    const failedToOpen = done.then(() => Promise.reject(new Error('Transaction is closed')));
    return { handle: Promise.race([handle, failedToOpen]), finish, done };
  };

  const runner = async (tx: number): Promise<Queryable> => {
    if (tx === 0) return db;
    let open = txs.get(tx);
    if (!open) txs.set(tx, (open = openTx()));
    return open.handle;
  };

  const end = async (id: number, tx: number, commit: boolean): Promise<null> => {
    const open = txs.get(tx);
    if (!open) return null; // nothing ran in it: nothing to end
    txs.delete(tx);
    open.finish(commit);
    await timed(id, () => open.done).catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
    return null;
  };

  const handle = async (req: Request): Promise<unknown> => {
    switch (req.op) {
      case 'query': {
        const run = (q: Queryable) => timed(req.id, () => q.query(req.sql, req.params, { prepare: req.prepare }));
        return req.tx === 0 ? lock.run(() => run(db)) : run(await runner(req.tx));
      }
      case 'exec': {
        const run = async (q: Queryable) => {
          await timed(req.id, () => q.exec(req.sql));
          return null;
        };
        return req.tx === 0 ? lock.run(() => run(db)) : run(await runner(req.tx));
      }
      case 'commit':
      case 'rollback':
        return end(req.id, req.tx, req.op === 'commit');
      case 'listen':
        if (!unlisteners.has(req.channel)) {
          unlisteners.set(
            req.channel,
            await db.listen(req.channel, (payload) => post({ channel: req.channel, payload })),
          );
        }
        return null;
      case 'unlisten': {
        const unlisten = unlisteners.get(req.channel);
        unlisteners.delete(req.channel);
        await unlisten?.();
        return null;
      }
      case 'close':
        await db.close();
        return null;
    }
  };

  port.on('message', (req: Request) => {
    const answer = handle(req);
    if (req.op === 'commit' && req.quiet) {
      answer.catch(() => undefined); // a quiet commit has no caller waiting; a failure shows on the next query
      return;
    }
    answer.then(
      (result) => {
        const inTx = (req.op === 'query' || req.op === 'exec') && req.tx !== 0;
        post(
          inTx ? { id: req.id, result: result as null, readOnly: readOnly() } : { id: req.id, result: result as null },
        );
        if (req.op === 'close') port.close();
      },
      (err: unknown) => post({ id: req.id, error: serializeError(err) }),
    );
  });
  post({ ready: true });
}

void main();
