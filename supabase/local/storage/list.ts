// POST /object/list/{bucket}: one "folder" level under a prefix, as storage.search answers it: files with
// their id and metadata, sub-folders as names with null id. Runs as the caller (RLS hides what it must).
import type { Context, Hono } from 'hono';
import { asCaller, checkBucketName, claimsFor, jsonBody, type StorageContext } from './context';
import { ERR } from './errors';

type Handler = (c: Context) => Promise<Response>;

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function intIn(value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw ERR.invalidRequest(`Expected an integer from ${min} to ${max}`);
  return n;
}

interface ListRow {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

export function listRoutes(app: Hono, s: StorageContext, handle: (fn: Handler) => Handler): void {
  app.post(
    '/object/list/:bucket',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const bucketId = checkBucketName(c.req.param('bucket'));
      const body = await jsonBody(c);
      const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
      const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;
      const search = typeof body.search === 'string' ? body.search : '';
      const limit = intIn(body.limit, 100, 1, 1000);
      const offset = intIn(body.offset, 0, 0, 1_000_000);
      const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
      const column = typeof sortBy.column === 'string' && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
      const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
      const rows = await asCaller(
        s,
        c,
        claims,
        async (tx) => {
          const { rows } = await tx.query<ListRow>(
            `with level as (
               select substr(o.name, char_length($2) + 1) as rest, o.*
                 from storage.objects o
                where o.bucket_id = $1 and o.name ilike $3 escape '\\'
             ), items as (
               select split_part(rest, '/', 1) as item, position('/' in rest) > 0 as folder, level.* from level
             )
             select item as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                    null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
               from items where folder group by item
             union all
             select item, id, updated_at, created_at, last_accessed_at, metadata, 1
               from items where not folder
             order by kind, ${column} ${order}, name ${order}
             limit ${limit} offset ${offset}`,
            [bucketId, prefix, `${likeEscape(prefix)}${likeEscape(search)}%`],
          );
          return rows;
        },
        true,
      );
      return c.json(rows.map(({ kind: _k, ...r }: ListRow & { kind?: number }) => r));
    }),
  );
}
