// Shared plumbing of the Storage API: who is calling (the JWT), which bucket and key a URL names, and
// running SQL as the caller (role + request.jwt.claims, exactly as the Data API does, so RLS on
// storage.objects decides) or as the stack itself (bucket lookups, serving public and signed reads).
import type { Context } from 'hono';
import type { JwtClaims, Queryable, StackContext } from '../types';
import { isApiRole, JwtError } from '../jwt';
import { setRequestContext } from '../rest/request';
import { headersForDatabase } from '../client-address';
import type { BlobStore } from './blobs';
import { ERR } from './errors';
import { readLimited } from './body';

export interface StorageContext {
  stack: StackContext;
  blobs: BlobStore;
  /** Largest object any upload may be (a bucket's file_size_limit may only lower it). */
  maxUploadBytes: number;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

export async function claimsFor(s: StorageContext, c: Context): Promise<JwtClaims> {
  const auth = c.req.header('authorization');
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  const token = m ? m[1]!.trim() : c.req.header('apikey');
  if (!token) throw ERR.invalidJwt("headers must have required property 'authorization'");
  let claims: JwtClaims;
  try {
    claims = await s.stack.verifyJwt(token);
  } catch (err) {
    if (err instanceof JwtError && err.code === 'PGRST303') throw ERR.invalidJwt('jwt expired');
    throw ERR.invalidJwt('invalid signature');
  }
  if (!isApiRole(claims.role)) throw ERR.accessDenied(`The role "${claims.role}" is not allowed`);
  return claims;
}

// Supabase Storage's key rule (S3-safe characters), plus: no empty, "." or ".." segments.
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;

export function checkKey(name: string): string {
  const segments = name.split('/');
  if (name.length > 1024 || !KEY_CHARS.test(name) || segments.some((p) => p === '' || p === '.' || p === '..')) {
    throw ERR.invalidKey(name);
  }
  return name;
}

export function checkBucketName(id: unknown): string {
  if (typeof id !== 'string' || !BUCKET_NAME.test(id) || id.trim() !== id) throw ERR.invalidBucketName();
  return id;
}

/** `<bucket>/<key...>` after `prefix` in the request's path, each segment URL-decoded. */
export function bucketAndKey(c: Context, prefix: string): { bucketId: string; name: string } {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(prefix);
  const rest = at < 0 ? '' : pathname.slice(at + prefix.length);
  let parts: string[];
  try {
    parts = rest.split('/').map((p) => decodeURIComponent(p));
  } catch {
    throw ERR.invalidKey(rest);
  }
  const bucketId = checkBucketName(parts[0]);
  return { bucketId, name: parts.slice(1).join('/') };
}

/** Runs fn in one transaction as the caller: Postgres RLS decides what it sees and may change. */
export function asCaller<T>(
  s: StorageContext,
  c: Context,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<T>,
  readOnly = false,
): Promise<T> {
  return s.stack.db.transaction(async (tx) => {
    await setRequestContext(tx, {
      claims,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      headers: headersForDatabase(c, ['authorization', 'apikey']),
      readOnly,
      statementTimeoutMs: s.stack.config.statementTimeoutMs,
    });
    return fn(tx);
  });
}

const ROLLBACK = Symbol('rollback');

/** Runs fn as the caller and always rolls back: "would RLS and the triggers allow this?" before any bytes are read. */
export async function dryRunAsCaller(
  s: StorageContext,
  c: Context,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<void>,
): Promise<void> {
  try {
    await asCaller(s, c, claims, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}

export async function findBucket(s: StorageContext, id: string): Promise<BucketRow> {
  const { rows } = await s.stack.db.query<BucketRow>('select * from storage.buckets where id = $1', [id]);
  if (!rows[0]) throw ERR.noSuchBucket();
  return rows[0];
}

const OBJECT_COLUMNS = 'id, bucket_id, name, version, metadata, user_metadata, created_at, updated_at';

/** The object as `q` may see it (a caller's transaction, or the stack's own handle). */
export async function findObject(q: Queryable, bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  if (!rows[0]) throw ERR.noSuchKey();
  return rows[0];
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  // Storage is mounted before the stack's 1 MiB body limit (uploads are larger): JSON keeps that limit here.
  const text = (await readLimited(c.req.raw, 1024 * 1024)).toString('utf8');
  try {
    const v: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw ERR.invalidRequest('Body is not valid JSON');
}
