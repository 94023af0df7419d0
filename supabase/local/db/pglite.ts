// PGlite (Postgres in WebAssembly): a single connection, so every query and transaction is
// serialised by PGlite's own mutex. Nested use of `db` inside `db.transaction` would deadlock:
// code inside a transaction must use the `tx` handle. The stack runs this in a worker thread
// (pglite-worker.ts); `STACK_DB_THREAD=main` runs it on the HTTP server's thread, as it used to.
import { mkdirSync } from 'node:fs';
import { PGlite, protocol, parse as pgParse, type Transaction } from '@electric-sql/pglite';

const { DatabaseError } = protocol.messages;
type DatabaseError = InstanceType<typeof DatabaseError>;
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Db, Queryable, QueryOptions, QueryResult } from '../types';
import { INT8_OID, NUMERIC_OID, TEXT_KEPT_OIDS, toNumber } from './sql';
import { timedFilesystem } from './pglite-timer';

const identity = (v: string) => v;
const parsers = {
  [INT8_OID]: toNumber,
  [NUMERIC_OID]: toNumber,
  [TEXT_KEPT_OIDS.date]: identity,
  [TEXT_KEPT_OIDS.timestamp]: identity,
  [TEXT_KEPT_OIDS.time]: identity,
  [TEXT_KEPT_OIDS.timetz]: identity,
};

type Serializer = (v: unknown) => string;

/** Strings go to Postgres verbatim (like node-pg), whatever type Postgres inferred for the parameter. */
function serializersFor(pg: PGlite): Record<number, Serializer> {
  const defaults = pg.serializers as Record<number, Serializer | undefined>;
  return new Proxy({} as Record<number, Serializer>, {
    get: (_t, prop) => {
      const oid = Number(prop);
      return (v: unknown) => {
        if (typeof v === 'string') return v;
        const s = defaults[oid];
        if (s) return s(v);
        return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      };
    },
  });
}

/**
 * Text values for a Bind message when no parameter needs its Postgres type to be serialised: strings
 * verbatim, numbers as text (what the typed serialisers produce too), null. Anything else -> null
 * (the caller takes PGlite's typed path).
 */
function plainValues(params: unknown[]): (string | null)[] | null {
  const out: (string | null)[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    if (typeof v === 'string') out[i] = v;
    else if (v === null || v === undefined) out[i] = null;
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint') out[i] = String(v);
    else return null;
  }
  return out;
}

const S = protocol.serialize;

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

type Runner = Pick<PGlite | Transaction, 'query' | 'exec'>;

/**
 * Server-side prepared statements for SQL the caller marks `prepare` (the Data API's generated
 * statements: bounded shapes, fixed result columns). PostgREST prepares its statements too: the
 * parse/analyse work is done once and Postgres may switch to a cached generic plan, which skips the
 * planner (and its relation-size probes, file-system calls under PGlite). LRU-bounded; evicted
 * statements are closed in the next message. Not transactional, so a rollback keeps them.
 */
class StatementCache {
  private readonly names = new Map<string, string>();
  private readonly toClose: string[] = [];
  private seq = 0;
  constructor(private readonly max = 256) {}

  lookup(sql: string): string | undefined {
    const name = this.names.get(sql);
    if (name !== undefined) {
      this.names.delete(sql); // refresh LRU position
      this.names.set(sql, name);
    }
    return name;
  }
  nextName(): string {
    return `motorly_s${this.seq++}`;
  }
  remember(sql: string, name: string): void {
    this.names.set(sql, name);
    if (this.names.size > this.max) {
      const [oldest, oldName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldest);
      this.toClose.push(oldName);
    }
  }
  forget(sql: string): void {
    const name = this.names.get(sql);
    if (name === undefined) return;
    this.names.delete(sql);
    this.toClose.push(name);
  }
  /** Close messages for evicted statements (sent ahead of the next statement). */
  takeCloses(): Uint8Array[] {
    return this.toClose.splice(0).map((name) => S.close({ type: 'S', name }));
  }
}

interface Shared {
  pg: PGlite;
  serializers: Record<number, Serializer>;
  statements: StatementCache;
}

