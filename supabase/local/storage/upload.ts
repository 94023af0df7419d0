// POST /object/{bucket}/{key} (upload; x-upsert: true replaces) and PUT (update, which replaces or creates,
// as storage-api's). Order: bucket and key checks, then "may the caller write here?" asked of Postgres (RLS
// and triggers, rolled back) before a byte of the body is read, then the body (size-capped), its real type
// from its bytes, the variants, the bytes stored, and the row written as the caller.
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { JwtClaims, Queryable } from '../types';
import {
  asCaller,
  bucketAndKey,
  checkKey,
  claimsFor,
  dryRunAsCaller,
  findBucket,
  type BucketRow,
  type StorageContext,
} from './context';
import { logOrphan } from './blobs';
import { ERR } from './errors';
import { readUpload } from './body';
import { sniffImage } from './sniff';
import { makeVariants } from './images';

const UPSERT_SQL = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3::uuid, $4::text, $5::jsonb, $6::jsonb, $7)
  on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
    metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
    last_accessed_at = now()
  returning id`;
const INSERT_SQL = UPSERT_SQL.slice(0, UPSERT_SQL.indexOf('on conflict')) + 'returning id';

function writeRow(
  tx: Queryable,
  upsert: boolean,
  bucketId: string,
  name: string,
  claims: JwtClaims,
  metadata: Record<string, unknown>,
  userMetadata: Record<string, unknown> | null,
  version: string,
) {
  return tx.query<{ id: string }>(upsert ? UPSERT_SQL : INSERT_SQL, [
    bucketId,
    name,
    claims.sub ?? null,
    claims.sub ?? null,
    JSON.stringify(metadata),
    userMetadata === null ? null : JSON.stringify(userMetadata),
    version,
  ]);
}

const allows = (allowed: string[], type: string) =>
  allowed.some((a) => a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));

const DECLARED_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** The stored type: what the bytes are when they are an image; a restricted bucket trusts nothing else. */
function contentType(bucket: BucketRow, data: Buffer, declared: string): string {
  const sniffed = sniffImage(data);
  const restricted = bucket.allowed_mime_types !== null && bucket.allowed_mime_types.length > 0;
  const plainDeclared = declared.split(';')[0]!.trim().toLowerCase();
  const type =
    sniffed ?? (restricted || !DECLARED_TYPE.test(plainDeclared) ? 'application/octet-stream' : plainDeclared);
  if (restricted && !allows(bucket.allowed_mime_types!, type)) throw ERR.invalidMimeType(type);
  return type;
}

export async function upload(s: StorageContext, c: Context, upsert: boolean): Promise<Response> {
  const claims = await claimsFor(s, c);
  const { bucketId, name: raw } = bucketAndKey(c, '/object/');
  const name = checkKey(raw);
  const bucket = await findBucket(s, bucketId);
  const placeholder = { size: 0 };
  // May the caller write this key at all (RLS, per-listing limits, an existing key without upsert)?
  await dryRunAsCaller(s, c, claims, async (tx) => {
    await writeRow(tx, upsert, bucketId, name, claims, placeholder, null, randomUUID());
  });

  const limit = Math.min(bucket.file_size_limit ?? s.maxUploadBytes, s.maxUploadBytes);
  const body = await readUpload(c.req.raw, limit);
  if (body.data.byteLength === 0) throw ERR.invalidRequest('No content provided');
  const mimetype = contentType(bucket, body.data, body.declaredType);
  const image = sniffImage(body.data) ? await makeVariants(body.data) : null;

  const version = randomUUID();
  const eTag = `"${createHash('md5').update(body.data).digest('hex')}"`;
  const metadata: Record<string, unknown> = {
    eTag,
    size: body.data.byteLength,
    mimetype,
    cacheControl: body.cacheControl ?? 'max-age=3600',
    lastModified: new Date().toISOString(),
    contentLength: body.data.byteLength,
    httpStatusCode: 200,
    ...(image ? { width: image.width, height: image.height, variants: image.variants.map((v) => v.width) } : {}),
  };
  await s.blobs.put(`${version}/original`, body.data);
  for (const v of image?.variants ?? []) await s.blobs.put(`${version}/w${v.width}.webp`, v.data);

  let id: string;
  let previous: string | null;
  try {
    ({ id, previous } = await asCaller(s, c, claims, async (tx) => {
      const old = await tx.query<{ version: string }>(
        'select version from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, name],
      );
      const { rows } = await writeRow(tx, upsert, bucketId, name, claims, metadata, body.userMetadata, version);
      return { id: rows[0]!.id, previous: old.rows[0]?.version ?? null };
    }));
  } catch (err) {
    await s.blobs.deleteVersion(version).catch(logOrphan(version));
    throw err;
  }
  if (previous && previous !== version) await s.blobs.deleteVersion(previous).catch(logOrphan(previous));
  return c.json({ Id: id, Key: `${bucketId}/${name}` });
}
