// Boot sequence, idempotent on every start: bootstrap/*.sql (roles, auth, ...) -> pending
// supabase/migrations/*.sql (tracked like the Supabase CLI) -> supabase/local/sql/*.sql (local-only,
// re-runnable) -> seed once (catalogue generator, then supabase/seed.sql).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../types';
import { runSeed } from '../seed';

const here = path.dirname(fileURLToPath(import.meta.url));
export const LOCAL_DIR = path.resolve(here, '..');
export const SUPABASE_DIR = path.resolve(LOCAL_DIR, '..');

export interface BootstrapOptions {
  seed?: boolean;
  log?: (line: string) => void;
  /** Overridable for tests. */
  migrationsDir?: string;
}

export interface BootstrapReport {
  migrationsApplied: string[];
  seeded: string[];
}

const sqlFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];

const MIGRATIONS_TABLE = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text,
  applied_at timestamptz not null default now()
);`;

export async function bootstrap(db: Db, opts: BootstrapOptions = {}): Promise<BootstrapReport> {
  const log = opts.log ?? (() => undefined);
  const bootDir = path.join(LOCAL_DIR, 'bootstrap');
  for (const f of sqlFiles(bootDir)) {
    await db.exec(readFileSync(path.join(bootDir, f), 'utf8'));
  }

  await db.exec(MIGRATIONS_TABLE);
  const migrationsDir = opts.migrationsDir ?? path.join(SUPABASE_DIR, 'migrations');
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const migrationsApplied: string[] = [];
  for (const f of sqlFiles(migrationsDir)) {
    const m = /^(\d+)_?(.*)\.sql$/.exec(f);
    if (!m) continue;
    const [, version, name] = m;
    if (applied.has(version)) continue;
    const sql = readFileSync(path.join(migrationsDir, f), 'utf8');
    await db
      .transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      })
      .catch((err: unknown) => {
        throw new Error(`Migration ${f} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      });
    migrationsApplied.push(f);
    log(`Applied migration ${f}`);
  }
  const localSqlDir = path.join(LOCAL_DIR, 'sql');
  for (const f of sqlFiles(localSqlDir)) {
    await db.exec(readFileSync(path.join(localSqlDir, f), 'utf8'));
  }

  const seeded = opts.seed === false ? [] : await runSeed(db, { supabaseDir: SUPABASE_DIR, log });
  return { migrationsApplied, seeded };
}
