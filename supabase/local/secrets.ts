// The stack's JWT secret: generated on first boot of a data directory and kept with the data
// (PGlite: <dataDir>/motorly-secrets.json, mode 0600; PostgreSQL: table local_secrets.jwt_secret).
// The well-known demo secret only when asked for (STACK_DEMO_KEYS=1 or demoKeys), or JWT_SECRET=...
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from './types';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY, signDemoKey } from './jwt';

export const SECRETS_FILE = 'motorly-secrets.json';
export type SecretSource = 'env' | 'demo' | 'generated';

export interface StackSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  source: SecretSource;
}

export interface SecretOptions {
  /** PGlite data directory (ignored with databaseUrl); `memory://` gets a per-process secret. */
  dataDir?: string;
  databaseUrl?: string;
  /** Use the well-known demo secret and keys (default: STACK_DEMO_KEYS=1). */
  demoKeys?: boolean;
}

export function demoKeysRequested(opts: { demoKeys?: boolean } = {}): boolean {
  return opts.demoKeys ?? /^(1|true|yes|on)$/i.test(process.env.STACK_DEMO_KEYS ?? '');
}

const newSecret = () => randomBytes(48).toString('base64url');

function fileSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRETS_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${JSON.stringify({ jwt_secret: newSecret() })}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err; // another process won the race
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwt_secret?: unknown };
  if (typeof stored.jwt_secret !== 'string' || stored.jwt_secret.length < 32) {
    throw new Error(`${file} does not hold a usable jwt_secret`);
  }
  return stored.jwt_secret;
}

/** Creates (once) and reads the secret kept in a private schema of a PostgreSQL database. */
export async function databaseSecret(db: Queryable): Promise<string> {
  await db.exec(`
    create schema if not exists local_secrets;
    revoke all on schema local_secrets from public;
    create table if not exists local_secrets.jwt_secret (
      id boolean primary key default true check (id),
      secret text not null,
      created_at timestamptz not null default now()
    );
    revoke all on local_secrets.jwt_secret from public;`);
  await db.query('insert into local_secrets.jwt_secret (secret) values ($1) on conflict (id) do nothing', [
    newSecret(),
  ]);
  const { rows } = await db.query<{ secret: string }>('select secret from local_secrets.jwt_secret');
  return rows[0].secret;
}

const memorySecrets = new Map<string, string>();

async function withKeys(jwtSecret: string, source: SecretSource): Promise<StackSecrets> {
  if (jwtSecret === DEFAULT_JWT_SECRET) {
    return { jwtSecret, anonKey: DEFAULT_ANON_KEY, serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY, source };
  }
  const [anonKey, serviceRoleKey] = await Promise.all([
    signDemoKey('anon', jwtSecret),
    signDemoKey('service_role', jwtSecret),
  ]);
  return { jwtSecret, anonKey, serviceRoleKey, source };
}

/**
 * The secret and keys for a stack. `db` is needed only for a PostgreSQL store (the CLI's status
 * command passes a short-lived client).
 */
export async function resolveSecrets(opts: SecretOptions, db?: Queryable): Promise<StackSecrets> {
  if (process.env.JWT_SECRET) return withKeys(process.env.JWT_SECRET, 'env');
  if (demoKeysRequested(opts)) return withKeys(DEFAULT_JWT_SECRET, 'demo');
  if (opts.databaseUrl) {
    if (!db) throw new Error('resolveSecrets needs a database handle for DATABASE_URL');
    return withKeys(await databaseSecret(db), 'generated');
  }
  const dataDir = opts.dataDir ?? '.data/pglite';
  if (dataDir.startsWith('memory://')) {
    if (!memorySecrets.has(dataDir)) memorySecrets.set(dataDir, newSecret());
    return withKeys(memorySecrets.get(dataDir)!, 'generated');
  }
  return withKeys(fileSecret(dataDir), 'generated');
}
