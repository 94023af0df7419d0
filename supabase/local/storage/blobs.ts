// Where object bytes live: files under the stack's data directory (PGlite), or the bytea table
// storage_local.blobs when the stack runs on a PostgreSQL server (DATABASE_URL). Keys are
// `<version>/<part>`: the object row's `version` (a fresh uuid per upload) and the part (`original`,
// `w640.webp`, ...). They never contain a client's path.
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../types';

export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes one object version: its original and every variant. */
  deleteVersion(version: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The catch for a blob delete after its row is gone or was never written: the answer stands, so the failure is
 * logged (an orphaned file the stack's storage keeps) rather than turned into an error for the client.
 */
export const logOrphan = (version: string) => (err: unknown) =>
  console.warn(`storage: blob ${version} not deleted: ${err instanceof Error ? err.message : String(err)}`);

const SAFE_KEY = /^[0-9a-f-]{36}(\/[a-z0-9.]+)?$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid blob key: ${key}`);
  return key;
}

export function fileBlobStore(root: string, removeOnClose = false): BlobStore {
  const file = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file, a crash leaves no torn object.
      const tmp = `${target}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async deleteVersion(prefix) {
      await rm(file(prefix), { recursive: true, force: true });
    },
    async close() {
      if (removeOnClose) await rm(root, { recursive: true, force: true });
    },
  };
}

export function dbBlobStore(db: Db): BlobStore {
  return {
    async put(key, data) {
      await db.query(
        `insert into storage_local.blobs (key, data) values ($1, $2)
           on conflict (key) do update set data = excluded.data, created_at = now()`,
        [checkKey(key), data],
      );
    },
    async get(key) {
      const { rows } = await db.query<{ data: Uint8Array }>('select data from storage_local.blobs where key = $1', [
        checkKey(key),
      ]);
      return rows[0] ? Buffer.from(rows[0].data) : null;
    },
    async deleteVersion(prefix) {
      await db.query(`delete from storage_local.blobs where key = $1 or starts_with(key, $1 || '/')`, [
        checkKey(prefix),
      ]);
    },
    async close() {},
  };
}

/** Files for PGlite (under `<dataDir>/storage-objects`, or a temporary directory for `memory://`), else the database. */
export async function openBlobStore(db: Db, dataDir: string | null): Promise<BlobStore> {
  if (db.kind === 'postgres' || dataDir === null) return dbBlobStore(db);
  if (dataDir.startsWith('memory://')) {
    return fileBlobStore(await mkdtemp(path.join(os.tmpdir(), 'motorly-storage-')), true);
  }
  return fileBlobStore(path.join(dataDir, 'storage-objects'));
}
