// A real PostgreSQL server through node-pg: a Pool for queries and transactions, plus one dedicated
// client for LISTEN (a pooled client would lose its subscriptions when released).
import pg from 'pg';
import type { Db, Queryable, QueryResult } from '../types';
import { copyIn, type CopySource } from './copy-in';
import { INT8_OID, NUMERIC_OID, TEXT_KEPT_OIDS, quoteIdent, toNumber } from './sql';

const KEEP_TEXT = new Set<number>(Object.values(TEXT_KEPT_OIDS));

// Same value shapes as the PGlite adapter: bigint/numeric -> number, dates/timestamps -> text.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return toNumber;
    if (KEEP_TEXT.has(oid)) return (v: string) => v;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

type Client = Pick<pg.PoolClient, 'query'>;

function wrap(client: Client, canCopy = false): Queryable {
  return {
    // COPY needs one connection for its whole flow: a transaction's client, not the pool.
    ...(canCopy && { copyFrom: (sql: string, source: CopySource) => copyIn(client, sql, source) }),
    async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await client.query(sql, params);
      return {
        rows: r.rows as Row[],
        affectedRows: r.rowCount ?? 0,
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const config: pg.PoolConfig = {
    connectionString,
    max: 10,
    types,
    options: '-c search_path=public,extensions',
  };
  const pool = new pg.Pool(config);
  // An idle client's network error must not crash the process.
  pool.on('error', () => undefined);
  await pool.query('select 1');

  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listenClient = async (): Promise<pg.Client> => {
    if (listener) return listener;
    const c = new pg.Client(config);
    c.on('error', () => undefined);
    await c.connect();
    c.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    listener = c;
    return c;
  };

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client, true));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined); // the transaction's own error is the one to throw
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const c = await listenClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`listen ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(onPayload);
        if (s.size === 0) {
          handlers.delete(channel);
          await c.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined); // a closed listener listens to nothing
        }
      };
    },
    async close() {
      await listener?.end().catch(() => undefined); // closing: nothing left to tell
      listener = undefined;
      await pool.end();
    },
  };
}
