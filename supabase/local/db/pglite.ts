// PGlite (Postgres in WebAssembly): a single connection, so every query and transaction is
// serialised by PGlite's own mutex. Nested use of `db` inside `db.transaction` would deadlock:
// code inside a transaction must use the `tx` handle.
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Db, Queryable, QueryResult } from '../types';
import { INT8_OID, NUMERIC_OID, TEXT_KEPT_OIDS, toNumber } from './sql';

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

type Runner = Pick<PGlite | Transaction, 'query' | 'exec'>;

function wrap(runner: Runner, serializers: Record<number, Serializer>): Queryable {
  return {
    async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await runner.query<Row>(sql, params, { serializers });
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0, fields: r.fields };
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
  };
}

export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir,
    extensions: { pgcrypto },
    parsers,
    relaxedDurability: true,
  });
  const serializers = serializersFor(pg);
  // Supabase's search_path: extension functions (crypt, gen_salt, ...) live in schema extensions.
  await pg.exec('set search_path to public, extensions');
  const base = wrap(pg, serializers);
  return {
    kind: 'pglite',
    ...base,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => pg.transaction((tx) => fn(wrap(tx, serializers))),
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
}
