// Reading and changing stored objects: download (as the caller, public, or by signed token elsewhere),
// info, remove, move and copy. Every read or change of a row runs as the caller, so RLS decides.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import {
  asCaller,
  bucketAndKey,
  checkBucketName,
  checkKey,
  claimsFor,
  findBucket,
  findObject,
  jsonBody,
  type ObjectRow,
  type StorageContext,
} from './context';
import { logOrphan } from './blobs';
import { ERR } from './errors';
import { originalOf, send } from './serve';
import { LARGE_WIDTHS, VARIANT_WIDTHS } from './images';
import { upload } from './upload';

type Handler = (c: Context) => Promise<Response>;

const PARTS = ['original', ...[...VARIANT_WIDTHS, ...LARGE_WIDTHS].map((w) => `w${w}.webp`)];

async function copyBlobs(s: StorageContext, from: string, to: string): Promise<void> {
  for (const part of PARTS) {
    const data = await s.blobs.get(`${from}/${part}`);
    if (data) await s.blobs.put(`${to}/${part}`, data);
  }
}

function info(o: ObjectRow) {
  const m = o.metadata ?? {};
  return {
    id: o.id,
    name: o.name,
    version: o.version,
    bucket_id: o.bucket_id,
    size: m.size ?? null,
    content_type: m.mimetype ?? null,
    cache_control: m.cacheControl ?? null,
    etag: m.eTag ?? null,
    metadata: o.user_metadata ?? {},
    last_modified: o.updated_at,
    created_at: o.created_at,
  };
}

function strings(value: unknown, what: string, max: number): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max || !value.every((v) => typeof v === 'string')) {
    throw ERR.invalidRequest(`${what} must be a list of 1 to ${max} paths`);
  }
  return value as string[];
}

interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function transferBody(c: Context): Promise<Transfer> {
  const body = await jsonBody(c);
  const bucketId = checkBucketName(body.bucketId);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    bucketId,
    sourceKey: checkKey(str(body.sourceKey)),
    destinationBucket: body.destinationBucket ? checkBucketName(body.destinationBucket) : bucketId,
    destinationKey: checkKey(str(body.destinationKey)),
  };
}

export function objectRoutes(app: Hono, s: StorageContext, handle: (fn: Handler) => Handler): void {
  const download = (mode: 'caller' | 'public') =>
    handle(async (c) => {
      const prefix =
        mode === 'public'
          ? '/object/public/'
          : /\/object\/authenticated\//.test(c.req.path)
            ? '/object/authenticated/'
            : '/object/';
      const { bucketId, name } = bucketAndKey(c, prefix);
      checkKey(name);
      let object: ObjectRow;
      if (mode === 'public') {
        const bucket = await findBucket(s, bucketId);
        if (!bucket.public) throw ERR.noSuchBucket();
        object = await findObject(s.stack.db, bucketId, name);
      } else {
        const claims = await claimsFor(s, c);
        object = await asCaller(s, c, claims, (tx) => findObject(tx, bucketId, name), true);
      }
      return send(c, await originalOf(s, object), name);
    });
  app.on(['GET', 'HEAD'], '/object/public/*', download('public'));
  app.on(['GET', 'HEAD'], '/object/authenticated/*', download('caller'));

  app.get(
    '/object/info/*',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const prefix = /\/object\/info\/(authenticated|public)\//.exec(c.req.path)?.[0] ?? '/object/info/';
      const { bucketId, name } = bucketAndKey(c, prefix);
      const object = await asCaller(s, c, claims, (tx) => findObject(tx, bucketId, checkKey(name)), true);
      return c.json(info(object));
    }),
  );

  app.post(
    '/object/move',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const t = await transferBody(c);
      const moved = await asCaller(s, c, claims, async (tx) => {
        const r = await tx.query(
          `update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now()
            where bucket_id = $1 and name = $2`,
          [t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey],
        );
        return r.affectedRows;
      });
      if (moved === 0) throw ERR.noSuchKey();
      return c.json({ message: 'Successfully moved' });
    }),
  );

  app.post(
    '/object/copy',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const t = await transferBody(c);
      const version = randomUUID();
      const source = await asCaller(s, c, claims, (tx) => findObject(tx, t.bucketId, t.sourceKey), true);
      await copyBlobs(s, source.version, version);
      try {
        const id = await asCaller(s, c, claims, async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3::uuid, $4::text, $5::jsonb, $6::jsonb, $7) returning id`,
            [
              t.destinationBucket,
              t.destinationKey,
              claims.sub ?? null,
              claims.sub ?? null,
              JSON.stringify(source.metadata),
              source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
              version,
            ],
          );
          return rows[0]!.id;
        });
        return c.json({ Id: id, Key: `${t.destinationBucket}/${t.destinationKey}` });
      } catch (err) {
        await s.blobs.deleteVersion(version).catch(logOrphan(version));
        throw err;
      }
    }),
  );

  // remove(paths): DELETE /object/{bucket} with {prefixes}; answers the objects it deleted.
  app.delete(
    '/object/:bucket',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const bucketId = checkBucketName(c.req.param('bucket'));
      const names = strings((await jsonBody(c)).prefixes, 'prefixes', 1000);
      const rows = await asCaller(s, c, claims, async (tx) => {
        const r = await tx.query<ObjectRow & { owner: string | null; last_accessed_at: Date }>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
            returning id, bucket_id, name, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
          [bucketId, names],
        );
        return r.rows;
      });
      for (const r of rows) await s.blobs.deleteVersion(r.version).catch(logOrphan(r.version));
      return c.json(rows.map(({ version: _v, ...rest }) => rest));
    }),
  );

  app.delete(
    '/object/*',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const { bucketId, name } = bucketAndKey(c, '/object/');
      const rows = await asCaller(s, c, claims, async (tx) => {
        const r = await tx.query<{ version: string }>(
          'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
          [bucketId, checkKey(name)],
        );
        return r.rows;
      });
      if (rows.length === 0) throw ERR.noSuchKey();
      await s.blobs.deleteVersion(rows[0]!.version).catch(logOrphan(rows[0]!.version));
      return c.json({ message: 'Successfully deleted' });
    }),
  );

  app.post(
    '/object/*',
    handle((c) => upload(s, c, c.req.header('x-upsert') === 'true')),
  );
  app.put(
    '/object/*',
    handle((c) => upload(s, c, true)),
  );
  app.on(['GET', 'HEAD'], '/object/*', download('caller'));
}
