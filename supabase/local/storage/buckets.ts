// /storage/v1/bucket: create, get, list, update, empty, delete. Run as the caller: storage.buckets has RLS
// and no policies, so (as on hosted Supabase by default) only the service_role key manages buckets.
import type { Context, Hono } from 'hono';
import type { Queryable } from '../types';
import { asCaller, checkBucketName, claimsFor, jsonBody, type BucketRow, type StorageContext } from './context';
import { ERR } from './errors';

type Handler = (c: Context) => Promise<Response>;

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** file_size_limit as a number of bytes, or '20MB' / '30KB' / '3B' as Storage takes it. */
function fileSizeLimit(value: unknown, max: number): number | null {
  if (value === undefined || value === null) return null;
  let bytes: number;
  if (typeof value === 'number') bytes = value;
  else {
    const m = typeof value === 'string' ? /^(\d+)\s*(B|KB|MB|GB)$/i.exec(value.trim()) : null;
    if (!m) throw ERR.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    bytes = Number(m[1]) * UNITS[m[2]!.toUpperCase()]!;
  }
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw ERR.invalidRequest('Invalid file size limit');
  if (bytes > max) throw ERR.entityTooLarge();
  return bytes;
}

function mimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(v))) {
    throw ERR.invalidRequest('allowed_mime_types must be a list of types like image/png or image/*');
  }
  return value as string[];
}

const publicBucket = (b: BucketRow) => ({
  id: b.id,
  name: b.name,
  owner: b.owner ?? '',
  public: b.public,
  type: b.type,
  file_size_limit: b.file_size_limit,
  allowed_mime_types: b.allowed_mime_types,
  created_at: b.created_at,
  updated_at: b.updated_at,
});

async function deleteAllObjects(tx: Queryable, bucketId: string): Promise<string[]> {
  const { rows } = await tx.query<{ version: string }>(
    'delete from storage.objects where bucket_id = $1 returning version',
    [bucketId],
  );
  return rows.map((r) => r.version).filter(Boolean);
}

export function bucketRoutes(app: Hono, s: StorageContext, handle: (fn: Handler) => Handler): void {
  const SORTABLE = new Set(['id', 'name', 'created_at', 'updated_at']);

  app.get(
    '/bucket',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 1000) || 1000, 1), 1000);
      const offset = Math.max(Number(c.req.query('offset') ?? 0) || 0, 0);
      const column = SORTABLE.has(c.req.query('sortColumn') ?? '') ? c.req.query('sortColumn')! : 'name';
      const order = c.req.query('sortOrder') === 'desc' ? 'desc' : 'asc';
      const search = c.req.query('search') ?? '';
      const rows = await asCaller(
        s,
        c,
        claims,
        async (tx) =>
          (
            await tx.query<BucketRow>(
              `select * from storage.buckets where strpos(lower(name), lower($1)) > 0
                order by ${column} ${order} limit ${limit} offset ${offset}`,
              [search],
            )
          ).rows,
        true,
      );
      return c.json(rows.map(publicBucket));
    }),
  );

  app.get(
    '/bucket/:id',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const id = checkBucketName(c.req.param('id'));
      const row = await asCaller(
        s,
        c,
        claims,
        async (tx) => (await tx.query<BucketRow>('select * from storage.buckets where id = $1', [id])).rows[0],
        true,
      );
      if (!row) throw ERR.noSuchBucket();
      return c.json(publicBucket(row));
    }),
  );

  app.post(
    '/bucket',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const body = await jsonBody(c);
      const id = checkBucketName(body.id ?? body.name);
      const values = [
        id,
        body.public === true,
        fileSizeLimit(body.file_size_limit, s.maxUploadBytes),
        mimeTypes(body.allowed_mime_types),
        claims.sub ?? null,
        claims.sub ?? null,
      ];
      await asCaller(s, c, claims, async (tx) => {
        const { rows } = await tx.query('select 1 from storage.buckets where id = $1', [id]);
        if (rows.length > 0) throw ERR.bucketExists();
        await tx.query(
          `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner, owner_id)
           values ($1, $1, $2, $3, $4, $5::uuid, $6::text)`,
          values,
        );
      });
      return c.json({ name: id });
    }),
  );

  app.put(
    '/bucket/:id',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const id = checkBucketName(c.req.param('id'));
      const body = await jsonBody(c);
      const values = [
        id,
        body.public === true,
        fileSizeLimit(body.file_size_limit, s.maxUploadBytes),
        mimeTypes(body.allowed_mime_types),
      ];
      const updated = await asCaller(s, c, claims, async (tx) => {
        const r = await tx.query(
          `update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now()
            where id = $1`,
          values,
        );
        return r.affectedRows;
      });
      if (updated === 0) throw ERR.noSuchBucket();
      return c.json({ message: 'Successfully updated' });
    }),
  );

  app.post(
    '/bucket/:id/empty',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const id = checkBucketName(c.req.param('id'));
      const versions = await asCaller(s, c, claims, async (tx) => {
        const { rows } = await tx.query('select 1 from storage.buckets where id = $1', [id]);
        if (rows.length === 0) throw ERR.noSuchBucket();
        return deleteAllObjects(tx, id);
      });
      for (const v of versions) await s.blobs.deleteVersion(v);
      return c.json({ message: 'Successfully emptied' });
    }),
  );

  app.delete(
    '/bucket/:id',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const id = checkBucketName(c.req.param('id'));
      await asCaller(s, c, claims, async (tx) => {
        const { rows } = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
        if (rows.length > 0) throw ERR.bucketNotEmpty();
        // An object the caller cannot see still holds the bucket (foreign key): not empty either.
        const r = await tx.query('delete from storage.buckets where id = $1', [id]).catch((err: { code?: string }) => {
          throw err.code === '23503' ? ERR.bucketNotEmpty() : err;
        });
        if (r.affectedRows === 0) throw ERR.noSuchBucket();
      });
      return c.json({ message: 'Successfully deleted' });
    }),
  );
}
