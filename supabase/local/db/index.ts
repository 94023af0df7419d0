// openDb: PGlite by default (persisted in dataDir, or `memory://`), a real PostgreSQL server when
// databaseUrl is set. Both return the same Db contract (types.ts) with the same value parsing.
import type { Db } from '../types';

export type DbThread = 'worker' | 'main';

export interface OpenDbOptions {
  /** PGlite data directory (default .data/pglite); `memory://` for an in-memory database. */
  dataDir?: string;
  /** postgres:// URL: use a real server instead of PGlite. */
  databaseUrl?: string;
  /**
   * Where PGlite runs: its own worker thread (default), or `main`, the calling thread, as before
   * (a long statement then stops the HTTP server; kept to measure the difference). STACK_DB_THREAD.
   */
  thread?: DbThread;
}

export function dbThread(value = process.env.STACK_DB_THREAD): DbThread {
  return value === 'main' ? 'main' : 'worker';
}

export async function openDb(opts: OpenDbOptions = {}): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(opts.databaseUrl);
  }
  const dataDir = opts.dataDir ?? '.data/pglite';
  if ((opts.thread ?? dbThread()) === 'main') {
    const { openPglite } = await import('./pglite');
    return openPglite(dataDir);
  }
  const { openPgliteWorker } = await import('./pglite-client');
  return openPgliteWorker(dataDir);
}

export { quoteIdent } from './sql';