/**
 * Queries whose parameters are plain text run as ONE protocol message ([Close], [Parse], Bind,
 * Describe, Execute, Sync). PGlite's own query() makes six separate calls into the WebAssembly
 * module and analyses the statement twice (a Describe of the statement first, to learn parameter
 * types), which was about 40% of a Data API request's database time.
 */
function wrap(shared: Shared, runner: Runner, inTx: Transaction | null): Queryable {
  const { pg, statements } = shared;
  const fast = async <Row>(sql: string, values: (string | null)[], prepare: boolean): Promise<QueryResult<Row>> => {
    const cached = prepare ? statements.lookup(sql) : undefined;
    const name = cached ?? (prepare ? statements.nextName() : '');
    const message = concat([
      ...statements.takeCloses(),
      ...(cached === undefined ? [S.parse({ text: sql, name })] : []),
      S.bind({ values, statement: name }),
      S.describe({ type: 'P' }),
      S.execute({}),
      S.sync(),
    ]);
    const run = () =>
      pg._runExclusiveQuery(() => pg.execProtocolStream(message, { syncToFs: inTx === null, throwOnError: false }));
    let messages;
    if (inTx) {
      if (inTx.closed) throw new Error('Transaction is closed');
      messages = await run();
    } else {
      await pg._checkReady();
      messages = await pg._runExclusiveTransaction(run);
    }
    const error = messages.find((m): m is DatabaseError => m instanceof DatabaseError);
    if (prepare && cached === undefined && messages.some((m) => m.name === 'parseComplete'))
      statements.remember(sql, name);
    if (error) {
      // 26000: the statement vanished (DEALLOCATE ALL); 0A000: DDL changed its result type
      // ("cached plan must not change result type"). Either way, prepare it afresh next time.
      if ((error.code === '26000' || error.code === '0A000') && cached !== undefined) statements.forget(sql);
      throw error;
    }
    const r = pgParse.parseResults(messages, pg.parsers)[0];
    return { rows: r.rows as Row[], affectedRows: r.affectedRows ?? 0, fields: r.fields };
  };
  return {
    async query<Row = Record<string, unknown>>(
      sql: string,
      params: unknown[] = [],
      opts?: QueryOptions,
    ): Promise<QueryResult<Row>> {
      const values = plainValues(params);
      if (values) return fast<Row>(sql, values, opts?.prepare === true);
      const r = await runner.query<Row>(sql, params, { serializers: shared.serializers });
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0, fields: r.fields };
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
  };
}

export interface OpenedPglite {
  db: Db;
  /** The session's statement_timeout in ms (0 = none), as Postgres has it now. */
  statementTimeoutMs(): number;
  /** Whether the open transaction is read-only (transaction_read_only), as Postgres has it now. */
  readOnly(): boolean;
}

export async function openPglite(dataDir: string): Promise<Db> {
  return (await openPgliteWithTimer(dataDir)).db;
}

/** `wasmModule`: PGlite's WebAssembly already compiled (a restarted worker skips the compile). */
export async function openPgliteWithTimer(dataDir: string, wasmModule?: WebAssembly.Module): Promise<OpenedPglite> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const { fs, timer } = timedFilesystem(dataDir);
  const pg = await PGlite.create({
    dataDir,
    fs,
    pgliteWasmModule: wasmModule,
    extensions: { pgcrypto },
    parsers,
    relaxedDurability: true,
  });
  const shared: Shared = { pg, serializers: serializersFor(pg), statements: new StatementCache() };
  // Supabase's search_path: extension functions (crypt, gen_salt, ...) live in schema extensions.
  await pg.exec('set search_path to public, extensions');
  const base = wrap(shared, pg, null);
  const db: Db = {
    kind: 'pglite',
    ...base,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => pg.transaction((tx) => fn(wrap(shared, tx, tx))),
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => {
        if (!pg.closed) await unsub();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
  const setting = (name: string) => (pg.closed ? null : timer.setting(pg, name));
  return {
    db,
    statementTimeoutMs: () => Number(setting('statement_timeout')) || 0,
    readOnly: () => setting('transaction_read_only') === 'on',
  };
}
