// openDb: PGlite by default (persisted in dataDir, or `memory://`), a real PostgreSQL server when
// databaseUrl is set. Both return the same Db contract (types.ts) with the same value parsing.
import type { Db } from '../types';

export interface OpenDbOptions {
  /** PGlite data directory (default .data/pglite); `memory://` for an in-memory database. */
  dataDir?: string;
  /** postgres:// URL: use a real server instead of PGlite. */
  databaseUrl?: string;
}

export async function openDb(opts: OpenDbOptions = {}): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(opts.dataDir ?? '.data/pglite');
}

export { quoteIdent } from './sql';
